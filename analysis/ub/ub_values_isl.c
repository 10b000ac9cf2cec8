/* The values of a buffer as isl relations (issue 24), for the closed
 * forms of the capacity (ub_capacity_isl.c) and of a random-access
 * buffer's address window (ub_map_window.c): per write port, the cycle
 * each point writes its value and the cycle that value is last read, so
 * that no analysis has to walk the schedule.
 *
 * Two classes of buffers are covered.  A stream (one write port writing
 * each element once, in schedule order) has one value per element, last
 * read by the latest read of that element.  An accumulation (a statement
 * reads and writes the buffer: init, read-modify-write updates, read-out)
 * has one value per write; which value a read gets is a dataflow problem
 * that isl solves exactly (isl_union_access_info_compute_flow): under the
 * schedule in cycles, ordered within a cycle as ub-simulate acts (earlier
 * firings' writes first, then statements in graph order, a statement's
 * reads before its writes), and in program order (statement after
 * statement, row-major).  The two dataflows must agree, which is the
 * check the enumeration makes value by value (ub_capacity.c): a read gets
 * the value the program gives it.  Anything else, or isl running out of
 * its operation budget, leaves the buffer to the enumeration, which also
 * gives the located errors. */
#include "ub_analysis_private.h"

#include "strata/support.h"

#include <isl/flow.h>
#include <isl/local_space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdio.h>
#include <string.h>

isl_aff *st__ub_box_index(isl_space *space, unsigned ndims, const int64_t *lo, const int64_t *hi) {
	isl_ctx *ic = isl_space_get_ctx(space);
	isl_aff *a = isl_aff_zero_on_domain(isl_local_space_from_space(space));
	int64_t stride = 1, off = 0, l = 0;
	bool ok = true;
	for (unsigned d = ndims; ok && d-- > 0;) {
		a = isl_aff_set_coefficient_val(a, isl_dim_in, (int)d, isl_val_int_from_si(ic, stride));
		/* Boxes of a verified graph have bounds far below these. */
		ok = lo[d] >= 0 && st_mul_size(stride, lo[d], &l) && l <= INT64_MAX / 4 - off &&
		     st_mul_size(stride, hi[d] - lo[d] + 1, &stride);
		off += ok ? l : 0;
	}
	if (!ok) {
		isl_aff_free(a);
		return NULL;
	}
	return isl_aff_set_constant_val(a, isl_val_int_from_si(ic, -off));
}

/* ------------------------------------------------------------ a stream */

/* The write point -> last read relation of a stream; false when some read
 * reaches an element the write port does not write or reads it before its
 * write (the enumeration reports those). */
static bool stream_relations(const st_ub_model *m, size_t bi, const st_ub_model_port *w, st__ub_writer *r) {
	isl_map *wacc = st__ub_on_domain(w, w->access);
	isl_map *reads = NULL;
	bool ok = isl_map_is_injective(wacc) == isl_bool_true;
	isl_set *written = isl_map_range(isl_map_copy(wacc));
	for (size_t k = 0; ok && k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi || p->write)
			continue;
		isl_map *racc = st__ub_on_domain(p, p->access);
		isl_set *elems = isl_map_range(isl_map_copy(racc));
		ok = isl_set_is_subset(elems, written) == isl_bool_true;
		isl_set_free(elems);
		isl_map *x2t = isl_map_apply_range(isl_map_apply_range(isl_map_copy(wacc), isl_map_reverse(racc)),
		                                   st__ub_on_domain(p, p->schedule));
		reads = reads ? isl_map_union(reads, x2t) : x2t;
		ok = ok && reads;
	}
	isl_set_free(written);
	isl_map_free(wacc);
	r->wt = st__ub_on_domain(w, w->schedule);
	if (!ok || !r->wt)
		return isl_map_free(reads), false;
	if (!reads) { /* no read: nothing is live */
		r->rl = isl_map_empty(isl_map_get_space(r->wt));
		return r->rl;
	}
	r->rl = isl_map_from_pw_aff(st__ub_function_of(isl_map_lexmax_pw_multi_aff(reads)));
	isl_map *early = isl_map_intersect(isl_map_copy(r->rl), isl_map_apply_range(isl_map_copy(r->wt),
	                                                                             isl_map_lex_gt(isl_space_range(
		                                                                             isl_map_get_space(r->wt)))));
	ok = early && isl_map_is_empty(early) == isl_bool_true;
	isl_map_free(early);
	return ok && r->rl;
}

/* ----------------------------------------------------- an accumulation */

/* Port k's points, their tuple named after the port (p<k>) so that the
 * ports of one statement are instances of their own. */
static isl_map *named(size_t k, isl_map *m) {
	char name[32];
	snprintf(name, sizeof name, "p%zu", k);
	return isl_map_set_tuple_name(m, isl_dim_in, name);
}

/* Port k's access on its points, the element tuple anonymous. */
static isl_map *access_of(const st_ub_model *m, size_t k) {
	const st_ub_model_port *p = &m->ports[k];
	return named(k, st__ub_on_domain(p, p->access));
}

/* Appends the constants c[0..n) to the range of m. */
static isl_map *append(isl_map *m, const int64_t *c, unsigned n) {
	isl_size at = isl_map_dim(m, isl_dim_out);
	m = isl_map_add_dims(m, isl_dim_out, n);
	for (unsigned i = 0; m && i < n; i++)
		m = isl_map_fix_si(m, isl_dim_out, (unsigned)at + i, (int)c[i]);
	return m;
}

/* Within a cycle: earlier firings' writes (latency >= 1), then statements
 * in graph order, a statement's reads before its writes, then ports. */
static isl_map *time_key(const st_ub_model *m, size_t k, int64_t stmt) {
	const st_ub_model_port *p = &m->ports[k];
	bool early = p->write && p->kernel >= 0 && m->kernels[p->kernel].latency > 0;
	int64_t c[4] = {early ? 0 : 1, stmt, p->write, (int64_t)k};
	return append(named(k, st__ub_on_domain(p, p->schedule)), c, 4);
}

/* Statement after statement, each row-major over its domain (padded to
 * the deepest), a point's reads before its writes. */
static isl_map *program_key(const st_ub_model *m, size_t k, int64_t stmt, unsigned depth) {
	const st_ub_model_port *p = &m->ports[k];
	isl_map *id = isl_map_identity(isl_space_map_from_set(isl_set_get_space(p->domain)));
	id = isl_map_reset_tuple_id(isl_map_intersect_domain(id, isl_set_copy(p->domain)), isl_dim_out);
	id = isl_map_insert_dims(id, isl_dim_out, 0, 1);
	id = isl_map_fix_si(id, isl_dim_out, 0, (int)stmt);
	int64_t pad[ST_UB_MAX_DIMS + 1] = {0};
	pad[depth - p->ndims] = p->write;
	return append(named(k, id), pad, depth - p->ndims + 1);
}

/* The first port of port k's statement (ports of a statement share its
 * domain's tuple). */
static int64_t stmt_of(const st_ub_model *m, size_t k) {
	const char *name = isl_set_get_tuple_name(m->ports[k].domain);
	for (size_t j = 0; j < k; j++)
		if (name && isl_set_get_tuple_name(m->ports[j].domain) &&
		    !strcmp(isl_set_get_tuple_name(m->ports[j].domain), name))
			return (int64_t)j;
	return (int64_t)k;
}

/* The source -> sink dependences of the buffer's reads under the keys;
 * NULL when some read has no source (read before any write). */
static isl_union_map *dataflow(isl_union_map *sinks, isl_union_map *sources, isl_union_map *keys) {
	isl_union_access_info *ai = isl_union_access_info_from_sink(sinks);
	ai = isl_union_access_info_set_must_source(ai, sources);
	ai = isl_union_access_info_set_schedule_map(ai, keys);
	isl_union_flow *flow = isl_union_access_info_compute_flow(ai);
	isl_union_map *none = isl_union_flow_get_must_no_source(flow);
	isl_union_map *dep = isl_union_flow_get_must_dependence(flow);
	isl_union_flow_free(flow);
	if (!none || isl_union_map_is_empty(none) != isl_bool_true) {
		isl_union_map_free(dep);
		dep = NULL;
	}
	isl_union_map_free(none);
	return dep;
}

/* Each write port's last reads from the dataflow; false when the two
 * orders disagree or isl gave up. */
static bool accumulation_relations(const st_ub_model *m, size_t bi, st__ub_vals *v) {
	isl_union_map *sinks = NULL, *sources = NULL, *tkeys = NULL, *pkeys = NULL, *times = NULL;
	unsigned depth = 0;
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && m->ports[k].ndims > depth)
			depth = m->ports[k].ndims;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi)
			continue;
		int64_t s = stmt_of(m, k);
		isl_union_map *acc = isl_union_map_from_map(access_of(m, k));
		isl_union_map **to = p->write ? &sources : &sinks;
		*to = *to ? isl_union_map_union(*to, acc) : acc;
		isl_union_map *tk = isl_union_map_from_map(time_key(m, k, s));
		isl_union_map *pk = isl_union_map_from_map(program_key(m, k, s, depth));
		tkeys = tkeys ? isl_union_map_union(tkeys, tk) : tk;
		pkeys = pkeys ? isl_union_map_union(pkeys, pk) : pk;
		if (!p->write) {
			isl_union_map *t = isl_union_map_from_map(named(k, st__ub_on_domain(p, p->schedule)));
			times = times ? isl_union_map_union(times, t) : t;
		}
	}
	bool ok = sinks && sources;
	isl_union_map *dt = NULL, *dp = NULL;
	if (ok) {
		dt = dataflow(isl_union_map_copy(sinks), isl_union_map_copy(sources), tkeys);
		dp = dataflow(sinks, sources, pkeys);
		tkeys = pkeys = sinks = sources = NULL;
		ok = dt && dp && isl_union_map_is_equal(dt, dp) == isl_bool_true;
	}
	isl_union_map *last = ok ? isl_union_map_apply_range(isl_union_map_copy(dt), isl_union_map_copy(times)) : NULL;
	for (size_t i = 0; ok && i < v->n; i++) {
		st__ub_writer *w = &v->w[i];
		isl_map *rt = isl_union_map_extract_map(last, isl_map_get_space(w->wt));
		ok = rt != NULL;
		w->rl = !ok ? NULL
		        : isl_map_is_empty(rt) == isl_bool_true
		            ? (isl_map_free(rt), isl_map_empty(isl_map_get_space(w->wt)))
		            : isl_map_from_pw_aff(st__ub_function_of(isl_map_lexmax_pw_multi_aff(rt)));
		ok = w->rl != NULL;
	}
	isl_union_map_free(last);
	isl_union_map_free(dt);
	isl_union_map_free(dp);
	isl_union_map_free(sinks);
	isl_union_map_free(sources);
	isl_union_map_free(tkeys);
	isl_union_map_free(pkeys);
	isl_union_map_free(times);
	return ok;
}

/* ---------------------------------------------------------- both kinds */

/* The counted points of writer w and their index: the live ones when they
 * form a box (an accumulation's partial sums consumed in the cycle they
 * are written are no values to hold), else the whole domain. */
static bool count_points(const st_ub_model_port *p, st__ub_writer *w) {
	unsigned n = 0;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	isl_set *live = isl_set_copy(w->live);
	isl_bool none = isl_set_is_empty(live);
	if (none < 0)
		return isl_set_free(live), false;
	/* No live point: nothing to count (lo..hi is any box). */
	if (none || st__ub_box_of(live, &n, lo, hi)) {
		if (none) {
			memcpy(lo, p->lo, sizeof lo);
			memcpy(hi, p->hi, sizeof hi);
		}
		w->counted = live;
	} else {
		isl_set_free(live);
		w->counted = isl_map_domain(isl_map_copy(w->wt));
		memcpy(lo, p->lo, sizeof lo);
		memcpy(hi, p->hi, sizeof hi);
	}
	w->idx = st__ub_box_index(isl_set_get_space(w->counted), p->ndims, lo, hi);
	if (!w->idx)
		return false;
	isl_map *wt = isl_map_intersect_domain(isl_map_copy(w->wt), isl_set_copy(w->counted));
	w->before = isl_map_reverse(isl_map_apply_range(wt, st__ub_later(w->wt, true)));
	return w->before;
}

void st__ub_vals_free(st_context *ctx, st__ub_vals *v) {
	for (size_t i = 0; v->w && i < v->n; i++) {
		st__ub_writer *w = &v->w[i];
		isl_map_free(w->wt);
		isl_map_free(w->rl);
		isl_set_free(w->live);
		isl_set_free(w->counted);
		isl_aff_free(w->idx);
		isl_map_free(w->before);
	}
	if (v->w)
		st_ctx_free(ctx, v->w, v->n * sizeof *v->w);
	memset(v, 0, sizeof *v);
}

bool st__ub_vals_build(st_ub_model *m, size_t bi, st__ub_vals *v) {
	memset(v, 0, sizeof *v);
	bool acc = st_ub_is_accumulation(m, bi);
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && m->ports[k].write) {
			/* Each write port one value a cycle, in row-major order. */
			if ((m->ports[k].ndims == 0 && !acc) || !st__ub_lex_monotone(&m->ports[k]))
				return false;
			v->n++;
		}
	if (!v->n || (v->n > 1 && !acc))
		return false;
	v->w = st_ctx_alloc(m->ctx, v->n * sizeof *v->w);
	if (!v->w)
		return v->n = 0, false;
	memset(v->w, 0, v->n * sizeof *v->w);
	size_t i = 0;
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && m->ports[k].write) {
			v->w[i].port = k;
			v->w[i++].wt = acc ? named(k, st__ub_on_domain(&m->ports[k], m->ports[k].schedule)) : NULL;
		}
	isl_ctx_reset_operations(m->ictx);
	bool ok = acc ? accumulation_relations(m, bi, v) : stream_relations(m, bi, &m->ports[v->w[0].port], &v->w[0]);
	for (i = 0; ok && i < v->n; i++) {
		st__ub_writer *w = &v->w[i];
		isl_pw_aff *rl = st__ub_function_of(isl_pw_multi_aff_from_map(isl_map_copy(w->rl)));
		isl_pw_aff *wt = st__ub_function_of(isl_pw_multi_aff_from_map(isl_map_copy(w->wt)));
		w->live = isl_pw_aff_gt_set(rl, isl_pw_aff_intersect_domain(wt, isl_map_domain(isl_map_copy(w->rl))));
		ok = w->live && count_points(&m->ports[w->port], w);
	}
	if (isl_ctx_last_error(m->ictx) != isl_error_none) {
		isl_ctx_reset_error(m->ictx);
		ok = false;
	}
	if (!ok)
		st__ub_vals_free(m->ctx, v);
	return ok;
}
