/* The mapper's delay-line test in closed form (issue 24): the chain
 * position each read port taps, computed from the ports' isl relations
 * instead of by following every read (ub_map.c's scan), so that mapping a
 * 6000x4000 tile costs what a 64x64 one does.
 *
 * It applies to a buffer whose one write port writes each element once in
 * schedule order (a stream, as for the closed-form capacity).  Position d
 * at cycle t holds the value written d writes before t, so read point y
 * taps d(y) = rank(t_r(y)) - idx(x(y)), with x(y) the write point of the
 * element y reads, idx the row-major index and rank(t) the writes before
 * t; the port is a tap when d is one constant >= 0 over its domain (the
 * minimum and maximum of a piecewise quasi-affine function).  A gated
 * chain (ub_map.h) is possible only when some write point's element lies
 * outside the bounding box of what the reads at a nonzero distance reach;
 * then, and whenever isl gives up, the caller scans as before. */
#include "ub_map_rules.h"

#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/val.h>

/* d(y) of read port r on its domain, or NULL; *lag receives t_r(y) -
 * WT(x(y)), the cycles since the value was written. */
static isl_pw_aff *tap_distance(const st_ub_model_port *r, isl_map *wacc, isl_map *wt, isl_map *before,
                                isl_aff *idx, isl_pw_aff **lag) {
	isl_pw_multi_aff *x_of_y = isl_pw_multi_aff_from_map(
		isl_map_apply_range(st__ub_on_domain(r, r->access), isl_map_reverse(isl_map_copy(wacc))));
	isl_pw_aff *at = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_from_aff(isl_aff_copy(idx)),
	                                                  isl_pw_multi_aff_copy(x_of_y));
	isl_pw_aff *wt_of = st__ub_function_of(isl_pw_multi_aff_from_map(isl_map_copy(wt)));
	isl_pw_aff *written = isl_pw_aff_pullback_pw_multi_aff(wt_of, x_of_y);
	*lag = isl_pw_aff_sub(st__ub_function_of(isl_pw_multi_aff_from_map(st__ub_on_domain(r, r->schedule))), written);
	isl_map *earlier = isl_map_apply_range(st__ub_on_domain(r, r->schedule), isl_map_copy(before));
	isl_pw_multi_aff *last = isl_map_lexmax_pw_multi_aff(earlier);
	isl_set *none = isl_set_subtract(isl_set_copy(r->domain), isl_pw_multi_aff_domain(isl_pw_multi_aff_copy(last)));
	isl_pw_aff *rank = isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_from_aff(isl_aff_copy(idx)), last);
	rank = isl_pw_aff_add_constant_val(rank, isl_val_one(isl_aff_get_ctx(idx)));
	/* No write before the read: rank 0. */
	isl_pw_aff *zero = isl_pw_aff_zero_on_domain(isl_local_space_from_space(isl_set_get_space(r->domain)));
	rank = isl_pw_aff_union_add(rank, isl_pw_aff_intersect_domain(zero, none));
	return isl_pw_aff_sub(rank, at);
}

/* The one constant value of f, or -1 (not constant, negative, or isl gave
 * up). */
static int64_t constant_of(isl_pw_aff *f) {
	isl_val *lo = isl_pw_aff_min_val(isl_pw_aff_copy(f)), *hi = isl_pw_aff_max_val(f);
	int64_t v = lo && hi && isl_val_is_int(lo) && isl_val_eq(lo, hi) && isl_val_is_nonneg(lo) ? isl_val_get_num_si(lo)
	                                                                                            : -1;
	isl_val_free(lo);
	isl_val_free(hi);
	return v;
}

/* Whether every write point's element lies in the bounding box of the
 * elements the reads at a nonzero distance reach (no gate is possible);
 * `far` marks those read ports. */
static bool gate_impossible(const st_ub_model *m, size_t bi, isl_map *wacc, const bool *far) {
	isl_set *reach = NULL;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi || p->write || !far[k])
			continue;
		isl_set *e = isl_map_range(st__ub_on_domain(p, p->access));
		reach = reach ? isl_set_union(reach, e) : e;
	}
	if (!reach)
		return false; /* no chain either: the scan decides */
	isl_set *box = isl_set_universe(isl_set_get_space(reach));
	unsigned n = (unsigned)isl_set_dim(reach, isl_dim_set);
	for (unsigned d = 0; box && d < n; d++) {
		isl_val *lo = isl_set_dim_min_val(isl_set_copy(reach), (int)d);
		isl_val *hi = isl_set_dim_max_val(isl_set_copy(reach), (int)d);
		box = lo && hi ? isl_set_upper_bound_val(isl_set_lower_bound_val(box, isl_dim_set, d, lo), isl_dim_set, d, hi)
		               : (isl_val_free(lo), isl_val_free(hi), isl_set_free(box), NULL);
	}
	isl_set_free(reach);
	isl_set *written = isl_map_range(isl_map_copy(wacc));
	bool all = box && isl_set_is_subset(written, box) == isl_bool_true;
	isl_set_free(written);
	isl_set_free(box);
	return all;
}

int st__ub_chain_closed(st__ub_mapper *mp, size_t bi, size_t wi) {
	st_ub_model *m = mp->model;
	const st_ub_model_port *w = &m->ports[wi];
	if (w->ndims == 0 || !st__ub_lex_monotone(w))
		return -1;
	isl_ctx_reset_operations(m->ictx);
	isl_aff *idx = st__ub_row_major_index(w);
	isl_map *wacc = st__ub_on_domain(w, w->access);
	isl_map *wt = st__ub_on_domain(w, w->schedule);
	isl_map *before = isl_map_reverse(isl_map_apply_range(isl_map_copy(wt), st__ub_later(wt, true)));
	bool *far = st_ctx_alloc(m->ctx, (m->nports + 1) * sizeof *far);
	int res = idx && wacc && before && far && isl_map_is_injective(wacc) == isl_bool_true ? 1 : -1;
	isl_set *written = res > 0 ? isl_map_range(isl_map_copy(wacc)) : NULL;
	for (size_t k = 0; res >= 0 && k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		far[k] = false;
		if (p->buffer != (int)bi || p->write)
			continue;
		/* Lanes may tap different positions each (ub_map.c's scan). */
		if (st_ub_port_lanes(p, 1) > 1) {
			res = -1;
			break;
		}
		isl_set *e = isl_map_range(st__ub_on_domain(p, p->access));
		bool inside = e && isl_set_is_subset(e, written) == isl_bool_true;
		isl_set_free(e);
		if (!inside) {
			res = -1; /* a read of an element never written: the scan says so */
			break;
		}
		isl_pw_aff *lag = NULL;
		int64_t d = constant_of(tap_distance(p, wacc, wt, before, idx, &lag));
		/* A port reading every value in the cycle it is written is no
		 * candidate for a gate (ub_map.c's reads_at_write). */
		far[k] = constant_of(lag) != 0;
		if (isl_ctx_last_error(m->ictx) != isl_error_none)
			res = -1;
		else if (d < 0)
			res = 0;
		mp->map->taps[k] = d;
	}
	if (res >= 0 && mp->target->fetch <= 1) {
		bool any_far = false;
		for (size_t k = 0; k < m->nports; k++)
			any_far = any_far || (m->ports[k].buffer == (int)bi && far[k]);
		if (any_far && !gate_impossible(m, bi, wacc, far))
			res = -1;
	}
	if (isl_ctx_last_error(m->ictx) != isl_error_none) {
		isl_ctx_reset_error(m->ictx);
		res = -1;
	}
	for (size_t k = 0; res != 1 && k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi)
			mp->map->taps[k] = -1;
	isl_set_free(written);
	isl_aff_free(idx);
	isl_map_free(wacc);
	isl_map_free(wt);
	isl_map_free(before);
	if (far)
		st_ctx_free(m->ctx, far, (m->nports + 1) * sizeof *far);
	return res;
}
