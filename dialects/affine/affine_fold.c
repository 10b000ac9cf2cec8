/* Folders of affine.apply, affine.min and affine.max (MLIR's): every
 * operand constant gives a constant; a map result that is just one of its
 * dims or symbols gives that operand. */
#include "affine_internal.h"

/* The value of `op`'s map results [0, n) when every operand is constant. */
static bool eval_constant(st_op *op, st_attr *const *operands, int64_t *out, size_t n) {
	const st_affine_map *m = st_affine_op_map(op);
	size_t nops = st_op_num_operands(op);
	int64_t small[16];
	if (nops > 16)
		return false;
	for (size_t i = 0; i < nops; i++) {
		if (!operands[i] || st_attr_get_kind(operands[i]) != ST_ATTR_INTEGER)
			return false;
		small[i] = st_attr_int_value(operands[i]);
	}
	unsigned nd = st_affine_map_num_dims(m);
	for (size_t r = 0; r < n; r++)
		if (!st_affine_expr_eval(st_affine_map_result(m, r), small, small + nd, &out[r]))
			return false;
	return true;
}

/* A result that is one of the map's inputs: that operand. */
static st_value *forwarded(st_op *op, st_affine_expr *e) {
	const st_affine_map *m = st_affine_op_map(op);
	if (st_affine_expr_kind(e) == ST_AFFINE_DIM)
		return st_op_operand(op, st_affine_expr_position(e));
	if (st_affine_expr_kind(e) == ST_AFFINE_SYMBOL)
		return st_op_operand(op, st_affine_map_num_dims(m) + st_affine_expr_position(e));
	return NULL;
}

bool st__affine_fold_apply(st_op *op, st_attr *const *operands, st_fold_result *results) {
	const st_affine_map *m = st_affine_op_map(op);
	st_context *ctx = st_op_context(op);
	int64_t v;
	if (st_affine_map_num_results(m) != 1)
		return false;
	st_affine_expr *e = st_affine_map_result(m, 0);
	if (st_affine_expr_kind(e) == ST_AFFINE_CONST) {
		results[0].attr = st_integer_attr(ctx, st_index_type(ctx), st_affine_expr_value(e));
		return true;
	}
	if ((results[0].value = forwarded(op, e)))
		return true;
	if (!eval_constant(op, operands, &v, 1))
		return false;
	results[0].attr = st_integer_attr(ctx, st_index_type(ctx), v);
	return true;
}

static bool fold_min_max(st_op *op, st_attr *const *operands, st_fold_result *results, bool is_max) {
	const st_affine_map *m = st_affine_op_map(op);
	st_context *ctx = st_op_context(op);
	size_t n = st_affine_map_num_results(m);
	int64_t small[16];
	if (n == 1 && (results[0].value = forwarded(op, st_affine_map_result(m, 0))))
		return true;
	if (n == 0 || n > 16 || !eval_constant(op, operands, small, n))
		return false;
	int64_t best = small[0];
	for (size_t i = 1; i < n; i++)
		best = is_max ? (small[i] > best ? small[i] : best) : (small[i] < best ? small[i] : best);
	results[0].attr = st_integer_attr(ctx, st_index_type(ctx), best);
	return true;
}

bool st__affine_fold_min(st_op *op, st_attr *const *operands, st_fold_result *results) {
	return fold_min_max(op, operands, results, false);
}

bool st__affine_fold_max(st_op *op, st_attr *const *operands, st_fold_result *results) {
	return fold_min_max(op, operands, results, true);
}
