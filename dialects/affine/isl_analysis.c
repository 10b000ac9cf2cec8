/* The polyhedral queries of strata/affine_isl.h over the nest model and the
 * dependence analysis. */
#include "strata/affine_isl.h"
#include "deps.h"

#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <string.h>

struct st_isl_analysis {
	st_context *ctx;
	isl_ctx *ictx;
	st__isl_model *m;
	st__deps *reuse; /* computed on first request */
	bool reuse_failed;
};

st_isl_analysis *st_isl_analysis_create(st_op *nest) {
	st_context *ctx = st_op_context(nest);
	st_isl_analysis *a = st_ctx_alloc(ctx, sizeof *a);
	if (!a)
		return NULL;
	memset(a, 0, sizeof *a);
	a->ctx = ctx;
	a->ictx = st_isl_ctx_create(ctx);
	st__isl_model_error err;
	a->m = a->ictx ? st__isl_model_build(ctx, a->ictx, &nest, 1, &err) : NULL;
	if (!a->m) {
		st_diag *d = st_op_diag(nest, ST_SEV_ERROR, "cannot analyse the loop nest: %s",
		                        a->ictx ? err.msg : "out of memory");
		if (a->ictx && err.op && err.op != nest)
			st_diag_note(d, st_op_loc(err.op), "here");
		st_diag_emit(d);
		st_isl_analysis_destroy(a);
		return NULL;
	}
	return a;
}

void st_isl_analysis_destroy(st_isl_analysis *a) {
	if (!a)
		return;
	st__deps_destroy(a->reuse);
	st__isl_model_destroy(a->m);
	if (a->ictx)
		isl_ctx_free(a->ictx);
	st_ctx_free(a->ctx, a, sizeof *a);
}

isl_ctx *st_isl_analysis_isl_ctx(st_isl_analysis *a) { return a->ictx; }

/* The position of `loop` among the statement's loops, or -1. */
static int loop_depth(const st__isl_stmt *s, const st_op *loop) {
	for (unsigned t = 0; t < s->depth; t++)
		if (s->loops[t] == loop)
			return (int)t;
	return -1;
}

isl_set *st_isl_region(st_isl_analysis *a, st_op *loop, st_value *memref, st_isl_access_kind kinds) {
	st__isl_model *m = a->m;
	size_t arr = 0;
	while (arr < m->narrays && m->arrays[arr] != memref)
		arr++;
	int depth = -1;
	for (size_t k = 0; k < m->nstmts && depth < 0; k++)
		depth = loop_depth(&m->stmts[k], loop);
	if (depth < 0)
		return NULL;
	/* The fixed outer indices: parameters with the loops' values as user
	 * pointers, the same ids for every statement. */
	isl_space *sp = isl_space_copy(m->params_space);
	isl_id *ids[64];
	for (int t = 0; t < depth && t < 64; t++) {
		char name[16];
		snprintf(name, sizeof name, "i%d", t);
		const st__isl_stmt *any = NULL;
		for (size_t k = 0; k < m->nstmts && !any; k++)
			if (loop_depth(&m->stmts[k], loop) == depth)
				any = &m->stmts[k];
		ids[t] = isl_id_alloc(m->ictx, name, any->loops[t]);
		sp = isl_space_add_param_id(sp, isl_id_copy(ids[t]));
	}
	isl_set *region = NULL;
	for (size_t k = 0; k < m->nstmts; k++) {
		const st__isl_stmt *s = &m->stmts[k];
		if (s->array != arr || loop_depth(s, loop) != depth || !((s->write ? 2 : 1) & (int)kinds))
			continue;
		isl_map *acc = isl_map_copy(s->access);
		isl_size np = isl_map_dim(acc, isl_dim_param);
		acc = isl_map_move_dims(acc, isl_dim_param, (unsigned)np, isl_dim_in, 0, (unsigned)depth);
		for (int t = 0; t < depth; t++)
			acc = isl_map_set_dim_id(acc, isl_dim_param, (unsigned)np + (unsigned)t, isl_id_copy(ids[t]));
		isl_set *r = isl_map_range(acc);
		region = region ? isl_set_union(region, r) : r;
	}
	for (int t = 0; t < depth; t++)
		isl_id_free(ids[t]);
	if (!region) {
		/* Nothing touches it: the empty set of the memref's rank. */
		size_t rank = st_type_has_rank(st_value_type(memref)) ? st_type_rank(st_value_type(memref)) : 0;
		return isl_set_empty(isl_space_add_dims(isl_space_set_from_params(sp), isl_dim_set, (unsigned)rank));
	}
	isl_space_free(sp);
	return isl_set_coalesce(region);
}

st_status st_isl_region_bounds(isl_set *region, int64_t *lo, int64_t *hi) {
	if (!region || isl_set_is_empty(region) != isl_bool_false)
		return ST_FAIL;
	isl_size np = isl_set_dim(region, isl_dim_param), nd = isl_set_dim(region, isl_dim_set);
	if (np < 0 || nd < 0)
		return ST_FAIL;
	isl_set *s = isl_set_project_out(isl_set_copy(region), isl_dim_param, 0, (unsigned)np);
	bool ok = true;
	for (isl_size d = 0; ok && d < nd; d++) {
		isl_val *mn = isl_set_dim_min_val(isl_set_copy(s), (int)d);
		isl_val *mx = isl_set_dim_max_val(isl_set_copy(s), (int)d);
		ok = st_isl_val_to_i64(mn, &lo[d]) && st_isl_val_to_i64(mx, &hi[d]);
		isl_val_free(mn);
		isl_val_free(mx);
	}
	isl_set_free(s);
	return ok ? ST_OK : ST_FAIL;
}

st_status st_isl_region_box_size(isl_set *region, int64_t *sizes) {
	if (!region || isl_set_is_empty(region) != isl_bool_false)
		return ST_FAIL;
	isl_fixed_box *box = isl_set_get_simple_fixed_box_hull(region);
	bool ok = box && isl_fixed_box_is_valid(box) == isl_bool_true;
	isl_multi_val *size = ok ? isl_fixed_box_get_size(box) : NULL;
	isl_size n = size ? isl_multi_val_size(size) : -1;
	ok = ok && n >= 0;
	for (isl_size d = 0; ok && d < n; d++) {
		isl_val *v = isl_multi_val_get_at(size, (int)d);
		ok = st_isl_val_to_i64(v, &sizes[d]);
		isl_val_free(v);
	}
	isl_multi_val_free(size);
	isl_fixed_box_free(box);
	return ok ? ST_OK : ST_FAIL;
}

typedef struct counter {
	int64_t n, limit;
} counter;

static isl_stat count_point(isl_point *p, void *ud) {
	counter *c = ud;
	isl_point_free(p);
	return ++c->n > c->limit ? isl_stat_error : isl_stat_ok;
}

st_status st_isl_region_count(isl_set *region, int64_t limit, int64_t *count) {
	if (!region || isl_set_dim(region, isl_dim_param) != 0 || isl_set_is_bounded(region) != isl_bool_true)
		return ST_FAIL;
	counter c = {0, limit};
	if (isl_set_foreach_point(region, count_point, &c) < 0)
		return ST_FAIL;
	*count = c.n;
	return ST_OK;
}

size_t st_isl_reuses(st_isl_analysis *a, st_value *memref, st_isl_reuse *out, size_t cap) {
	if (!a->reuse && !a->reuse_failed) {
		a->reuse = st__deps_reuse(a->m);
		a->reuse_failed = !a->reuse;
	}
	if (!a->reuse)
		return 0;
	size_t n = 0;
	for (size_t i = 0; i < a->reuse->n; i++) {
		const st__dep *d = &a->reuse->v[i];
		const st__isl_stmt *s = &a->m->stmts[d->src], *t = &a->m->stmts[d->dst];
		if (a->m->arrays[s->array] != memref)
			continue;
		if (n < cap)
			out[n] = (st_isl_reuse){s->op, t->op, d->ncommon, d->dmin, d->dmax, d->has_min, d->has_max};
		n++;
	}
	return n;
}
