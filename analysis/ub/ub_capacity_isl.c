/* Capacity in closed form (issue 24): the most values of a buffer live at
 * once, computed from the ports' isl relations, so that its cost depends
 * on the program's shape and not on its extents (a 6000x4000 tile or a
 * 2048x2048 gemm costs what a 64x64 one does).
 *
 * It applies to the buffers whose values ub_values_isl.c gives in closed
 * form: streams and accumulations, each write port writing one value a
 * cycle in row-major order.  A value written at WT(x) is live until its
 * last read RL(x).  Two forms, the exact one first:
 *
 *   - Counting.  When each write port's live points split into boxes on
 *     which RL is one affine function that never decreases row-major (an
 *     accumulation's partial sums: RL = WT + 1 inside the reduction, the
 *     read-out on its last term), the values written by t and those last
 *     read by t are row-major prefixes of each box, counted by the index
 *     of a lexmax: live(t) = sum over the boxes of (written by t) - (last
 *     read by t), and the capacity is max over t, one integer program.
 *   - The window bound.  At any cycle t the live values were written at or
 *     after the oldest live one, x0, and before RL(x0); so
 *
 *       capacity <= U = max over live x of #{x' : WT(x) <= WT(x') < RL(x)},
 *
 *     the count being a difference of ranks (rank(t) = idx(lexmax {x' :
 *     WT(x') < t}) + 1 per write port, idx the row-major index), a
 *     piecewise quasi-affine function: U is one integer program.  The bound
 *     is met at cycle RL(x*) - 1 by a maximiser x* whose window holds no
 *     value dead by then; isl finds such an x* or proves none exists (a
 *     stream's last reads jump at the rows' ends, so it takes this form).
 *
 * When neither applies, or isl runs out of its operation budget, the
 * caller enumerates the accesses (ub_capacity.c), which also gives the
 * located errors of a value read before it is written. */
#include "ub_analysis_private.h"

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/val.h>

/* Whether the schedule strictly increases along the box's row-major order
 * (each dimension's step exceeds the span of the ones inside it). */
bool st__ub_lex_monotone(const st_ub_model_port *p) {
	int64_t inner = 0;
	for (unsigned d = p->ndims; d-- > 0;) {
		int64_t c = p->sched.c[1 + d], ext = p->hi[d] - p->lo[d];
		if (ext == 0)
			continue;
		if (c <= inner || c > INT64_MAX / 2 / ext)
			return false;
		inner += c * ext;
		if (inner > INT64_MAX / 4)
			return false;
	}
	return true;
}

/* The row-major index of a point of the box, as an affine function. */
isl_aff *st__ub_row_major_index(const st_ub_model_port *p) {
	return st__ub_box_index(isl_set_get_space(p->domain), p->ndims, p->lo, p->hi);
}

isl_pw_aff *st__ub_function_of(isl_pw_multi_aff *f) {
	isl_pw_aff *a = isl_pw_multi_aff_get_pw_aff(f, 0);
	isl_pw_multi_aff_free(f);
	return a;
}

/* A port's relation restricted to its domain, its range tuple anonymous
 * (ports of different statements name their element and time spaces
 * apart). */
isl_map *st__ub_on_domain(const st_ub_model_port *p, isl_map *m) {
	return isl_map_reset_tuple_id(isl_map_intersect_domain(isl_map_copy(m), isl_set_copy(p->domain)), isl_dim_out);
}

/* {[a] -> [b] : a <= b} (or a < b) on a map's range space. */
isl_map *st__ub_later(isl_map *on, bool strict) {
	isl_space *t = isl_space_range(isl_map_get_space(on));
	return strict ? isl_map_lex_lt(t) : isl_map_lex_le(t);
}

/* #{v in box : f(v) < t} (or <= t) as a function of the cycle t, on the
 * whole time line, for f strictly increasing (or, for a last read,
 * non-decreasing) along the box's row-major order (idx): the points up to
 * the last with f(v) < t. */
static isl_pw_aff *count_upto(isl_map *f, isl_aff *idx, bool strict) {
	isl_space *t = isl_space_range(isl_map_get_space(f));
	isl_map *later = strict ? isl_map_lex_lt(isl_space_copy(t)) : isl_map_lex_le(isl_space_copy(t));
	isl_map *upto = isl_map_apply_range(f, later);
	isl_pw_multi_aff *last = isl_map_lexmax_pw_multi_aff(isl_map_reverse(upto));
	isl_pw_aff *r = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_from_aff(isl_aff_copy(idx)), last);
	r = isl_pw_aff_add_constant_val(r, isl_val_one(isl_aff_get_ctx(idx)));
	return isl_pw_aff_union_max(r, isl_pw_aff_zero_on_domain(isl_local_space_from_space(t)));
}

/* rank_p(t): the counted points of writer p written before cycle t. */
static isl_pw_aff *rank_of(const st__ub_writer *p) {
	return count_upto(isl_map_intersect_domain(isl_map_copy(p->wt), isl_set_copy(p->counted)), p->idx, true);
}

/* {x -> v : a(x) <= wt_p(v)} for a map a into time, v a counted point of p. */
static isl_map *not_before(isl_map *a, const st__ub_writer *p) {
	isl_map *wt = isl_map_intersect_domain(isl_map_copy(p->wt), isl_set_copy(p->counted));
	return isl_map_apply_range(a, isl_map_apply_range(st__ub_later(p->wt, false), isl_map_reverse(wt)));
}

/* The window of each value x of writer q: the counted values v of any
 * writer with wt_q(x) <= wt(v) < rl_q(x); U_q(x) its size. */
static isl_pw_aff *window_size(const st__ub_vals *v, const st__ub_writer *q) {
	isl_map *rl = isl_map_intersect_domain(isl_map_copy(q->rl), isl_set_copy(q->live));
	isl_pw_aff *u = NULL;
	for (size_t i = 0; i < v->n; i++) {
		const st__ub_writer *p = &v->w[i];
		isl_pw_aff *r = rank_of(p);
		isl_pw_aff *hi = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(r), isl_pw_multi_aff_from_map(
			isl_map_copy(rl)));
		isl_pw_aff *lo = p == q ? isl_pw_aff_from_aff(isl_aff_copy(q->idx))
		                        : isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(r), isl_pw_multi_aff_from_map(
			                          isl_map_copy(q->wt)));
		isl_pw_aff_free(r);
		isl_pw_aff *d = isl_pw_aff_sub(hi, isl_pw_aff_intersect_domain(lo, isl_set_copy(q->live)));
		u = u ? isl_pw_aff_add(u, d) : d;
	}
	isl_map_free(rl);
	return u;
}

/* Whether some x in s (points of writer q) has a window whose every value
 * is still live at cycle rl_q(x) - 1 (read at or after rl_q(x)): the
 * bound is then met there. */
static bool bound_met(const st__ub_vals *v, const st__ub_writer *q, isl_set *s) {
	isl_map *rl = isl_map_intersect_domain(isl_map_copy(q->rl), isl_set_copy(s));
	isl_set *bad = isl_set_empty(isl_set_get_space(s));
	for (size_t i = 0; i < v->n; i++) {
		const st__ub_writer *p = &v->w[i];
		isl_map *window = not_before(isl_map_intersect_domain(isl_map_copy(q->wt), isl_set_copy(s)), p);
		window = isl_map_intersect(window, isl_map_apply_range(isl_map_copy(rl), isl_map_copy(p->before)));
		isl_map *prl = isl_map_intersect_domain(isl_map_copy(p->rl), isl_set_copy(p->live));
		isl_map *still = isl_map_apply_range(isl_map_copy(rl), isl_map_apply_range(st__ub_later(p->rl, false),
		                                                                           isl_map_reverse(prl)));
		bad = isl_set_union(bad, isl_map_domain(isl_map_subtract(window, still)));
	}
	isl_map_free(rl);
	isl_set *good = isl_set_subtract(isl_set_copy(s), bad);
	bool met = good && isl_set_is_empty(good) == isl_bool_false;
	isl_set_free(good);
	return met;
}

/* The capacity is at most U = max over writers q and live x of U_q(x):
 * at any cycle t the live values were written at or after the oldest live
 * one, x0, and before rl(x0), so they lie in x0's window.  U is the
 * capacity when some maximiser's window is all live at rl - 1.  False when
 * the bound is not met or isl gave up. */
static bool window_bound(const st__ub_vals *v, int64_t *cap) {
	isl_val *best = NULL;
	bool ok = true;
	*cap = 0;
	for (size_t i = 0; ok && i < v->n; i++) {
		if (isl_set_is_empty(v->w[i].live) == isl_bool_true)
			continue;
		isl_pw_aff *f = window_size(v, &v->w[i]);
		isl_val *m = isl_pw_aff_max_val(isl_pw_aff_copy(f));
		ok = m && isl_val_is_int(m) && isl_val_is_nonneg(m);
		if (ok && (!best || isl_val_gt(m, best))) {
			isl_val_free(best);
			best = isl_val_copy(m);
		}
		isl_val_free(m);
		isl_pw_aff_free(f);
	}
	if (!ok || !best)
		return isl_val_free(best), ok;
	*cap = isl_val_get_num_si(best);
	bool met = false;
	for (size_t i = 0; !met && i < v->n; i++) {
		if (isl_set_is_empty(v->w[i].live) == isl_bool_true)
			continue;
		isl_pw_aff *f = window_size(v, &v->w[i]);
		isl_set *s = isl_pw_aff_ge_set(f, isl_pw_aff_val_on_domain(isl_set_copy(v->w[i].live), isl_val_copy(best)));
		met = s && bound_met(v, &v->w[i], s);
		isl_set_free(s);
	}
	isl_val_free(best);
	return met;
}

/* ---------------------------------------- counting the live values */


/* Whether the affine a (no divisions) never decreases along the row-major
 * order of the box lo..hi: each dimension's step covers the span of the
 * ones inside it. */
static bool aff_nondecreasing(isl_aff *a, unsigned n, const int64_t *lo, const int64_t *hi) {
	if (isl_aff_dim(a, isl_dim_div) != 0)
		return false;
	int64_t inner = 0;
	for (unsigned d = n; d-- > 0;) {
		isl_val *v = isl_aff_get_coefficient_val(a, isl_dim_in, (int)d);
		bool ok = v && isl_val_is_int(v) && isl_val_get_den_si(v) == 1 && isl_val_get_num_si(v) < INT64_MAX / 4 &&
		          isl_val_get_num_si(v) > -(INT64_MAX / 4);
		int64_t c = ok ? isl_val_get_num_si(v) : 0;
		isl_val_free(v);
		if (!ok)
			return false;
		int64_t ext = hi[d] - lo[d];
		if (ext == 0)
			continue;
		/* c >= inner >= 0: the innermost coefficient is at least 0. */
		if (c < inner || (c > 0 && ext > INT64_MAX / 4 / c))
			return false;
		inner += c * ext;
		if (inner > INT64_MAX / 4)
			return false;
	}
	return true;
}

typedef struct live_sum {
	isl_map *wt;     /* the writer's write cycles */
	isl_pw_aff *sum; /* values written by t minus values last read by t */
	bool ok;
} live_sum;

/* One piece of a writer's last reads: a box on which the last read is one
 * affine function that never decreases along the row-major order, so that
 * the values last read by t are a row-major prefix of the box too. */
static isl_stat add_piece(isl_set *set, isl_aff *rl, void *user) {
	live_sum *ls = user;
	unsigned n = 0;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	ls->ok = ls->ok && st__ub_box_of(set, &n, lo, hi) && aff_nondecreasing(rl, n, lo, hi);
	isl_aff *idx = ls->ok ? st__ub_box_index(isl_set_get_space(set), n, lo, hi) : NULL;
	ls->ok = ls->ok && idx;
	if (ls->ok) {
		isl_map *w = isl_map_intersect_domain(isl_map_copy(ls->wt), isl_set_copy(set));
		isl_map *r = isl_map_intersect_domain(isl_map_from_aff(isl_aff_copy(rl)), isl_set_copy(set));
		isl_pw_aff *d = isl_pw_aff_sub(count_upto(w, idx, false), count_upto(r, idx, false));
		ls->sum = ls->sum ? isl_pw_aff_add(ls->sum, d) : d;
	}
	isl_aff_free(idx);
	isl_set_free(set);
	isl_aff_free(rl);
	return isl_stat_ok; /* an error would stay in the isl context */
}

/* The capacity exactly, as max over t of the live values at t = sum over
 * the pieces of (written by t) - (last read by t); false when a writer's
 * live values do not split into such pieces. */
static bool live_count(const st__ub_vals *v, int64_t *cap) {
	live_sum ls = {.ok = true};
	for (size_t i = 0; ls.ok && i < v->n; i++) {
		const st__ub_writer *w = &v->w[i];
		isl_pw_aff *rl = st__ub_function_of(isl_pw_multi_aff_from_map(
			isl_map_intersect_domain(isl_map_copy(w->rl), isl_set_copy(w->live))));
		rl = isl_pw_aff_coalesce(rl);
		ls.wt = w->wt;
		ls.ok = rl && isl_pw_aff_foreach_piece(rl, add_piece, &ls) == isl_stat_ok && ls.ok;
		isl_pw_aff_free(rl);
	}
	if (!ls.ok || !ls.sum) {
		isl_pw_aff_free(ls.sum);
		return ls.ok ? (*cap = 0, true) : false;
	}
	isl_val *m = isl_pw_aff_max_val(ls.sum);
	bool ok = m && isl_val_is_int(m) && isl_val_is_nonneg(m);
	*cap = ok ? isl_val_get_num_si(m) : 0;
	isl_val_free(m);
	return ok;
}

bool st__ub_capacity_closed(st_ub_model *m, size_t bi, int64_t *cap) {
	size_t nports = 0;
	for (size_t k = 0; k < m->nports; k++)
		nports += m->ports[k].buffer == (int)bi;
	if (!nports) /* a table the kernels hold (ub_classify.c sizes it) */
		return *cap = 0, true;
	st__ub_vals v;
	if (!st__ub_vals_build(m, bi, &v))
		return false;
	bool ok = live_count(&v, cap);
	if (!ok) {
		/* A probe isl refused (a piece with divisions): not this form. */
		isl_ctx_reset_error(m->ictx);
		ok = window_bound(&v, cap);
	}
	st__ub_vals_free(m->ctx, &v);
	if (isl_ctx_last_error(m->ictx) != isl_error_none) {
		isl_ctx_reset_error(m->ictx);
		ok = false;
	}
	return ok;
}
