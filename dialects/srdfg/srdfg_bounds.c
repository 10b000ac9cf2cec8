/* srdfg-check-bounds: every map of srdfg.load and srdfg.compute stays inside
 * the shape of its edge for every point of the index boxes it runs over,
 * checked with isl (the frontend checks PMLang subscripts the same way;
 * this pass checks IR written or transformed by hand).  An index operand
 * that is not the argument of an enclosing statement or reduction has no
 * known range, and the access is not checked. */
#include "srdfg_internal.h"

#include "strata/affine.h"
#include "strata/pass.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>

#include <stdio.h>
#include <string.h>

typedef struct sbuf {
	char d[4096];
	size_t n;
	bool overflow;
} sbuf;

static void put(sbuf *s, const char *fmt, long long v) {
	int k = snprintf(s->d + s->n, sizeof s->d - s->n, fmt, v);
	if (k < 0 || (size_t)k >= sizeof s->d - s->n)
		s->overflow = true;
	else
		s->n += (size_t)k;
}

/* isl's syntax for an affine expression over d0, d1, ...: isl wants a
 * bare integer beside '*', '/' and 'mod'. */
static void put_expr(sbuf *s, const st_affine_expr *e) {
	st_affine_kind k = st_affine_expr_kind(e);
	if (k == ST_AFFINE_CONST) {
		put(s, "(%lld)", (long long)st_affine_expr_value(e));
		return;
	}
	if (k == ST_AFFINE_DIM) {
		put(s, "d%lld", (long long)st_affine_expr_position(e));
		return;
	}
	if (k == ST_AFFINE_SYMBOL) {
		s->overflow = true; /* no symbols in srdfg maps */
		return;
	}
	st_affine_expr *l = st_affine_expr_lhs(e), *r = st_affine_expr_rhs(e);
	if (k == ST_AFFINE_ADD) {
		put(s, "(", 0);
		put_expr(s, l);
		put(s, " + ", 0);
		put_expr(s, r);
		put(s, ")", 0);
		return;
	}
	if (k == ST_AFFINE_MUL && st_affine_expr_kind(l) == ST_AFFINE_CONST) {
		const st_affine_expr *t = l;
		l = r;
		r = (st_affine_expr *)t;
	}
	if (st_affine_expr_kind(r) != ST_AFFINE_CONST) {
		s->overflow = true; /* semi-affine: not checked */
		return;
	}
	long long c = (long long)st_affine_expr_value(r);
	put(s, k == ST_AFFINE_MUL ? "(%lld * (" : k == ST_AFFINE_MOD ? "((" : k == ST_AFFINE_FLOORDIV ? "floor((" : "ceil((", c);
	put_expr(s, l);
	put(s, k == ST_AFFINE_MUL ? "))" : k == ST_AFFINE_MOD ? ") mod %lld)" : ")/%lld)", c);
}

/* The inclusive range of index value `v`, when it is an index argument of
 * a statement or reduction body. */
static bool range_of(st_value *v, int64_t *lo, int64_t *hi) {
	st_block *b = st_value_defining_op(v) ? NULL : st_value_owner_block(v);
	st_op *owner = b ? st_block_parent_op(b) : NULL;
	if (!owner || (strcmp(st_op_name_cstr(owner), "srdfg.compute") && strcmp(st_op_name_cstr(owner), "srdfg.reduce")) ||
	    st_region_first_block(st_op_region(owner, 0)) != b)
		return false;
	size_t i = st_value_index(v);
	st_attr *lb = st_op_get_attr(owner, "lb"), *ub = st_op_get_attr(owner, "ub");
	if (!lb || !ub || i >= st_attr_dense_array_size(lb) || i >= st_attr_dense_array_size(ub))
		return false;
	*lo = st_attr_dense_array_int(lb, i);
	*hi = st_attr_dense_array_int(ub, i);
	return true;
}

/* Checks result `r` of `map` over `n` indices with ranges lo..hi against
 * [0, size). */
static st_status check(isl_ctx *ic, st_op *op, const st_affine_map *map, size_t n, const int64_t *lo,
                       const int64_t *hi, const char *what, st_type *edge) {
	st_type *vt = st_srdfg_edge_value(edge);
	for (size_t r = 0; r < st_affine_map_num_results(map); r++) {
		int64_t size = st_type_dim(vt, r);
		sbuf s = {.n = 0};
		put(&s, "{ [", 0);
		for (size_t i = 0; i < n; i++)
			put(&s, i ? ", d%lld" : "d%lld", (long long)i);
		put(&s, "] : ", 0);
		for (size_t i = 0; i < n; i++) {
			put(&s, "%lld <= ", (long long)lo[i]);
			put(&s, "d%lld <= ", (long long)i);
			put(&s, "%lld and ", (long long)hi[i]);
		}
		put(&s, "(", 0);
		put_expr(&s, st_affine_map_result(map, r));
		put(&s, " < 0 or ", 0);
		put_expr(&s, st_affine_map_result(map, r));
		put(&s, " >= %lld) }", (long long)size);
		if (s.overflow)
			continue;
		isl_set *set = isl_set_read_from_str(ic, s.d);
		isl_bool empty = set ? isl_set_is_empty(set) : isl_bool_error;
		isl_set_free(set);
		if (empty == isl_bool_false)
			return st_op_error(op, "%s %zu of the map leaves [0, %lld) for some point of the index ranges", what, r,
			                   (long long)size);
	}
	return ST_OK;
}

static st_status check_block(isl_ctx *ic, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		const char *n = st_op_name_cstr(op);
		st_attr *ma = st_op_get_attr(op, "map");
		int64_t lo[ST__SRDFG_MAX_IDX], hi[ST__SRDFG_MAX_IDX];
		if (ma && !strcmp(n, "srdfg.load")) {
			size_t k = st_op_num_operands(op) - 1;
			bool known = k <= ST__SRDFG_MAX_IDX;
			for (size_t i = 0; known && i < k; i++)
				known = range_of(st_op_operand(op, 1 + i), &lo[i], &hi[i]);
			if (known && st_failed(check(ic, op, st_attr_affine_map(ma), k, lo, hi, "subscript",
			                             st_value_type(st_op_operand(op, 0)))))
				return ST_FAIL;
		} else if (ma && !strcmp(n, "srdfg.compute")) {
			st_attr *lb = st_op_get_attr(op, "lb"), *ub = st_op_get_attr(op, "ub");
			size_t k = st_attr_dense_array_size(lb);
			for (size_t i = 0; i < k; i++) {
				lo[i] = st_attr_dense_array_int(lb, i);
				hi[i] = st_attr_dense_array_int(ub, i);
			}
			if (st_failed(check(ic, op, st_attr_affine_map(ma), k, lo, hi, "result",
			                    st_value_type(st_op_result(op, 0)))))
				return ST_FAIL;
		}
		for (size_t r = 0; r < st_op_num_regions(op); r++)
			for (st_block *ib = st_region_first_block(st_op_region(op, r)); ib; ib = st_block_next(ib))
				if (st_failed(check_block(ic, ib)))
					return ST_FAIL;
	}
	return ST_OK;
}

static st_status run(st_pass *pass, st_op *graph) {
	(void)pass;
	isl_ctx *ic = isl_ctx_alloc();
	if (!ic)
		return st_op_error(graph, "out of memory");
	isl_options_set_on_error(ic, ISL_ON_ERROR_CONTINUE);
	st_status s = check_block(ic, st_region_first_block(st_op_region(graph, 0)));
	isl_ctx_free(ic);
	return s;
}

const st_pass_def st__srdfg_bounds_pass = {
	.name = "srdfg-check-bounds",
	.summary = "Check with isl that every access stays inside its edge's shape",
	.anchor = "srdfg.graph",
	.run = run,
};
