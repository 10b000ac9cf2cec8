/* Capacity analysis: how many values of each buffer are live at once under
 * the ports' schedules, a value being live on [write, last read).  A
 * stream's or an accumulation's capacity has a closed form
 * (ub_capacity_isl.c) whose cost does not grow with the extents; other
 * buffers (lanes, several writes of an element, schedules isl cannot
 * bound) are enumerated point by point (their domains are boxes),
 * exact and linear in the number of accesses, bounded by the limit
 * ub-enumerated-accesses, and marked `enumerated`.  A buffer whose values
 * are all read in the cycle they are written has capacity 0: a wire.  The
 * pass `ub-capacity` writes each buffer's capacity and kind (ub_classify.c)
 * and the graph's latency. */
#include "ub_analysis_private.h"

#include "strata/limit.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static int64_t linear_index(const st_ub_model_buffer *b, const st_ub_model_port *p, const int64_t *x) {
	int64_t e = 0;
	for (unsigned d = 0; d < b->rank; d++)
		e = e * b->shape[d] + st_ub_aff_eval(&p->acc[d], p->ndims, x);
	return e;
}

static size_t buffer_size(const st_ub_model_buffer *b) {
	size_t n = 1;
	for (unsigned d = 0; d < b->rank; d++)
		n *= (size_t)b->shape[d];
	return n;
}

bool st_ub_model_port_each(const st_ub_model *m, const st_ub_model_port *p, st_ub_access_fn fn, void *ud) {
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	memcpy(x, p->lo, sizeof x);
	do {
		if (!fn(ud, linear_index(b, p, x), st_ub_aff_eval(&p->sched, p->ndims, x), x))
			return false;
	} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	return true;
}

/* Writes of port p into wt (one write per element), reads into rl (the
 * latest). */
static st_status record_port(const st_ub_model *m, const st_ub_model_port *p, int64_t *wt, int64_t *rl) {
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	memcpy(x, p->lo, sizeof x);
	do {
		int64_t e = linear_index(b, p, x), t = st_ub_aff_eval(&p->sched, p->ndims, x);
		if (p->write) {
			if (wt[e] != INT64_MIN)
				return st_op_error(p->op, "element %lld of buffer '%s' is written twice (a buffer holds one "
				                          "value per element and tile)", (long long)e, b->name);
			wt[e] = t;
		} else if (t > rl[e]) {
			rl[e] = t;
		}
	} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	return ST_OK;
}

/* The most values live at once: +1 at each write, -1 at each last read,
 * a cycle's -1s counted before its +1s (half-open intervals).  The
 * changes go into an array over the cycles the buffer is live in, so the
 * sweep is linear in the number of values plus cycles. */
static int64_t max_live(st_context *ctx, const int64_t *wt, const int64_t *rl, size_t n) {
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	for (size_t e = 0; e < n; e++) {
		if (wt[e] == INT64_MIN || rl[e] <= wt[e])
			continue;
		lo = wt[e] < lo ? wt[e] : lo;
		hi = rl[e] > hi ? rl[e] : hi;
	}
	if (lo > hi)
		return 0;
	size_t span = (size_t)(hi - lo) + 1;
	int32_t *births = st_ctx_alloc(ctx, span * sizeof *births), *deaths = st_ctx_alloc(ctx, span * sizeof *deaths);
	if (!births || !deaths) {
		if (births)
			st_ctx_free(ctx, births, span * sizeof *births);
		if (deaths)
			st_ctx_free(ctx, deaths, span * sizeof *deaths);
		return -1;
	}
	memset(births, 0, span * sizeof *births);
	memset(deaths, 0, span * sizeof *deaths);
	for (size_t e = 0; e < n; e++) {
		if (wt[e] == INT64_MIN || rl[e] <= wt[e])
			continue;
		births[wt[e] - lo]++;
		deaths[rl[e] - lo]++;
	}
	int64_t live = 0, best = 0;
	for (size_t t = 0; t < span; t++) {
		live += births[t] - deaths[t];
		if (live > best)
			best = live;
	}
	st_ctx_free(ctx, births, span * sizeof *births);
	st_ctx_free(ctx, deaths, span * sizeof *deaths);
	return best;
}

st_status st_ub_lifetimes(st_ub_model *m, size_t bi, int64_t **wtp, int64_t **rlp, size_t *np) {
	st_ub_model_buffer *b = &m->buffers[bi];
	size_t n = buffer_size(b);
	int64_t *wt = st_ctx_alloc(m->ctx, n * sizeof *wt), *rl = st_ctx_alloc(m->ctx, n * sizeof *rl);
	st_status st = wt && rl ? ST_OK : st_op_error(b->op, "out of memory");
	for (size_t e = 0; wt && rl && e < n; e++)
		wt[e] = rl[e] = INT64_MIN;
	for (size_t k = 0; st == ST_OK && k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && m->ports[k].write)
			st = record_port(m, &m->ports[k], wt, rl);
	for (size_t k = 0; st == ST_OK && k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && !m->ports[k].write)
			st = record_port(m, &m->ports[k], wt, rl);
	for (size_t e = 0; st == ST_OK && e < n; e++) {
		if (rl[e] != INT64_MIN && wt[e] == INT64_MIN)
			st = st_op_error(b->op, "element %zu of buffer '%s' is read but never written", e, b->name);
		else if (rl[e] != INT64_MIN && rl[e] < wt[e])
			st = st_op_error(b->op, "element %zu of buffer '%s' is read at cycle %lld, before it is written at "
			                        "cycle %lld", e, b->name, (long long)rl[e], (long long)wt[e]);
	}
	if (st == ST_OK) {
		*wtp = wt;
		*rlp = rl;
		*np = n;
		return ST_OK;
	}
	if (wt)
		st_ctx_free(m->ctx, wt, n * sizeof *wt);
	if (rl)
		st_ctx_free(m->ctx, rl, n * sizeof *rl);
	return ST_FAIL;
}

/* ------------------------------------------- values of an accumulation */

static bool same_stmt(const st_ub_model_port *a, const st_ub_model_port *b) {
	const char *x = isl_set_get_tuple_name(a->domain), *y = isl_set_get_tuple_name(b->domain);
	return x && y && !strcmp(x, y);
}

bool st_ub_is_accumulation(const st_ub_model *m, size_t bi) {
	for (size_t k = 0; k < m->nports; k++)
		for (size_t j = 0; j < m->nports; j++)
			if (m->ports[k].buffer == (int)bi && m->ports[j].buffer == (int)bi && m->ports[k].write &&
			    !m->ports[j].write && m->ports[k].kernel >= 0 && same_stmt(&m->ports[k], &m->ports[j]))
				return true;
	return false;
}

/* One access of the buffer, in the order ub-simulate performs them:
 * by cycle; the writes of earlier firings (latency >= 1) first; then by
 * statement (graph order), a statement's reads before its own writes. */
typedef struct access {
	int64_t t, elem, point;
	uint32_t stmt, port;
	bool write, early;
} access;

static int cmp_access(const void *pa, const void *pb) {
	const access *a = pa, *b = pb;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->early != b->early)
		return a->early ? -1 : 1;
	if (a->stmt != b->stmt)
		return a->stmt < b->stmt ? -1 : 1;
	if (a->write != b->write)
		return a->write ? 1 : -1;
	if (a->port != b->port)
		return a->port < b->port ? -1 : 1;
	return (a->point > b->point) - (a->point < b->point);
}

/* Program order: statement by statement (graph order), each over its
 * domain row-major, a point's reads before its writes. */
static int cmp_program(const void *pa, const void *pb) {
	const access *a = pa, *b = pb;
	if (a->stmt != b->stmt)
		return a->stmt < b->stmt ? -1 : 1;
	if (a->point != b->point)
		return a->point < b->point ? -1 : 1;
	if (a->write != b->write)
		return a->write ? 1 : -1;
	return (a->port > b->port) - (a->port < b->port);
}

typedef struct collect {
	access *ev;
	size_t n;
	uint32_t stmt, port;
	bool write, early;
	int64_t point;
} collect;

static bool collect_access(void *ud, int64_t elem, int64_t t, const int64_t *x) {
	(void)x;
	collect *c = ud;
	c->ev[c->n++] = (access){.t = t, .elem = elem, .point = c->point++, .stmt = c->stmt, .port = c->port,
	                         .write = c->write, .early = c->early};
	return true;
}

static const char *stmt_name(const st_ub_model_port *p) { return isl_set_get_tuple_name(p->domain); }

/* Each read must find the value the program gives it: the one the
 * statements, run one after the other, last wrote before it (an update
 * reads what the term before wrote, not a value timed past it, nor one
 * already replaced).  ev is scratch; writer[] receives each value's write
 * port. */
static st_status check_program_order(st_ub_model *m, size_t bi, st_ub_values *v, access *ev, size_t n,
                                     int64_t *cur, uint32_t *writer) {
	for (size_t i = 0; i < n; i++)
		if (ev[i].write)
			writer[v->of_port[ev[i].port][ev[i].point]] = ev[i].port;
	qsort(ev, n, sizeof *ev, cmp_program);
	for (size_t e = 0; e < buffer_size(&m->buffers[bi]); e++)
		cur[e] = -1;
	for (size_t i = 0; i < n; i++) {
		const access *a = &ev[i];
		int64_t got = v->of_port[a->port][a->point];
		if (a->write) {
			cur[a->elem] = got;
			continue;
		}
		int64_t want = cur[a->elem];
		const st_ub_model_port *r = &m->ports[a->port], *w = want >= 0 ? &m->ports[writer[want]] : NULL;
		const char *b = m->buffers[bi].name;
		/* Values are numbered in the order they are written. */
		if (w && got > want)
			return st_op_error(r->op, "element %zu of buffer '%s' read at cycle %lld needs the value '%s' wrote at "
			                          "cycle %lld, which '%s' overwrites at cycle %lld",
			                   (size_t)a->elem, b, (long long)a->t, stmt_name(w), (long long)v->wt[want],
			                   stmt_name(&m->ports[writer[got]]), (long long)v->wt[got]);
		if (w && got < want)
			return st_op_error(r->op, "element %zu of buffer '%s' read at cycle %lld needs the value '%s' writes "
			                          "later, at cycle %lld",
			                   (size_t)a->elem, b, (long long)a->t, stmt_name(w), (long long)v->wt[want]);
	}
	return ST_OK;
}

/* The accesses of buffer bi in order, each write a new value. */
static st_status accumulation_values(st_ub_model *m, size_t bi, st_ub_values *v) {
	const st_ub_model_buffer *b = &m->buffers[bi];
	size_t nev = 0, nelem = buffer_size(b);
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi) {
			nev += (size_t)st_ub_model_port_points(&m->ports[k]);
			v->n += m->ports[k].write ? (size_t)st_ub_model_port_points(&m->ports[k]) : 0;
		}
	collect c = {.ev = st_ctx_alloc(m->ctx, (nev ? nev : 1) * sizeof *c.ev)};
	int64_t *cur = st_ctx_alloc(m->ctx, nelem * sizeof *cur);
	v->wt = st_ctx_alloc(m->ctx, (v->n ? v->n : 1) * sizeof *v->wt);
	v->rl = st_ctx_alloc(m->ctx, (v->n ? v->n : 1) * sizeof *v->rl);
	v->elem = st_ctx_alloc(m->ctx, (v->n ? v->n : 1) * sizeof *v->elem);
	st_status st = c.ev && cur && v->wt && v->rl && v->elem ? ST_OK : st_op_error(b->op, "out of memory");
	for (size_t k = 0; st == ST_OK && k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi)
			continue;
		v->of_port[k] = st_ctx_alloc(m->ctx, (size_t)st_ub_model_port_points(&m->ports[k]) * sizeof **v->of_port);
		if (!v->of_port[k])
			st = st_op_error(b->op, "out of memory");
		c.stmt = (uint32_t)k;
		for (size_t j = 0; j < k && c.stmt == k; j++)
			if (same_stmt(&m->ports[j], &m->ports[k]))
				c.stmt = (uint32_t)j;
		c.port = (uint32_t)k;
		c.write = m->ports[k].write;
		c.early = c.write && m->ports[k].kernel >= 0 && m->kernels[m->ports[k].kernel].latency > 0;
		c.point = 0;
		st_ub_model_port_each(m, &m->ports[k], collect_access, &c);
	}
	if (st == ST_OK)
		qsort(c.ev, c.n, sizeof *c.ev, cmp_access);
	for (size_t e = 0; st == ST_OK && e < nelem; e++)
		cur[e] = -1;
	size_t nv = 0;
	for (size_t i = 0; st == ST_OK && i < c.n; i++) {
		const access *a = &c.ev[i];
		if (a->write) {
			v->wt[nv] = a->t;
			v->rl[nv] = INT64_MIN;
			v->elem[nv] = a->elem;
			cur[a->elem] = (int64_t)nv;
			v->of_port[a->port][a->point] = (int64_t)nv++;
			continue;
		}
		int64_t val = cur[a->elem];
		if (val < 0) {
			int64_t first = INT64_MIN;
			for (size_t j = i + 1; j < c.n && first == INT64_MIN; j++)
				first = c.ev[j].write && c.ev[j].elem == a->elem ? c.ev[j].t : INT64_MIN;
			st = first == INT64_MIN ? st_op_error(b->op, "element %zu of buffer '%s' is read but never written",
			                                      (size_t)a->elem, b->name)
			                        : st_op_error(b->op, "element %zu of buffer '%s' is read at cycle %lld, before it "
			                                             "is written at cycle %lld",
			                                      (size_t)a->elem, b->name, (long long)a->t, (long long)first);
			break;
		}
		v->rl[val] = a->t;
		v->of_port[a->port][a->point] = val;
	}
	uint32_t *writer = st == ST_OK ? st_ctx_alloc(m->ctx, (v->n ? v->n : 1) * sizeof *writer) : NULL;
	if (st == ST_OK)
		st = writer ? check_program_order(m, bi, v, c.ev, c.n, cur, writer) : st_op_error(b->op, "out of memory");
	if (writer)
		st_ctx_free(m->ctx, writer, (v->n ? v->n : 1) * sizeof *writer);
	if (c.ev)
		st_ctx_free(m->ctx, c.ev, (nev ? nev : 1) * sizeof *c.ev);
	if (cur)
		st_ctx_free(m->ctx, cur, nelem * sizeof *cur);
	return st;
}

st_status st_ub_values_of(st_ub_model *m, size_t bi, st_ub_values *v) {
	memset(v, 0, sizeof *v);
	if (!st_ub_is_accumulation(m, bi))
		return st_ub_lifetimes(m, bi, &v->wt, &v->rl, &v->n);
	v->nports = m->nports;
	v->of_port = st_ctx_alloc(m->ctx, (m->nports ? m->nports : 1) * sizeof *v->of_port);
	if (!v->of_port)
		return st_op_error(m->buffers[bi].op, "out of memory");
	memset(v->of_port, 0, (m->nports ? m->nports : 1) * sizeof *v->of_port);
	if (accumulation_values(m, bi, v) == ST_OK)
		return ST_OK;
	st_ub_values_free(m, v);
	return ST_FAIL;
}

void st_ub_values_free(st_ub_model *m, st_ub_values *v) {
	size_t n = v->n ? v->n : 1;
	if (v->wt)
		st_ctx_free(m->ctx, v->wt, n * sizeof *v->wt);
	if (v->rl)
		st_ctx_free(m->ctx, v->rl, n * sizeof *v->rl);
	if (v->elem)
		st_ctx_free(m->ctx, v->elem, n * sizeof *v->elem);
	for (size_t k = 0; v->of_port && k < v->nports; k++)
		if (v->of_port[k])
			st_ctx_free(m->ctx, v->of_port[k], (size_t)st_ub_model_port_points(&m->ports[k]) * sizeof **v->of_port);
	if (v->of_port)
		st_ctx_free(m->ctx, v->of_port, (v->nports ? v->nports : 1) * sizeof *v->of_port);
	memset(v, 0, sizeof *v);
}

const st_limit_def st__ub_enumerated_limit = {
	.name = "ub-enumerated-accesses",
	.summary = "accesses of one unified buffer that ub-capacity enumerates when it has no closed form",
	.value = (int64_t)1 << 28,
};

/* The accesses of buffer bi, or -1 beyond int64_t. */
static int64_t buffer_accesses(const st_ub_model *m, size_t bi) {
	int64_t n = 0;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		int64_t pts = 1;
		for (unsigned d = 0; d < p->ndims; d++)
			if (!st_mul_size(pts, p->hi[d] - p->lo[d] + 1, &pts))
				return -1;
		if (p->buffer == (int)bi && (n += pts) < 0)
			return -1;
	}
	return n;
}

/* Whether a port of buffer bi runs its loops in another order than its
 * domain's (an interleaved accumulation, ub_schedule.c): a cycle stride
 * above the one of a loop outside it.  Its last reads fall in many pieces,
 * over which isl's closed form took minutes where enumerating the accesses
 * took a tenth of a second (a 12x12 3x3 convolution layer's input). */
static bool out_of_order(const st_ub_model *m, size_t bi) {
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		int64_t outer = 0;
		for (unsigned d = 0; p->buffer == (int)bi && d < p->ndims; d++) {
			int64_t c = p->sched.c[1 + d];
			if (p->hi[d] == p->lo[d] || c == 0)
				continue;
			if (outer && c > outer)
				return true;
			outer = c;
		}
	}
	return false;
}

/* Enumerates the accesses of buffer bi within the limit. */
static st_status enumerated_capacity(st_ub_model *m, size_t bi, int64_t *cap) {
	int64_t n = buffer_accesses(m, bi), most = st_context_limit(m->ctx, &st__ub_enumerated_limit);
	if (n < 0 || n > most) {
		char hint[160];
		return st_op_error(m->buffers[bi].op, "the capacity of buffer '%s' has no closed form (that needs write "
		                                      "ports writing one value a cycle in row-major order: a stream, or an "
		                                      "accumulation whose reads get their values in program order) and its "
		                                      "%lld accesses are too many to enumerate %s",
		                   m->buffers[bi].name, (long long)n,
		                   st_limit_hint(m->ctx, &st__ub_enumerated_limit, hint, sizeof hint));
	}
	st_ub_values v;
	if (st_failed(st_ub_values_of(m, bi, &v)))
		return ST_FAIL;
	st_status st = (*cap = max_live(m->ctx, v.wt, v.rl, v.n)) < 0 ? st_op_error(m->buffers[bi].op, "out of memory")
	                                                              : ST_OK;
	st_ub_values_free(m, &v);
	return st;
}

static st_status buffer_capacity(st_ub_model *m, size_t bi, st_ub_capacity_method method, int64_t *cap,
                                 bool *enumerated) {
	*enumerated = false;
	int64_t n = buffer_accesses(m, bi);
	bool cheap = n >= 0 && n <= st_context_limit(m->ctx, &st__ub_enumerated_limit);
	if (method != ST_UB_CAPACITY_ENUMERATE && !(cheap && out_of_order(m, bi)) && st__ub_capacity_closed(m, bi, cap))
		return ST_OK;
	*enumerated = true;
	return enumerated_capacity(m, bi, cap);
}

st_status st_ub_capacities(st_ub_model *m, int64_t *caps) {
	bool enumerated;
	for (size_t b = 0; b < m->nbuffers; b++)
		if (st_failed(buffer_capacity(m, b, ST_UB_CAPACITY_AUTO, &caps[b], &enumerated)))
			return ST_FAIL;
	return ST_OK;
}

int64_t st_ub_latency(const st_ub_model *m) {
	int64_t last = -1;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		/* An affine function of a box is largest at a corner. */
		int64_t t = p->sched.c[0];
		for (unsigned d = 0; d < p->ndims; d++)
			t += p->sched.c[1 + d] * (p->sched.c[1 + d] > 0 ? p->hi[d] : p->lo[d]);
		if (t > last)
			last = t;
	}
	return last + 1;
}

/* ---------------------------------------------------------------- the pass */

typedef struct capacity_options {
	int method; /* st_ub_capacity_method */
} capacity_options;

static st_status capacity_graph(st_ub_model *m, void *ud) {
	const capacity_options *o = ud;
	st_type *i64 = st_integer_type(m->ctx, 64, ST_SIGNLESS);
	int64_t *caps = st_ctx_alloc(m->ctx, (m->nbuffers + 1) * sizeof *caps);
	st_status st = caps ? ST_OK : st_op_error(m->graph, "out of memory");
	for (size_t b = 0; st == ST_OK && b < m->nbuffers; b++) {
		bool enumerated;
		st = buffer_capacity(m, b, (st_ub_capacity_method)o->method, &caps[b], &enumerated);
		if (enumerated)
			st_op_set_attr(m->buffers[b].op, "enumerated", st_unit_attr(m->ctx));
		else
			st_op_remove_attr(m->buffers[b].op, "enumerated");
	}
	if (st == ST_OK)
		st = st_ub_classify(m, caps);
	if (st == ST_OK) {
		int64_t total = 0, lat = st_ub_latency(m);
		for (size_t b = 0; b < m->nbuffers; b++) {
			st_op_set_attr(m->buffers[b].op, "capacity", st_integer_attr(m->ctx, i64, caps[b]));
			total += caps[b];
		}
		/* A shared schedule runs in whole coarse periods. */
		st_attr *period = st_op_get_attr(m->graph, "period");
		int64_t p = period && st_attr_get_kind(period) == ST_ATTR_INTEGER ? st_attr_int_value(period) : 0;
		if (p > 0)
			lat = (lat + p - 1) / p * p;
		st_op_set_attr(m->graph, "latency", st_integer_attr(m->ctx, i64, lat));
		st_op_set_attr(m->graph, "memory", st_integer_attr(m->ctx, i64, total));
	}
	if (caps)
		st_ctx_free(m->ctx, caps, (m->nbuffers + 1) * sizeof *caps);
	return st;
}

static st_status run_capacity(st_pass *pass, st_op *op) {
	return st_ub_for_each_graph(op, capacity_graph, (void *)st_pass_options(pass));
}

static const char *const capacity_methods[] = {"auto", "enumerate", NULL};

static const st_pass_option_def capacity_opts[] = {
	{.name = "method",
	 .summary = "auto: the closed form where it applies, else enumeration; enumerate: every buffer's accesses "
	            "(the reference the closed form is tested against)",
	 .kind = ST_PASS_OPT_ENUM,
	 .default_value = "auto",
	 .offset = offsetof(capacity_options, method),
	 .cases = capacity_methods},
};

const st_pass_def st__ub_capacity_pass = {
	.name = "ub-capacity",
	.summary = "Compute each unified buffer's capacity (most values live at once) and the graph's latency",
	.run = run_capacity,
	.options = capacity_opts,
	.noptions = 1,
	.options_size = sizeof(capacity_options),
};
