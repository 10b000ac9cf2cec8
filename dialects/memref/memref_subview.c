/* memref.subview's type rules (MLIR's SubViewOp::inferResultType and its
 * verifier): the strided layout of a view from the source's strides and
 * offset and the static offsets, sizes and strides; rank reduction by
 * dropping unit dimensions; the bounds of static slices. */
#include "memref_internal.h"

#include <stdio.h>

st_attr *st__memref_subview_static(const st_op *op, int which) {
	static const char *const names[3] = {"static_offsets", "static_sizes", "static_strides"};
	st_attr *a = st_op_get_attr(op, names[which]);
	return a && st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY ? a : NULL;
}

/* MLIR's saturated arithmetic: dynamic in, dynamic out. */
static int64_t sat_add(int64_t a, int64_t b) { return a == ST_DYNAMIC || b == ST_DYNAMIC ? ST_DYNAMIC : a + b; }
static int64_t sat_mul(int64_t a, int64_t b) { return a == ST_DYNAMIC || b == ST_DYNAMIC ? ST_DYNAMIC : a * b; }

st_type *st__memref_subview_infer(st_context *ctx, st_type *source, const int64_t *offsets, const int64_t *sizes,
                                  const int64_t *strides) {
	size_t rank = st_type_rank(source);
	int64_t small[8 * 2];
	int64_t *src_strides = rank <= 8 ? small : st_ctx_alloc(ctx, 2 * rank * sizeof *src_strides);
	if (!src_strides)
		return NULL;
	int64_t *res_strides = src_strides + rank, offset;
	st_type *t = NULL;
	if (st_succeeded(st_memref_strides_and_offset(source, src_strides, &offset))) {
		for (size_t i = 0; i < rank; i++) {
			offset = sat_add(offset, sat_mul(offsets[i], src_strides[i]));
			res_strides[i] = sat_mul(src_strides[i], strides[i]);
		}
		st_attr *layout = st_strided_layout_attr(ctx, rank, res_strides, offset);
		t = layout ? st_memref_type(ctx, rank, sizes, st_type_element(source), layout, st_type_memory_space(source))
		           : NULL;
	}
	if (src_strides != small)
		st_ctx_free(ctx, src_strides, 2 * rank * sizeof *src_strides);
	return t;
}

/* OffsetSizeAndStrideOpInterface: one static entry per source dimension
 * and one dynamic operand per ST_DYNAMIC entry (op->emitError's words,
 * without the op prefix). */
static st_status check_list(st_op *op, int which, size_t rank) {
	static const char *const what[3] = {"offset", "size", "stride"};
	st_attr *a = st__memref_subview_static(op, which);
	size_t n = st_attr_dense_array_size(a), ndyn = 0;
	if (n != rank)
		return st_error(st_op_context(op), st_op_loc(op), "expected %zu %s values, got %zu", rank, what[which], n);
	for (size_t i = 0; i < n; i++)
		ndyn += st_attr_dense_array_int(a, i) == ST_DYNAMIC;
	size_t gs, gn;
	if (st_failed(st_op_operand_group(op, (size_t)which + 1, &gs, &gn)))
		return ST_FAIL;
	if (gn != ndyn)
		return st_error(st_op_context(op), st_op_loc(op), "expected %zu dynamic %s values", ndyn, what[which]);
	return ST_OK;
}

/* Which dimensions of `expected` the result drops (MLIR's
 * computeRankReductionMask: static unit dimensions, matched greedily);
 * false when the sizes cannot match. */
static bool rank_reduction(st_type *expected, st_type *result, bool *dropped) {
	size_t er = st_type_rank(expected), rr = st_type_rank(result), j = 0;
	for (size_t i = 0; i < er; i++) {
		int64_t d = st_type_dim(expected, i);
		dropped[i] = false;
		if (j < rr && st_type_dim(result, j) == d) {
			j++;
			continue;
		}
		if (d != 1)
			return false;
		dropped[i] = true;
	}
	return j == rr;
}

static st_status mismatch(st_op *op, st_type *expected, const char *what) {
	char buf[256];
	return st_error(st_op_context(op), st_op_loc(op), "expected result type to be '%s' or a rank-reduced version. (mismatch of result %s) ",
	                st_type_str(st_op_context(op), expected, buf, sizeof buf), what);
}

/* The result's strides and offset are the expected ones, with the dropped
 * dimensions left out. */
static bool same_layout(st_type *expected, st_type *result, const bool *dropped) {
	size_t er = st_type_rank(expected), rr = st_type_rank(result);
	int64_t es[16], rs[16], eo, ro;
	if (er > 16 || st_failed(st_memref_strides_and_offset(expected, es, &eo)) ||
	    st_failed(st_memref_strides_and_offset(result, rs, &ro)) || eo != ro)
		return false;
	for (size_t i = 0, j = 0; i < er; i++) {
		if (dropped[i])
			continue;
		if (j >= rr || es[i] != rs[j++])
			return false;
	}
	return true;
}

static st_status check_bounds(st_op *op, st_type *src, const int64_t *offs, const int64_t *sizes,
                              const int64_t *strides) {
	for (size_t i = 0; i < st_type_rank(src); i++) {
		int64_t dim = st_type_dim(src, i);
		if (offs[i] == ST_DYNAMIC || dim == ST_DYNAMIC)
			continue;
		if (offs[i] >= dim)
			return st_error(st_op_context(op), st_op_loc(op), "offset %zu is out-of-bounds: %lld >= %lld", i,
			                (long long)offs[i], (long long)dim);
		if (sizes[i] == ST_DYNAMIC || strides[i] == ST_DYNAMIC)
			continue;
		int64_t last = offs[i] + (sizes[i] - 1) * strides[i];
		if (last >= dim)
			return st_error(st_op_context(op), st_op_loc(op), "slice along dimension %zu runs out-of-bounds: %lld >= %lld",
			                i, (long long)last, (long long)dim);
	}
	return ST_OK;
}

st_status st__memref_verify_subview(st_op *op) {
	st_context *ctx = st_op_context(op);
	st_type *src = st_value_type(st_op_operand(op, 0)), *res = st_value_type(st_op_result(op, 0));
	char a[256], b[256];
	size_t rank = st_type_rank(src);
	if (rank > 16)
		return st_op_error(op, "subviews of more than 16 dimensions are not supported");
	for (int i = 0; i < 3; i++)
		if (st_failed(check_list(op, i, rank)))
			return ST_FAIL;
	if (st_type_memory_space(src) != st_type_memory_space(res))
		return st_error(ctx, st_op_loc(op), "different memory spaces specified for base memref type '%s' and subview memref type '%s'",
		                st_type_str(ctx, src, a, sizeof a), st_type_str(ctx, res, b, sizeof b));
	int64_t offs[16], sizes[16], strides[16], tmp[16], off;
	if (st_failed(st_memref_strides_and_offset(src, tmp, &off)))
		return st_error(ctx, st_op_loc(op), "base type '%s' is not strided", st_type_str(ctx, src, a, sizeof a));
	for (size_t i = 0; i < rank; i++) {
		offs[i] = st_attr_dense_array_int(st__memref_subview_static(op, ST__SV_OFFSETS), i);
		sizes[i] = st_attr_dense_array_int(st__memref_subview_static(op, ST__SV_SIZES), i);
		strides[i] = st_attr_dense_array_int(st__memref_subview_static(op, ST__SV_STRIDES), i);
	}
	st_type *expected = st__memref_subview_infer(ctx, src, offs, sizes, strides);
	if (!expected)
		return ST_FAIL;
	if (st_type_rank(res) > rank)
		return st_error(ctx, st_op_loc(op), "expected result rank to be smaller or equal to the source rank. ");
	bool dropped[16];
	if (!rank_reduction(expected, res, dropped))
		return mismatch(op, expected, "sizes");
	if (st_type_element(res) != st_type_element(src))
		return st_error(ctx, st_op_loc(op), "expected result element type to be '%s'",
		                st_type_str(ctx, st_type_element(src), a, sizeof a));
	if (!same_layout(expected, res, dropped))
		return mismatch(op, expected, "layout");
	return check_bounds(op, src, offs, sizes, strides);
}
