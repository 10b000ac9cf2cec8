/* Capacity in closed form (issue 24): the most values of a buffer live at
 * once, computed from the ports' isl relations, so that its cost depends
 * on the program's shape and not on its extents (a 6000x4000 tile costs
 * what a 64x64 one does).
 *
 * It applies to a buffer with one write port that writes each element
 * once, in an order its schedule keeps (strictly increasing along the
 * domain's row-major order: a stream), and that is not an accumulation.
 * Let WT(x) be the cycle write point x writes and RL(x) the last cycle
 * its value is read (a parametric lexmax over the read ports).  At any
 * cycle t the live values were written at or after the oldest live one,
 * x0, and before RL(x0); so
 *
 *     capacity <= U = max over live x of #{x' : WT(x) <= WT(x') < RL(x)},
 *
 * the count being rank(RL(x)) - idx(x), with idx the row-major index and
 * rank(t) = idx(lexmax {x' : WT(x') < t}) + 1, a piecewise quasi-affine
 * function: U is one integer program.  The bound is met at cycle
 * RL(x*) - 1 by a maximiser x* whose window holds no value dead by then;
 * isl finds such an x* or proves none exists.  When the buffer is outside
 * this class, the bound is not met, or isl runs out of its operation
 * budget, the caller enumerates the accesses (ub_capacity.c), which also
 * gives the located errors of a value read before it is written. */
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
	isl_ctx *ic = isl_set_get_ctx(p->domain);
	isl_aff *a = isl_aff_zero_on_domain(isl_local_space_from_space(isl_set_get_space(p->domain)));
	int64_t stride = 1, off = 0, lo = 0;
	bool ok = true;
	for (unsigned d = p->ndims; ok && d-- > 0;) {
		a = isl_aff_set_coefficient_val(a, isl_dim_in, (int)d, isl_val_int_from_si(ic, stride));
		/* Boxes of a verified graph have bounds far below these. */
		ok = p->lo[d] >= 0 && st_mul_size(stride, p->lo[d], &lo) && lo <= INT64_MAX / 4 - off &&
		     st_mul_size(stride, p->hi[d] - p->lo[d] + 1, &stride);
		off += ok ? lo : 0;
	}
	if (!ok) {
		isl_aff_free(a);
		return NULL;
	}
	return isl_aff_set_constant_val(a, isl_val_int_from_si(ic, -off));
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

typedef struct relations {
	isl_map *wt;     /* x -> WT(x) */
	isl_map *rl;     /* x -> RL(x), on the live points */
	isl_map *before; /* t -> x' with WT(x') < t */
	isl_set *live;   /* write points whose value is read after it is written */
} relations;

static void relations_free(relations *r) {
	isl_map_free(r->wt);
	isl_map_free(r->rl);
	isl_map_free(r->before);
	isl_set_free(r->live);
}

/* The write point -> last read relation; false when some read reaches an
 * element the write port does not write or reads it before its write
 * (the enumeration reports those). */
static bool build_relations(const st_ub_model *m, size_t bi, const st_ub_model_port *w, relations *r) {
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
	if (!ok || !r->wt || !reads) {
		isl_map_free(reads);
		return ok && r->wt; /* no read: nothing is live */
	}
	isl_pw_aff *rl = st__ub_function_of(isl_map_lexmax_pw_multi_aff(reads));
	isl_pw_aff *wt = st__ub_function_of(isl_pw_multi_aff_from_map(isl_map_copy(r->wt)));
	isl_set *early = isl_pw_aff_lt_set(isl_pw_aff_copy(rl), isl_pw_aff_copy(wt));
	ok = early && isl_set_is_empty(early) == isl_bool_true;
	isl_set_free(early);
	r->live = isl_pw_aff_gt_set(isl_pw_aff_copy(rl), wt);
	r->rl = isl_map_intersect_domain(isl_map_from_pw_aff(rl), isl_set_copy(r->live));
	r->before = isl_map_reverse(isl_map_apply_range(isl_map_copy(r->wt), st__ub_later(r->wt, true)));
	return ok && r->live && r->rl && r->before;
}

/* Whether some x in s has no value in its window [WT(x), RL(x)) that is
 * dead (never read again) before RL(x): the bound is then met at cycle
 * RL(x) - 1. */
static bool bound_met(relations *r, isl_set *s) {
	isl_map *not_before = isl_map_apply_range(st__ub_later(r->wt, false), isl_map_reverse(isl_map_copy(r->wt)));
	isl_map *from = isl_map_apply_range(isl_map_copy(r->wt), not_before);
	isl_map *window = isl_map_intersect(from, isl_map_apply_range(isl_map_copy(r->rl), isl_map_copy(r->before)));
	window = isl_map_intersect_domain(window, isl_set_copy(s));
	isl_map *not_dead = isl_map_apply_range(st__ub_later(r->rl, false), isl_map_reverse(isl_map_copy(r->rl)));
	isl_map *still = isl_map_apply_range(isl_map_copy(r->rl), not_dead);
	isl_set *bad = isl_map_domain(isl_map_subtract(window, still));
	isl_set *good = isl_set_subtract(isl_set_copy(s), bad);
	bool met = good && isl_set_is_empty(good) == isl_bool_false;
	isl_set_free(good);
	return met;
}

/* U (above) and whether it is met; false when isl gave up. */
static bool window_bound(const st_ub_model_port *w, relations *r, int64_t *cap) {
	isl_aff *idx = st__ub_row_major_index(w);
	if (!idx)
		return false;
	isl_pw_multi_aff *last = isl_map_lexmax_pw_multi_aff(isl_map_apply_range(isl_map_copy(r->rl),
	                                                                         isl_map_copy(r->before)));
	isl_pw_aff *f = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_from_aff(isl_aff_copy(idx)), last);
	f = isl_pw_aff_sub(f, isl_pw_aff_intersect_domain(isl_pw_aff_from_aff(idx), isl_set_copy(r->live)));
	isl_val *u = isl_pw_aff_max_val(isl_pw_aff_copy(f));
	bool ok = u && isl_val_is_int(u) && isl_val_is_nonneg(u);
	if (ok) {
		*cap = isl_val_get_num_si(u) + 1;
		isl_set *s = isl_pw_aff_ge_set(isl_pw_aff_copy(f), isl_pw_aff_val_on_domain(isl_set_copy(r->live),
		                                                                            isl_val_copy(u)));
		ok = s && bound_met(r, s);
		isl_set_free(s);
	}
	isl_val_free(u);
	isl_pw_aff_free(f);
	return ok;
}

bool st__ub_capacity_closed(st_ub_model *m, size_t bi, int64_t *cap) {
	const st_ub_model_port *w = NULL;
	size_t nports = 0;
	for (size_t k = 0; k < m->nports; k++) {
		nports += m->ports[k].buffer == (int)bi;
		if (m->ports[k].buffer == (int)bi && m->ports[k].write) {
			if (w)
				return false;
			w = &m->ports[k];
		}
	}
	if (!nports) /* a table the kernels hold (ub_classify.c sizes it) */
		return *cap = 0, true;
	if (!w || w->ndims == 0 || !st__ub_lex_monotone(w) || st_ub_is_accumulation(m, bi))
		return false;
	isl_ctx_reset_operations(m->ictx);
	relations r = {0};
	bool ok = build_relations(m, bi, w, &r);
	if (ok && !r.live)
		*cap = 0;
	else if (ok)
		ok = isl_set_is_empty(r.live) == isl_bool_true ? (*cap = 0, true) : window_bound(w, &r, cap);
	relations_free(&r);
	if (isl_ctx_last_error(m->ictx) != isl_error_none) {
		isl_ctx_reset_error(m->ictx);
		ok = false;
	}
	return ok;
}
