/* Capacity analysis: how many values of each buffer are live at once under
 * the ports' schedules, a value being live on [write, last read).  The
 * ports are enumerated point by point (their domains are boxes), which is
 * exact and linear in the number of accesses; a buffer whose values are all
 * read in the cycle they are written has capacity 0: a wire.  The pass
 * `ub-capacity` writes each buffer's capacity and kind (ub_classify.c) and
 * the graph's latency. */
#include "ub_internal.h"
#include "ub_passes.h"

#include <string.h>

static int64_t linear_index(const st__ub_buffer *b, const st__ub_port *p, const int64_t *x) {
	int64_t e = 0;
	for (unsigned d = 0; d < b->rank; d++)
		e = e * b->shape[d] + st__ub_aff_eval(&p->acc[d], p->ndims, x);
	return e;
}

static size_t buffer_size(const st__ub_buffer *b) {
	size_t n = 1;
	for (unsigned d = 0; d < b->rank; d++)
		n *= (size_t)b->shape[d];
	return n;
}

bool st__ub_port_each(const st__ub_model *m, const st__ub_port *p, st__ub_access_fn fn, void *ud) {
	const st__ub_buffer *b = &m->buffers[p->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	memcpy(x, p->lo, sizeof x);
	do {
		if (!fn(ud, linear_index(b, p, x), st__ub_aff_eval(&p->sched, p->ndims, x), x))
			return false;
	} while (st__ub_next_point(p->ndims, p->lo, p->hi, x));
	return true;
}

/* Writes of port p into wt (one write per element), reads into rl (the
 * latest). */
static st_status record_port(const st__ub_model *m, const st__ub_port *p, int64_t *wt, int64_t *rl) {
	const st__ub_buffer *b = &m->buffers[p->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	memcpy(x, p->lo, sizeof x);
	do {
		int64_t e = linear_index(b, p, x), t = st__ub_aff_eval(&p->sched, p->ndims, x);
		if (p->write) {
			if (wt[e] != INT64_MIN)
				return st_op_error(p->op, "element %lld of buffer '%s' is written twice (a buffer holds one "
				                          "value per element and tile)", (long long)e, b->name);
			wt[e] = t;
		} else if (t > rl[e]) {
			rl[e] = t;
		}
	} while (st__ub_next_point(p->ndims, p->lo, p->hi, x));
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

st_status st__ub_lifetimes(st__ub_model *m, size_t bi, int64_t **wtp, int64_t **rlp, size_t *np) {
	st__ub_buffer *b = &m->buffers[bi];
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

static st_status buffer_capacity(st__ub_model *m, size_t bi, int64_t *cap) {
	int64_t *wt, *rl;
	size_t n;
	if (st_failed(st__ub_lifetimes(m, bi, &wt, &rl, &n)))
		return ST_FAIL;
	st_status st = (*cap = max_live(m->ctx, wt, rl, n)) < 0 ? st_op_error(m->buffers[bi].op, "out of memory") : ST_OK;
	st_ctx_free(m->ctx, wt, n * sizeof *wt);
	st_ctx_free(m->ctx, rl, n * sizeof *rl);
	return st;
}

st_status st__ub_capacities(st__ub_model *m, int64_t *caps) {
	for (size_t b = 0; b < m->nbuffers; b++)
		if (st_failed(buffer_capacity(m, b, &caps[b])))
			return ST_FAIL;
	return ST_OK;
}

int64_t st__ub_latency(const st__ub_model *m) {
	int64_t last = -1;
	for (size_t k = 0; k < m->nports; k++) {
		const st__ub_port *p = &m->ports[k];
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

static st_status capacity_graph(st__ub_model *m, void *ud) {
	(void)ud;
	st_type *i64 = st_integer_type(m->ctx, 64, ST_SIGNLESS);
	int64_t *caps = st_ctx_alloc(m->ctx, (m->nbuffers + 1) * sizeof *caps);
	st_status st = caps ? st__ub_capacities(m, caps) : st_op_error(m->graph, "out of memory");
	if (st == ST_OK)
		st = st__ub_classify(m, caps);
	if (st == ST_OK) {
		int64_t total = 0, lat = st__ub_latency(m);
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
	(void)pass;
	return st__ub_for_each_graph(op, capacity_graph, NULL);
}

const st_pass_def st__ub_capacity_pass = {
	.name = "ub-capacity",
	.summary = "Compute each unified buffer's capacity (most values live at once) and the graph's latency",
	.run = run_capacity,
};
