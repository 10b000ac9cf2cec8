/* affine-loop-normalize (MLIR's name): a loop with a single-result lower
 * bound L that is not 0 or a step s that is not 1 becomes a loop from 0
 * to (U - L) ceildiv s (one result per upper bound, their min) with step
 * 1; the old induction variable is recomputed as L + iv * s by an
 * affine.apply at the top of the body.  Loops with several lower bounds
 * (a max) are left alone, as in MLIR. */
#include "affine_loops.h"
#include "affine_passes.h"

static st_status normalize(st_rewriter *rw, st_op *loop) {
	st_context *ctx = st_rewriter_context(rw);
	int64_t s = st_affine_for_step(loop);
	const st_affine_map *lbm = st_affine_for_lb_map(loop);
	if (st_affine_map_num_results(lbm) != 1)
		return ST_OK;
	st_affine_expr *l0 = st_affine_map_result(lbm, 0);
	if (s == 1 && st_affine_expr_kind(l0) == ST_AFFINE_CONST && st_affine_expr_value(l0) == 0)
		return ST_OK;
	st__affine_bound lb, ub;
	if (st_failed(st__affine_for_bounds(loop, &lb, &ub)))
		return ST_FAIL;
	unsigned ld = st_affine_map_num_dims(lb.map), ls = st_affine_map_num_symbols(lb.map);
	st__affine_joint jb;
	st_status st = st__affine_joint_bounds(ctx, &lb, &ub, &jb);
	for (size_t r = 0; r < jb.nr && st_succeeded(st); r++)
		if (!(jb.U[r] = st_affine_ceildiv(ctx, st_affine_sub(ctx, jb.U[r], jb.L), st_affine_const(ctx, s))))
			st = ST_FAIL;
	/* The old variable: L + iv * s over [iv][lb dims][lb syms]. */
	st_affine_expr *l1 = st_succeeded(st) ? st__affine_shift_dims(ctx, l0, ld, 1) : NULL;
	st_affine_expr *shifted = l1 ? st_affine_add(ctx, l1, st_affine_mul(ctx, st_affine_dim(ctx, 0), st_affine_const(ctx, s))) : NULL;
	st_value **aops = shifted ? st_ctx_alloc(ctx, (lb.n + 1) * sizeof *aops) : NULL;
	if (aops) {
		st_value *iv = st_affine_for_iv(loop);
		aops[0] = iv;
		st__affine_copy(aops + 1, lb.ops, lb.n);
		st_block *b = st_affine_for_body(loop);
		st_rewriter_set_insertion_before(rw, st_block_first_op(b));
		st_op *a = st_affine_build_apply(rw, st_op_loc(loop), st_affine_map_get(ctx, ld + 1, ls, 1, &shifted),
		                                 lb.n + 1, aops);
		if (!a) {
			st = ST_FAIL;
		} else {
			st_rewriter_replace_all_uses_except(rw, iv, st_op_result(a, 0), a);
			st_rewriter_modify_start(rw, loop);
			st = st__affine_set_for_bounds(loop, st_affine_map_constant(ctx, 0), 0, NULL,
			                               st_affine_map_get(ctx, jb.nd, jb.ns, jb.nr, jb.U), jb.n, jb.ops);
			st_op_set_attr(loop, "step", st_integer_attr(ctx, st_index_type(ctx), 1));
			st_rewriter_modify_end(rw, loop);
		}
		st_ctx_free(ctx, aops, (lb.n + 1) * sizeof *aops);
	} else {
		st = ST_FAIL;
	}
	st__affine_joint_free(ctx, &jb);
	st__affine_bound_free(ctx, &lb);
	st__affine_bound_free(ctx, &ub);
	return st;
}

static st_walk_result push(st_op *op, void *ud) {
	return st__affine_oplist_push(ud, op) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

static st_status run(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	st__affine_oplist loops = {.ctx = ctx};
	st_rewriter *rw = st_rewriter_create_simple(ctx);
	st_status st = rw && st_affine_walk_loops(root, ST_WALK_PRE, push, &loops) != ST_WALK_INTERRUPT ? ST_OK : ST_FAIL;
	for (size_t i = 0; st_succeeded(st) && i < loops.n; i++)
		st = normalize(rw, loops.v[i]);
	st__affine_oplist_free(&loops);
	if (rw)
		st_rewriter_destroy(rw);
	return st;
}

const st_pass_def st__affine_normalize_pass = {
	.name = "affine-loop-normalize",
	.summary = "Apply normalization transformations to affine loop-like ops",
	.anchor = "func.func",
	.run = run,
	.display_name = "AffineLoopNormalize",
};
