/* simplify-affine-structures (MLIR's name): the integer sets of affine.if
 * lose constraints that hold trivially (constants, repeats) and become
 * the empty set `1 == 0` when a constant constraint fails (MLIR's
 * simplifyIntegerSet on what needs no Fourier-Motzkin); then the affine
 * ops' own canonicalization patterns and folders run (maps composed with
 * their affine.apply producers and constants).  Maps are already in
 * MLIR's simplified form when built. */
#include "affine_passes.h"

static const st_integer_set *simplify_set(st_context *ctx, const st_integer_set *s) {
	unsigned nd = st_integer_set_num_dims(s), ns = st_integer_set_num_symbols(s);
	size_t n = st_integer_set_num_constraints(s), k = 0;
	st_affine_expr *small[16], **cs = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *cs);
	bool esmall[16], *eq = n <= 16 ? esmall : st_ctx_alloc(ctx, n);
	const st_integer_set *out = s;
	if (!cs || !eq)
		goto done;
	for (size_t i = 0; i < n; i++) {
		st_affine_expr *e = st_integer_set_constraint(s, i);
		bool is_eq = st_integer_set_is_eq(s, i);
		if (st_affine_expr_kind(e) == ST_AFFINE_CONST) {
			int64_t v = st_affine_expr_value(e);
			if (is_eq ? v == 0 : v >= 0)
				continue;
			st_affine_expr *one = st_affine_const(ctx, 1);
			bool t = true;
			out = st_integer_set_get(ctx, nd, ns, 1, &one, &t);
			goto done;
		}
		bool dup = false;
		for (size_t j = 0; j < k && !dup; j++)
			dup = cs[j] == e && eq[j] == is_eq;
		if (!dup)
			cs[k] = e, eq[k++] = is_eq;
	}
	if (k != n)
		out = st_integer_set_get(ctx, nd, ns, k, cs, eq);
done:
	if (cs && cs != small)
		st_ctx_free(ctx, cs, n * sizeof *cs);
	if (eq && eq != esmall)
		st_ctx_free(ctx, eq, n);
	return out;
}

static st_walk_result visit_if(st_op *op, void *ud) {
	(void)ud;
	if (!st_affine_is_if(op))
		return ST_WALK_ADVANCE;
	st_context *ctx = st_op_context(op);
	const st_integer_set *s = st_affine_if_set(op), *t = simplify_set(ctx, s);
	if (t != s)
		st_op_set_attr(op, "condition", st_integer_set_attr(ctx, t));
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	st_walk(root, ST_WALK_PRE, visit_if, NULL);
	st_pattern_set *set = st_pattern_set_create(ctx);
	if (!set)
		return ST_FAIL;
	st__affine_map_op_patterns(set);
	st__affine_access_patterns(set);
	st__affine_for_patterns(set);
	st__affine_if_patterns(set);
	st_greedy_config cfg = {.no_warning = true};
	st_status st = st_apply_patterns_greedily(root, set, &cfg, NULL);
	st_pattern_set_destroy(set);
	(void)st;
	return ST_OK;
}

const st_pass_def st__affine_simplify_pass = {
	.name = "simplify-affine-structures",
	.summary = "Simplify affine expressions in maps/sets and normalize memrefs",
	.anchor = "func.func",
	.run = run,
	.display_name = "SimplifyAffineStructures",
};
