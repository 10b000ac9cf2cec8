/* ub-schedule: cycle schedules of a ub graph, computed with isl
 * (docs/unified-buffers.md).  A statement is the set of ports sharing a
 * domain tuple (one kernel, or one host stream); all its ports fire at
 * t(i) = D + lin(i), its write ports `latency` cycles later.
 *
 * strategy=stencil: every statement runs at the input rate: lin is the
 * producer's schedule composed with the access of the first read port
 * (so a stage reading x+2 of a 64-wide row gets 64y + x), and D is the
 * smallest delay with which every value a statement reads is written
 * before (or in) the cycle it is read: the maximum over its read ports of
 * write time minus lin, computed by isl over the whole domain.
 * A statement with more points than that time base separates (an
 * upsampling) runs row-major over its own domain instead.
 * strategy=sequential: statements one after the other, each row-major over
 * its own domain (what extraction writes).
 * strategy=share-line: compute sharing at line granularity (see
 * plan_sharing), t = D + sum s_i p_i with one contiguous slot per shared
 * statement and coarse iteration.
 * strategy=double: coarse-grain pipelining (DNN layers, source section
 * 4.5): the outermost loop of every kernel is the tile loop; a kernel runs
 * one whole tile per period P (the largest tile), row-major inside it, and
 * starts a whole number of periods after its producers, so it works on
 * tile k while its producer fills tile k + 1: the buffers between them are
 * double buffers (ub-capacity classifies them).
 *
 * A read-modify-write statement (an accumulation's update over a rolled
 * reduction) runs one point every max(1, latency) cycles, so each term
 * reads what the one before wrote; under strategy=stencil it is row-major
 * over its own domain, and an init without read ports is timed by it (its
 * element written as the first term reads it).  A port reading a buffer
 * with several writers waits for those of the statements before it. */
#include "ub_analysis_private.h"

#include <isl/ilp.h>
#include <isl/val.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct ub_schedule_options {
	int strategy;
	const char *share;
} ub_schedule_options;

enum {
	STRATEGY_STENCIL = ST_UB_STRATEGY_STENCIL,
	STRATEGY_SEQUENTIAL = ST_UB_STRATEGY_SEQUENTIAL,
	STRATEGY_SHARE_LINE = ST_UB_STRATEGY_SHARE_LINE,
	STRATEGY_DOUBLE = ST_UB_STRATEGY_DOUBLE,
};
static const char *const strategies[] = {"stencil", "sequential", "share-line", "double", NULL};

/* { S[i..] -> [a(i)] } in the domain space of port p's schedule. */
static isl_map *aff_map(const st_ub_model_port *p, const st_ub_aff *a) {
	char buf[512];
	size_t n = 0;
	const char *name = isl_set_get_tuple_name(p->domain);
	n += (size_t)snprintf(buf + n, sizeof buf - n, "{ %s[", name);
	for (unsigned i = 0; i < p->ndims; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%si%u", i ? ", " : "", i);
	n += (size_t)snprintf(buf + n, sizeof buf - n, "] -> [%lld", (long long)a->c[0]);
	for (unsigned i = 0; i < p->ndims && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, " + %lld*i%u", (long long)a->c[1 + i], i);
	snprintf(buf + n, sizeof buf - n, "] }");
	return isl_map_intersect_domain(isl_map_read_from_str(isl_set_get_ctx(p->domain), buf), isl_set_copy(p->domain));
}

static bool same_stmt(const st_ub_model_port *a, const st_ub_model_port *b);

static bool several_writers(const st_ub_model *m, const st_ub_model_port *r) {
	size_t n = 0;
	for (size_t k = 0; k < m->nports; k++)
		n += m->ports[k].write && m->ports[k].buffer == r->buffer;
	return n > 1;
}

/* Whether write port w can give read port r its value: the buffer's only
 * writer, or (an accumulation's init and updates writing one buffer) one
 * of another statement before r in graph order, which is program order. */
static bool feeds(const st_ub_model *m, const st_ub_model_port *w, const st_ub_model_port *r) {
	return w->write && w->buffer == r->buffer && (!several_writers(m, r) || (w < r && !same_stmt(w, r)));
}

/* The write port of the buffer port r reads: the last that feeds it. */
static const st_ub_model_port *writer_of(const st_ub_model *m, const st_ub_model_port *r) {
	const st_ub_model_port *w = NULL;
	for (size_t k = 0; k < m->nports; k++)
		if (feeds(m, &m->ports[k], r) && (!w || several_writers(m, r)))
			w = &m->ports[k];
	return w;
}

/* When each point of read port r finds its value written:
 * S_w . A_w^-1 . A_r on r's domain. */
static isl_map *write_times(const st_ub_model_port *r, const st_ub_model_port *w) {
	isl_map *m = isl_map_apply_range(isl_map_copy(r->access), isl_map_reverse(isl_map_copy(w->access)));
	m = isl_map_apply_range(m, isl_map_copy(w->schedule));
	return isl_map_intersect_domain(m, isl_set_copy(r->domain));
}

static bool same_stmt(const st_ub_model_port *a, const st_ub_model_port *b) {
	const char *x = isl_set_get_tuple_name(a->domain), *y = isl_set_get_tuple_name(b->domain);
	return x && y && !strcmp(x, y);
}

static int64_t latency_of(const st_ub_model *m, const st_ub_model_port *p) {
	return p->kernel >= 0 ? m->kernels[p->kernel].latency : 0;
}

/* Gives every port of the statement of port `first` the schedule D + lin
 * (+ latency for writes). */
static void set_stmt(st_ub_model *m, size_t first, const st_ub_aff *lin, int64_t d, bool *done) {
	for (size_t k = first; k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		if (!same_stmt(p, &m->ports[first]))
			continue;
		st_ub_aff a = *lin;
		a.c[0] = d + (p->write ? latency_of(m, p) : 0);
		isl_map_free(p->schedule);
		p->schedule = aff_map(p, &a);
		st_ub_port_set_schedule_isl(p->op, p->schedule);
		st_ub_model_compile_port(m, k);
		done[k] = true;
	}
}

/* The lanes of port p: the dimensions of more than one point on which the
 * schedule it comes with does not move (ub-extract gives the unrolled
 * loops of a pipeline that takes several pixels a cycle so; a scheduled
 * graph the dimensions its schedule fires together), a bit each. */
static unsigned lanes_of(const st_ub_model_port *p) {
	unsigned m = 0;
	for (unsigned i = 0; i < p->ndims; i++)
		if (p->sched.c[1 + i] == 0 && p->hi[i] > p->lo[i])
			m |= 1u << i;
	return m;
}

/* Row-major over p's domain, one point a cycle, its lanes in one. */
static void row_major(const st_ub_model_port *p, st_ub_aff *lin, int64_t *d) {
	memset(lin, 0, sizeof *lin);
	int64_t stride = 1;
	unsigned lanes = lanes_of(p);
	*d = 0;
	for (unsigned i = p->ndims; i-- > 0;) {
		if (lanes & (1u << i))
			continue;
		lin->c[1 + i] = stride;
		*d -= stride * p->lo[i];
		stride *= p->hi[i] - p->lo[i] + 1;
	}
}

/* Whether a statement with one loop fewer than the source reads every
 * element of the source's innermost dimension at constants in one firing
 * (unsharp's gray reads the 3 channels of a pixel): the source then gives
 * them in one cycle, as lanes, so the reader runs once a cycle.  A reader
 * with a loop of its own over the channels (a DNN layer's unrolled
 * reduction under its output-channel loop) fires several times per pixel
 * anyway, and keeps the one-value-a-cycle stream. */
static bool lane_dim(const st_ub_model *m, const st_ub_model_port *p) {
	unsigned i = p->ndims - 1, r = p->rank - 1;
	int64_t ext = p->hi[i] - p->lo[i] + 1;
	if (p->ndims < 2 || p->rank != p->ndims || ext < 2 || ext > 8)
		return false;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *a = &m->ports[k];
		if (a->write || a->buffer != p->buffer || a->kernel < 0)
			continue;
		bool seen[8] = {false};
		int64_t n = 0;
		for (size_t j = k; j < m->nports; j++) {
			const st_ub_model_port *b = &m->ports[j];
			if (b->write || b->buffer != p->buffer || b->kernel != a->kernel || b->rank != p->rank ||
			    b->ndims + 1 != p->ndims)
				continue;
			bool constant = true;
			for (unsigned e = 0; e < b->ndims; e++)
				constant = constant && b->acc[r].c[1 + e] == 0;
			int64_t v = b->acc[r].c[0] - p->lo[i];
			if (constant && v >= 0 && v < ext && !seen[v]) {
				seen[v] = true;
				n++;
			}
		}
		if (n == ext)
			return true;
	}
	return false;
}

static void row_major_lanes(const st_ub_model *m, const st_ub_model_port *p, st_ub_aff *lin, int64_t *d) {
	row_major(p, lin, d);
	if (lanes_of(p) || !lane_dim(m, p))
		return;
	unsigned i = p->ndims - 1;
	int64_t ext = p->hi[i] - p->lo[i] + 1;
	*d = 0;
	for (unsigned e = 0; e < p->ndims; e++) {
		lin->c[1 + e] = e == i ? 0 : lin->c[1 + e] / ext;
		*d -= lin->c[1 + e] * p->lo[e];
	}
}

/* The input rate of the statement of port `first`: the producer's
 * schedule composed with the access of the read port that spans the most
 * loops of the statement (a weight read at [c, r] would tie the whole
 * domain to the weights' short stream), the first such port on a tie. */
static st_status input_rate(const st_ub_model *m, size_t first, const bool *done, st_ub_aff *lin) {
	int best = -1;
	for (size_t k = first; k < m->nports; k++) {
		const st_ub_model_port *r = &m->ports[k];
		const st_ub_model_port *w = r->write || !same_stmt(r, &m->ports[first]) ? NULL : writer_of(m, r);
		if (!w || !done[w - m->ports])
			continue;
		isl_map *t = write_times(r, w);
		/* Lanes fire together: the rate is the first lane's (a tap of
		 * lane 1 one pixel on reads lane 0 of the next transfer, so the
		 * times are affine per lane only). */
		unsigned lanes = lanes_of(&m->ports[first]);
		if (lanes) {
			isl_set *one = isl_set_copy(r->domain);
			for (unsigned i = 0; i < r->ndims; i++)
				if (lanes & (1u << i))
					one = isl_set_fix_si(one, isl_dim_set, i, (int)r->lo[i]);
			t = isl_map_intersect_domain(t, one);
		}
		/* Written several times (an accumulation): the last write. */
		if (several_writers(m, r))
			t = isl_map_lexmax(t);
		st_ub_aff a;
		unsigned n;
		bool ok = st__ub_affs_of(t, &n, &a);
		isl_map_free(t);
		if (!ok)
			return st_op_error(r->op, "ub-schedule: the producer's schedule is not affine on this port");
		for (unsigned i = 0; i < r->ndims; i++)
			if (lanes & (1u << i))
				a.c[1 + i] = 0;
		int spans = 0;
		for (unsigned i = 0; i < r->ndims; i++)
			spans += a.c[1 + i] != 0;
		if (spans > best) {
			best = spans;
			*lin = a;
			lin->c[0] = 0;
		}
	}
	return ST_OK;
}

/* Whether the time base lin gives every point of port p's domain a
 * cycle of its own, the dimensions it does not span aside (lanes: the
 * camera's channels fire together). */
static bool injective(const st_ub_model_port *p, const st_ub_aff *lin) {
	isl_map *t = aff_map(p, lin);
	for (unsigned i = p->ndims; i-- > 0;)
		if (!lin->c[1 + i])
			t = isl_map_project_out(t, isl_dim_in, i, 1);
	isl_bool inj = isl_map_is_injective(t);
	isl_map_free(t);
	return inj == isl_bool_true;
}

/* Raises *d to the least delay with which read port r, on time base
 * lin, finds every value of write port w written. */
static st_status delay_after(const st_ub_model_port *r, const st_ub_model_port *w, const st_ub_aff *lin, int64_t *d) {
	isl_map *t = write_times(r, w);
	isl_map *slack = isl_map_sum(t, isl_map_neg(aff_map(r, lin)));
	isl_val *v = isl_set_dim_max_val(isl_map_range(slack), 0);
	long dv = v && isl_val_is_int(v) ? isl_val_get_num_si(v) : 0;
	bool ok = v && isl_val_is_int(v);
	isl_val_free(v);
	if (!ok)
		return st_op_error(r->op, "ub-schedule: isl found no bound on the delay of this port");
	if (dv > *d)
		*d = dv;
	return ST_OK;
}

/* Whether the statement of port `first` reads and writes one buffer: a
 * read-modify-write (an accumulation's update). */
static bool rmw_stmt(const st_ub_model *m, size_t first) {
	for (size_t k = first; k < m->nports; k++)
		for (size_t j = first; j < m->nports; j++)
			if (m->ports[k].write && !m->ports[j].write && m->ports[k].buffer == m->ports[j].buffer &&
			    same_stmt(&m->ports[k], &m->ports[first]) && same_stmt(&m->ports[j], &m->ports[first]))
				return true;
	return false;
}

/* Cycles per point of a read-modify-write statement: each update of an
 * element reads what the one before wrote, `latency` cycles after it
 * fired. */
static int64_t rmw_scale(const st_ub_model *m, size_t first) {
	int64_t lat = latency_of(m, &m->ports[first]);
	return lat > 1 ? lat : 1;
}

/* Whether no term of read-modify-write statement `first`, on time base
 * lin, reads its partial sum while the term before it on that element is
 * still computing: no two points x, x' updating one element lie 1..L-1
 * cycles apart (the write of x lands L cycles after its read). */
static bool rmw_terms_apart(const st_ub_model *m, size_t first, const st_ub_aff *lin, int64_t lat) {
	bool apart = true;
	for (size_t k = first; k < m->nports && apart; k++) {
		const st_ub_model_port *w = &m->ports[k];
		if (!w->write || !same_stmt(w, &m->ports[first]))
			continue;
		for (size_t j = first; j < m->nports && apart; j++) {
			const st_ub_model_port *r = &m->ports[j];
			if (r->write || r->buffer != w->buffer || !same_stmt(r, w))
				continue;
			isl_map *dep = isl_map_apply_range(isl_map_copy(w->access), isl_map_reverse(isl_map_copy(r->access)));
			dep = isl_map_intersect_range(isl_map_intersect_domain(dep, isl_set_copy(w->domain)),
			                              isl_set_copy(r->domain));
			isl_map *gap = isl_map_sum(isl_map_apply_range(dep, aff_map(r, lin)), isl_map_neg(aff_map(w, lin)));
			char buf[96];
			snprintf(buf, sizeof buf, "{ [v] : 0 < v < %lld }", (long long)lat);
			isl_set *near = isl_set_intersect(isl_map_range(gap), isl_set_read_from_str(isl_set_get_ctx(w->domain), buf));
			apart = isl_set_is_empty(near) == isl_bool_true;
			isl_set_free(near);
		}
	}
	return apart;
}

/* The loop order of a read-modify-write statement of latency L > 1 that
 * hides L (interleaved partial sums): the reduction loops (those the
 * written element does not depend on) run inside the outer pure loops and
 * outside the fewest innermost pure loops with at least L points, so an
 * element's next term comes after that many other sums' terms, one point
 * a cycle (gemm's k outside j, a convolution's taps outside x and the
 * output channels).  With fewer than L pure points in all, the points are
 * spaced ceil(L / points) cycles apart.  `extra` more pure loops go inside
 * the reduction (stencil_stmt tries each: a gemm whose B streams in row by
 * row starts sooner with k outermost).  False when there are not that many
 * or the rule does not hold for the graph (its terms would overlap). */
static bool rmw_interleave(const st_ub_model *m, size_t first, int64_t lat, unsigned extra, st_ub_aff *lin) {
	const st_ub_model_port *p = &m->ports[first], *w = NULL;
	for (size_t k = first; k < m->nports && !w; k++)
		if (m->ports[k].write && same_stmt(&m->ports[k], p))
			w = &m->ports[k];
	if (!w)
		return false;
	bool pure[ST_UB_MAX_DIMS] = {false};
	for (unsigned i = 0; i < p->ndims; i++)
		for (unsigned a = 0; a < w->rank; a++)
			pure[i] = pure[i] || w->acc[a].c[1 + i] != 0;
	/* The innermost pure loops that give L points. */
	unsigned order[ST_UB_MAX_DIMS], n = 0;
	bool inner[ST_UB_MAX_DIMS] = {false};
	int64_t points = 1;
	for (unsigned i = p->ndims; i-- > 0 && (points < lat || extra > 0);)
		if (pure[i]) {
			extra -= points >= lat;
			inner[i] = true;
			points *= p->hi[i] - p->lo[i] + 1;
		}
	if (extra > 0)
		return false;
	for (int pass = 0; pass < 3; pass++)
		for (unsigned i = 0; i < p->ndims; i++)
			if ((pass == 0 && pure[i] && !inner[i]) || (pass == 1 && !pure[i]) || (pass == 2 && inner[i]))
				order[n++] = i;
	memset(lin, 0, sizeof *lin);
	int64_t stride = points < lat ? (lat + points - 1) / points : 1;
	for (unsigned k = n; k-- > 0;) {
		lin->c[1 + order[k]] = stride;
		stride *= p->hi[order[k]] - p->lo[order[k]] + 1;
	}
	return rmw_terms_apart(m, first, lin, lat);
}

/* Write port k of an init that the stencil strategy times by the update
 * reading it (an accumulation's `f(x) = 0`: a kernel without read ports,
 * written just when the first update reads it, instead of as early as a
 * source): the update's read port of that buffer, or NULL.  The init's
 * domain must be the update's leading dimensions, accessed alike. */
static const st_ub_model_port *deferred_init(const st_ub_model *m, size_t k) {
	const st_ub_model_port *w = &m->ports[k];
	if (!w->write || w->kernel < 0)
		return NULL;
	for (size_t j = 0; j < m->nports; j++)
		if (!m->ports[j].write && same_stmt(&m->ports[j], w))
			return NULL;
	for (size_t j = k + 1; j < m->nports; j++) {
		const st_ub_model_port *r = &m->ports[j];
		if (r->write || r->buffer != w->buffer || same_stmt(r, w))
			continue;
		size_t first = 0;
		while (!same_stmt(&m->ports[first], r))
			first++;
		bool alike = rmw_stmt(m, first) && r->ndims >= w->ndims && r->rank == w->rank &&
		             !memcmp(r->lo, w->lo, w->ndims * sizeof *w->lo) && !memcmp(r->hi, w->hi, w->ndims * sizeof *w->hi);
		for (unsigned a = 0; alike && a < r->rank; a++)
			for (unsigned i = 0; alike && i <= r->ndims; i++)
				alike = r->acc[a].c[i] == (i <= w->ndims ? w->acc[a].c[i] : 0);
		return alike ? r : NULL;
	}
	return NULL;
}

/* The latency of the init that statement `first` times (deferred_init),
 * or 0. */
static int64_t deferred_latency(const st_ub_model *m, size_t first) {
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *r = deferred_init(m, k);
		if (r && same_stmt(r, &m->ports[first]))
			return latency_of(m, &m->ports[k]);
	}
	return 0;
}

/* Raises *d to the least delay with which every read port of the
 * statement of port `first`, on time base lin, finds its values. */
static st_status read_delays(st_ub_model *m, size_t first, const bool *done, bool defer, const st_ub_aff *lin,
                             int64_t *d) {
	for (size_t k = first; k < m->nports; k++) {
		const st_ub_model_port *r = &m->ports[k];
		if (r->write || !same_stmt(r, &m->ports[first]))
			continue;
		const st_ub_model_port *w = writer_of(m, r);
		if (!w || !done[w - m->ports])
			return st_op_error(r->op, "ub-schedule: the buffer this port reads is not written by an earlier "
			                          "statement");
		/* Every other statement's writes of the element come first; a
		 * statement's own earlier writes are one point apart (rmw_scale),
		 * and an init timed by its update (retime_inits) follows it. */
		for (size_t j = 0; j < m->nports; j++) {
			w = &m->ports[j];
			if (!feeds(m, w, r) || (defer && deferred_init(m, j) == r))
				continue;
			if (st_failed(delay_after(r, w, lin, d)))
				return ST_FAIL;
		}
	}
	return ST_OK;
}

/* The earliest-finishing interleaved order of read-modify-write statement
 * `first` of latency lat (rmw_interleave with 0, 1, ... extra loops
 * inside the reduction) and its delay; false when none holds.  A tie
 * keeps the fewest loops inside (the fewest partial sums live). */
static st_status rmw_best(st_ub_model *m, size_t first, const bool *done, bool defer, int64_t lat, bool *found,
                          st_ub_aff *lin, int64_t *d) {
	const st_ub_model_port *p = &m->ports[first];
	int64_t best_end = INT64_MAX;
	*found = false;
	for (unsigned extra = 0; extra < p->ndims; extra++) {
		st_ub_aff cand;
		if (!rmw_interleave(m, first, lat, extra, &cand))
			break;
		int64_t dt = deferred_latency(m, first) - st_ub_aff_eval(&cand, p->ndims, p->lo);
		if (st_failed(read_delays(m, first, done, defer, &cand, &dt)))
			return ST_FAIL;
		int64_t end = dt + st_ub_aff_eval(&cand, p->ndims, p->hi);
		if (end < best_end) {
			best_end = end;
			*lin = cand;
			*d = dt;
			*found = true;
		}
	}
	return ST_OK;
}

/* The stencil delay of the statement of port `first`: its input-rate
 * linear part and the least D.  A read-modify-write statement runs
 * row-major over its own domain instead, one point every rmw_scale
 * cycles: a reduction the schedule keeps rolled takes a cycle per term.
 * With `defer`, the inits it times are no constraint. */
static st_status stencil_stmt(st_ub_model *m, size_t first, const bool *done, bool fixed_lin, bool defer,
                              st_ub_aff *lin, int64_t *d) {
	const st_ub_model_port *r0 = NULL;
	for (size_t k = first; k < m->nports && !r0; k++)
		if (!m->ports[k].write && same_stmt(&m->ports[k], &m->ports[first]))
			r0 = &m->ports[k];
	if (!r0) {
		/* A source (a host stream): row-major at one value per cycle, or
		 * on the given time base from its first point. */
		const st_ub_model_port *p = &m->ports[first];
		if (!fixed_lin)
			row_major_lanes(m, p, lin, d);
		else
			*d = -st_ub_aff_eval(lin, p->ndims, p->lo);
		return ST_OK;
	}
	*d = INT64_MIN;
	bool rmw = rmw_stmt(m, first);
	if (rmw && !fixed_lin) {
		bool found = false;
		if (rmw_scale(m, first) > 1 &&
		    st_failed(rmw_best(m, first, done, defer, rmw_scale(m, first), &found, lin, d)))
			return ST_FAIL;
		if (found)
			return ST_OK;
		row_major(&m->ports[first], lin, d);
		for (unsigned i = 0; i < m->ports[first].ndims; i++)
			lin->c[1 + i] *= rmw_scale(m, first);
		/* Not before cycle 0, nor before a deferred init can write. */
		*d = deferred_latency(m, first) - st_ub_aff_eval(lin, m->ports[first].ndims, m->ports[first].lo);
	} else if (!fixed_lin && st_failed(input_rate(m, first, done, lin))) {
		return ST_FAIL;
	} else if (!fixed_lin && !injective(&m->ports[first], lin)) {
		/* More points than the values read give times (an upsampling
		 * reads each value for several points): row-major over its own
		 * domain, one point a cycle, as late as its reads need. */
		row_major(&m->ports[first], lin, d);
		*d = INT64_MIN;
	}
	return read_delays(m, first, done, defer, lin, d);
}

/* Times the inits that read-modify-write statement `first` (just given
 * D + lin) defers: each writes its element `latency` cycles before the
 * update's first point on it reads it. */
static void retime_inits(st_ub_model *m, size_t first, const st_ub_aff *lin, int64_t d, bool *done) {
	if (!rmw_stmt(m, first))
		return;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *r = deferred_init(m, k);
		if (!r || !same_stmt(r, &m->ports[first]))
			continue;
		const st_ub_model_port *w = &m->ports[k];
		st_ub_aff at;
		memset(&at, 0, sizeof at);
		for (unsigned i = 0; i < r->ndims; i++) {
			if (i < w->ndims)
				at.c[1 + i] = lin->c[1 + i];
			else
				at.c[0] += lin->c[1 + i] * r->lo[i];
		}
		size_t wf = 0;
		while (!same_stmt(&m->ports[wf], w))
			wf++;
		set_stmt(m, wf, &at, d + at.c[0] - latency_of(m, w), done);
	}
}

/* Whether kernel `name` is in the ':'-separated list. */
static bool in_list(const char *list, const char *name) {
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		size_t len = strcspn(p, ":");
		if (len == n && !strncmp(p, name, n))
			return true;
		p += len + (p[len] == ':');
	}
	return false;
}

/* Compute sharing at line granularity (source section 5.2): the shared
 * statements take turns on one kernel inside each coarse iteration (the
 * outermost loop), each in one contiguous slot as long as the row its
 * producer delivers (at least its own row).  Every statement runs on the
 * time base t = D + P*i0 + (row position), P the sum of the slots; a shared
 * statement's D is the least delay at or after its stencil delay that
 * puts its row inside its slot, which starts after the slots of the
 * shared statements before it (the phase).  share[] marks the shared
 * statements' first ports; slot/phase are filled per first port. */
typedef struct share_plan {
	int64_t period;
	int64_t *slot, *phase;
	bool *shared;
} share_plan;

static int64_t inner_extent(const st_ub_model_port *p) {
	int64_t e = 1;
	for (unsigned i = 1; i < p->ndims; i++)
		e *= p->hi[i] - p->lo[i] + 1;
	return e;
}

/* A misspelt name would silently leave that kernel out of the sharing. */
static st_status check_share_names(st_ub_model *m, const char *share) {
	for (const char *p = share; p && *p;) {
		size_t len = strcspn(p, ":");
		bool found = false;
		for (size_t k = 0; k < m->nkernels && !found; k++)
			found = strlen(m->kernels[k].name) == len && !strncmp(m->kernels[k].name, p, len);
		if (!found)
			return st_op_error(m->graph, "ub-schedule: share names '%.*s', which is no kernel of the graph",
			                   (int)len, p);
		p += len + (p[len] == ':');
	}
	return ST_OK;
}

static st_status plan_sharing(st_ub_model *m, const char *share, share_plan *sp) {
	if (check_share_names(m, share) != ST_OK)
		return ST_FAIL;
	int64_t phase = 0;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		bool first = true;
		for (size_t j = 0; j < k && first; j++)
			first = !same_stmt(&m->ports[j], p);
		if (!first || p->kernel < 0 || !in_list(share, m->kernels[p->kernel].name))
			continue;
		if (p->ndims < 2)
			return st_op_error(p->op, "ub-schedule: line sharing needs at least two loops (coarse and row)");
		int64_t slot = inner_extent(p);
		for (size_t j = k; j < m->nports; j++) {
			const st_ub_model_port *r = &m->ports[j];
			const st_ub_model_port *w = r->write || !same_stmt(r, p) ? NULL : writer_of(m, r);
			if (w && inner_extent(w) > slot)
				slot = inner_extent(w);
		}
		sp->shared[k] = true;
		sp->slot[k] = slot;
		sp->phase[k] = phase;
		phase += slot;
	}
	sp->period = phase;
	if (phase == 0)
		return st_op_error(m->graph, "ub-schedule: strategy=share-line needs share=<kernel>:<kernel>... naming "
		                             "kernels of the graph");
	return ST_OK;
}

static void share_lin(const share_plan *sp, const st_ub_model_port *p, st_ub_aff *lin) {
	memset(lin, 0, sizeof *lin);
	lin->c[1] = sp->period;
	int64_t stride = 1;
	for (unsigned i = p->ndims; i-- > 1;) {
		lin->c[1 + i] = stride;
		stride *= p->hi[i] - p->lo[i] + 1;
	}
}

/* The least D' >= d that puts the statement's row in its slot. */
static int64_t into_slot(const share_plan *sp, size_t k, const st_ub_model_port *p, const st_ub_aff *lin, int64_t d) {
	int64_t row_start = lin->c[0];
	for (unsigned i = 1; i < p->ndims; i++)
		row_start += lin->c[1 + i] * p->lo[i];
	int64_t slack = sp->slot[k] - inner_extent(p), P = sp->period;
	int64_t r = ((d + row_start - sp->phase[k]) % P + P) % P;
	return r <= slack ? d : d + (P - r);
}

/* The period of the double strategy: the largest tile (the points of a
 * kernel's inner loops), every kernel needing a tile loop. */
static st_status tile_period(st_ub_model *m, int64_t *period) {
	*period = 0;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->kernel < 0)
			continue;
		if (p->ndims < 2)
			return st_op_error(p->op, "ub-schedule: strategy=double needs a tile loop outside the loops of a tile");
		if (inner_extent(p) > *period)
			*period = inner_extent(p);
	}
	return *period ? ST_OK : st_op_error(m->graph, "ub-schedule: strategy=double needs a kernel");
}

st_status st_ub_schedule(st_ub_model *m, const st_ub_schedule_options *o, int64_t *period) {
	int strategy = (int)o->strategy;
	const char *share = o->share;
	*period = 0;
	if (strategy < STRATEGY_STENCIL || strategy > STRATEGY_DOUBLE)
		return st_op_error(m->graph, "ub-schedule: unknown strategy %d", strategy);
	bool *done = st_ctx_alloc(m->ctx, (m->nports + 1) * sizeof *done);
	if (!done)
		return st_op_error(m->graph, "out of memory");
	memset(done, 0, (m->nports + 1) * sizeof *done);
	st_status st = ST_OK;
	int64_t clock = 0;
	share_plan sp = {0};
	size_t n = m->nports + 1;
	if (strategy == STRATEGY_SHARE_LINE) {
		sp.slot = st_ctx_alloc(m->ctx, n * sizeof *sp.slot);
		sp.phase = st_ctx_alloc(m->ctx, n * sizeof *sp.phase);
		sp.shared = st_ctx_alloc(m->ctx, n * sizeof *sp.shared);
		st = sp.slot && sp.phase && sp.shared ? ST_OK : st_op_error(m->graph, "out of memory");
		if (st == ST_OK) {
			memset(sp.shared, 0, n * sizeof *sp.shared);
			st = plan_sharing(m, share, &sp);
		}
	}
	int64_t tile = 0;
	if (st == ST_OK && strategy == STRATEGY_DOUBLE)
		st = tile_period(m, &tile);
	for (size_t k = 0; st == ST_OK && k < m->nports; k++) {
		if (done[k])
			continue;
		st_ub_aff lin;
		int64_t d = 0;
		if (strategy == STRATEGY_DOUBLE && m->ports[k].kernel >= 0) {
			share_plan one = {.period = tile};
			share_lin(&one, &m->ports[k], &lin);
			st = stencil_stmt(m, k, done, true, false, &lin, &d);
			/* Whole periods after the producers: tile k is read while
			 * tile k + 1 is written. */
			d = d <= 0 ? 0 : (d + tile - 1) / tile * tile;
		} else if (strategy == STRATEGY_SEQUENTIAL) {
			row_major(&m->ports[k], &lin, &d);
			int64_t scale = rmw_stmt(m, k) ? rmw_scale(m, k) : 1;
			for (unsigned i = 0; i < m->ports[k].ndims; i++)
				lin.c[1 + i] *= scale;
			d = d * scale + clock;
			int64_t lat = 0;
			for (size_t j = k; j < m->nports; j++)
				if (same_stmt(&m->ports[j], &m->ports[k]) && latency_of(m, &m->ports[j]) > lat)
					lat = latency_of(m, &m->ports[j]);
			clock += scale * st_ub_model_port_points(&m->ports[k]) + lat;
		} else if (strategy == STRATEGY_SHARE_LINE) {
			share_lin(&sp, &m->ports[k], &lin);
			st = stencil_stmt(m, k, done, true, false, &lin, &d);
			if (st == ST_OK && sp.shared[k])
				d = into_slot(&sp, k, &m->ports[k], &lin, d);
		} else {
			st = stencil_stmt(m, k, done, false, true, &lin, &d);
		}
		/* Those time bases take one point per cycle. */
		if (st == ST_OK && (strategy == STRATEGY_DOUBLE || strategy == STRATEGY_SHARE_LINE) && rmw_stmt(m, k) &&
		    rmw_scale(m, k) > 1)
			st = st_op_error(m->ports[k].op, "ub-schedule: a read-modify-write statement of latency %lld needs as "
			                                 "many cycles per point, which strategy=%s does not give",
			                 (long long)rmw_scale(m, k), strategies[strategy]);
		if (st == ST_OK)
			set_stmt(m, k, &lin, d, done);
		if (st == ST_OK && strategy == STRATEGY_STENCIL)
			retime_inits(m, k, &lin, d, done);
	}
	st_ctx_free(m->ctx, done, (m->nports + 1) * sizeof *done);
	if (sp.slot)
		st_ctx_free(m->ctx, sp.slot, n * sizeof *sp.slot);
	if (sp.phase)
		st_ctx_free(m->ctx, sp.phase, n * sizeof *sp.phase);
	if (sp.shared)
		st_ctx_free(m->ctx, sp.shared, n * sizeof *sp.shared);
	if (st == ST_OK)
		*period = sp.period ? sp.period : tile;
	return st;
}

static st_status schedule_model(st_ub_model *m, void *ud) {
	const ub_schedule_options *po = ud;
	st_ub_schedule_options o = {.strategy = (st_ub_strategy)po->strategy, .share = po->share};
	int64_t period;
	st_status st = st_ub_schedule(m, &o, &period);
	/* A shared or coarse-grained schedule repeats every period: the run
	 * lasts whole periods (and ub-capacity looks for double buffers). */
	if (st == ST_OK && period)
		st_op_set_attr(m->graph, "period", st_integer_attr(m->ctx, st_integer_type(m->ctx, 64, ST_SIGNLESS), period));
	return st;
}

static st_status run_schedule(st_pass *pass, st_op *op) {
	return st_ub_for_each_graph(op, schedule_model, (void *)st_pass_options(pass));
}

static const st_pass_option_def schedule_opts[] = {
	{.name = "strategy",
	 .summary = "stencil (every stage at the input rate, delayed by its stencil), sequential, share-line, or double "
	            "(one tile per period, double buffers between the stages)",
	 .kind = ST_PASS_OPT_ENUM,
	 .default_value = "stencil",
	 .offset = offsetof(ub_schedule_options, strategy),
	 .cases = strategies},
	{.name = "share",
	 .summary = "share-line: the kernels sharing one compute unit, ':'-separated, in their turn order",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(ub_schedule_options, share)},
};

const st_pass_def st__ub_schedule_pass = {
	.name = "ub-schedule",
	.summary = "Schedule the ports of each unified-buffer graph with isl",
	.options = schedule_opts,
	.noptions = 2,
	.options_size = sizeof(ub_schedule_options),
	.run = run_schedule,
};
