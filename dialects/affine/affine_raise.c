/* raise-scf-to-affine (Strata's own pass): the inverse of lower-affine
 * where the IR allows it.  An scf.for over index with a constant positive
 * step whose bounds are valid affine dims or symbols becomes an
 * affine.for (bound maps `()[s0] -> (s0)` or `(d0) -> (d0)`, the constant
 * folded in when the bound is an arith.constant), its scf.yield an
 * affine.yield; then each memref.load/store whose indices are all valid
 * dims or symbols becomes affine.load/store with an identity-like map.
 * Loops are raised outermost first, so that an inner bound that is an
 * outer induction variable is a valid dim by the time it is looked at. */
#include "affine_loops.h"
#include "affine_passes.h"

/* The map of one bound: a constant, a symbol or a dim. */
static bool bound_map(st_context *ctx, st_value *v, const st_affine_map **m, size_t *n) {
	int64_t c;
	if (st__affine_const_value(v, &c)) {
		*m = st_affine_map_constant(ctx, c);
		*n = 0;
		return true;
	}
	st_affine_expr *e;
	if (st__affine_valid_symbol(v))
		e = st_affine_symbol(ctx, 0), *m = st_affine_map_get(ctx, 0, 1, 1, &e);
	else if (st__affine_valid_dim(v))
		e = st_affine_dim(ctx, 0), *m = st_affine_map_get(ctx, 1, 0, 1, &e);
	else
		return false;
	*n = 1;
	return true;
}

static st_status raise_for(st_rewriter *rw, st_op *op, bool *done) {
	st_context *ctx = st_rewriter_context(rw);
	st_value *lbv = st_op_operand(op, 0), *ubv = st_op_operand(op, 1);
	int64_t step;
	const st_affine_map *lb, *ub;
	size_t nlb, nub;
	*done = false;
	if (!st_type_is_index(st_value_type(lbv)) || st_op_get_attr(op, "unsignedCmp") ||
	    !st__affine_const_value(st_op_operand(op, 2), &step) || step <= 0 || !bound_map(ctx, lbv, &lb, &nlb) ||
	    !bound_map(ctx, ubv, &ub, &nub))
		return ST_OK;
	size_t ninit = st_op_num_operands(op) - 3;
	st_value **inits = st__affine_operands(ctx, op, 3, ninit);
	if (!inits)
		return ST_FAIL;
	st_rewriter_set_insertion_before(rw, op);
	st_op *f = st_affine_build_for(rw, st_op_loc(op), lb, nlb, &lbv, ub, nub, &ubv, step, ninit, inits);
	st__affine_free_values(ctx, inits, ninit);
	if (!f)
		return ST_FAIL;
	/* The scf body (its scf.yield becomes an affine.yield) replaces the
	 * one the builder made. */
	st_region_clear(st_op_region(f, 0));
	st_region_take_body(st_op_region(f, 0), st_op_region(op, 0));
	st_block *b = st_affine_for_body(f);
	st_op *y = st_block_last_op(b);
	if (y && st__affine_is(y, "scf.yield")) {
		size_t n = st_op_num_operands(y);
		st_value **v = st__affine_operands(ctx, y, 0, n);
		st_rewriter_set_insertion_before(rw, y);
		if (!v || !st_affine_build_yield(rw, st_op_loc(y), n, v))
			return ST_FAIL;
		st__affine_free_values(ctx, v, n);
		st_rewriter_erase_op(rw, y);
	}
	st_rewriter_replace_op_with_op(rw, op, f);
	*done = true;
	return ST_OK;
}

static st_status raise_access(st_rewriter *rw, st_op *op) {
	st_context *ctx = st_rewriter_context(rw);
	bool store = st__affine_is(op, "memref.store");
	size_t lead = store ? 2 : 1, n = st_op_num_operands(op) - lead;
	st_affine_expr *small[8], **res = n <= 8 ? small : st_ctx_alloc(ctx, n * sizeof *res);
	st_value **dims = st_ctx_alloc(ctx, (2 * n + 1) * sizeof *dims), **syms = dims ? dims + n : NULL;
	size_t nd = 0, ns = 0;
	bool ok = res && dims;
	/* Dims keep their order; symbols go after them. */
	for (size_t i = 0; ok && i < n; i++) {
		st_value *v = st_op_operand(op, lead + i);
		if (st__affine_valid_symbol(v))
			syms[ns] = v, res[i] = st_affine_symbol(ctx, (unsigned)ns++);
		else if (st__affine_valid_dim(v))
			dims[nd] = v, res[i] = st_affine_dim(ctx, (unsigned)nd++);
		else
			ok = false;
	}
	st_op *a = NULL;
	if (ok) {
		memmove(dims + nd, syms, ns * sizeof *dims);
		const st_affine_map *m = st_affine_map_get(ctx, (unsigned)nd, (unsigned)ns, n, res);
		st_rewriter_set_insertion_before(rw, op);
		a = store ? st_affine_build_store(rw, st_op_loc(op), st_op_operand(op, 0), st_op_operand(op, 1), m, nd + ns, dims)
		          : st_affine_build_load(rw, st_op_loc(op), st_op_operand(op, 0), m, nd + ns, dims);
		if (a)
			st_rewriter_replace_op_with_op(rw, op, a);
	}
	if (res && res != small)
		st_ctx_free(ctx, res, n * sizeof *res);
	if (dims)
		st_ctx_free(ctx, dims, (2 * n + 1) * sizeof *dims);
	return ok && !a ? ST_FAIL : ST_OK;
}

static st_walk_result collect(st_op *op, void *ud) {
	st__affine_oplist *l = ud;
	bool want = st__affine_is(op, "scf.for") || st__affine_is(op, "memref.load") || st__affine_is(op, "memref.store");
	return !want || st__affine_oplist_push(l, op) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

static st_status run(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	st__affine_oplist ops = {.ctx = ctx};
	st_rewriter *rw = st_rewriter_create_simple(ctx);
	st_status st = rw && st_walk(root, ST_WALK_PRE, collect, &ops) != ST_WALK_INTERRUPT ? ST_OK : ST_FAIL;
	/* Pre-order: a loop is seen before the loops and accesses inside it. */
	for (size_t i = 0; st_succeeded(st) && i < ops.n; i++) {
		bool done;
		if (st__affine_is(ops.v[i], "scf.for"))
			st = raise_for(rw, ops.v[i], &done);
		else
			st = raise_access(rw, ops.v[i]);
	}
	st__affine_oplist_free(&ops);
	if (rw)
		st_rewriter_destroy(rw);
	return st;
}

const st_pass_def st__affine_raise_pass = {
	.name = "raise-scf-to-affine",
	.summary = "Raise scf.for loops and memref accesses with affine bounds and indices to the affine dialect",
	.anchor = "func.func",
	.run = run,
	.display_name = "RaiseSCFToAffine",
};
