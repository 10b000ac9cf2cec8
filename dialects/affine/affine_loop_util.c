/* Helpers of the loop transformations: copying a loop body with its
 * values remapped, loop bands, and the pieces of an affine.for that a
 * transform rebuilds (bound maps with their operands). */
#include "affine_loops.h"

st_status st__affine_clone_body(st_rewriter *rw, st_block *src, st_op *before, st_value_map *map) {
	st_op *term = st_block_last_op(src);
	st_rewriter_set_insertion_before(rw, before);
	for (st_op *op = st_block_first_op(src); op && op != term; op = st_op_next(op))
		if (!st_rewriter_clone(rw, op, map))
			return ST_FAIL;
	return ST_OK;
}

st_value **st__affine_operands(st_context *ctx, st_op *op, size_t start, size_t n) {
	st_value **v = st_ctx_alloc(ctx, (n ? n : 1) * sizeof *v);
	for (size_t i = 0; v && i < n; i++)
		v[i] = st_op_operand(op, start + i);
	return v;
}

void st__affine_free_values(st_context *ctx, st_value **v, size_t n) {
	if (v)
		st_ctx_free(ctx, v, (n ? n : 1) * sizeof *v);
}

st_status st__affine_for_bounds(st_op *op, st__affine_bound *lb, st__affine_bound *ub) {
	st_context *ctx = st_op_context(op);
	size_t s;
	lb->map = st_affine_for_lb_map(op);
	lb->n = st_affine_for_lb_operands(op, &s);
	lb->ops = st__affine_operands(ctx, op, s, lb->n);
	ub->map = st_affine_for_ub_map(op);
	ub->n = st_affine_for_ub_operands(op, &s);
	ub->ops = st__affine_operands(ctx, op, s, ub->n);
	return lb->ops && ub->ops ? ST_OK : ST_FAIL;
}

void st__affine_bound_free(st_context *ctx, st__affine_bound *b) {
	st__affine_free_values(ctx, b->ops, b->n);
	b->ops = NULL;
}

bool st__affine_band_uses_ivs(st_op *const *band, size_t n) {
	for (size_t i = 0; i < n; i++) {
		st_op *l = band[i];
		size_t inits;
		st_affine_for_inits(l, &inits);
		for (size_t k = 0; k < inits; k++) {
			st_value *v = st_op_operand(l, k);
			for (size_t j = 0; j < n; j++)
				if (v == st_affine_for_iv(band[j]))
					return true;
		}
	}
	return false;
}

bool st__affine_oplist_push(st__affine_oplist *l, st_op *op) {
	if (!st_ctx_grow(l->ctx, (void **)&l->v, &l->cap, NULL, sizeof *l->v, l->n + 1))
		return false;
	l->v[l->n++] = op;
	return true;
}

void st__affine_oplist_free(st__affine_oplist *l) {
	if (l->v)
		st_ctx_free(l->ctx, l->v, l->cap * sizeof *l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

static st_walk_result find_loop(st_op *op, void *ud) {
	return op != ud && st_affine_is_for(op) ? ST_WALK_INTERRUPT : ST_WALK_ADVANCE;
}

static bool has_inner_loop(st_op *loop) { return st_walk(loop, ST_WALK_PRE, find_loop, loop) == ST_WALK_INTERRUPT; }

static st_walk_result push_innermost(st_op *op, void *ud) {
	if (has_inner_loop(op))
		return ST_WALK_ADVANCE;
	return st__affine_oplist_push(ud, op) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

st_status st__affine_collect_innermost(st_op *root, st__affine_oplist *out) {
	return st_affine_walk_loops(root, ST_WALK_POST, push_innermost, out) == ST_WALK_INTERRUPT ? ST_FAIL : ST_OK;
}

static st_walk_result push_outermost(st_op *op, void *ud) {
	return st__affine_oplist_push(ud, op) ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

st_status st__affine_collect_outermost(st_op *root, st__affine_oplist *out) {
	return st_affine_walk_loops(root, ST_WALK_PRE, push_outermost, out) == ST_WALK_INTERRUPT ? ST_FAIL : ST_OK;
}

st_status st__affine_set_for_bounds(st_op *op, const st_affine_map *lb, size_t nlb, st_value *const *lb_ops,
                                    const st_affine_map *ub, size_t nub, st_value *const *ub_ops) {
	st_context *ctx = st_op_context(op);
	size_t inits, ninit = st_affine_for_inits(op, &inits), n = nlb + nub + ninit;
	st_value **v = st_ctx_alloc(ctx, (n ? n : 1) * sizeof *v);
	if (!v)
		return ST_FAIL;
	st__affine_copy(v, lb_ops, nlb);
	st__affine_copy(v + nlb, ub_ops, nub);
	for (size_t i = 0; i < ninit; i++)
		v[nlb + nub + i] = st_op_operand(op, inits + i);
	st_status st = st_op_set_operands(op, n, v);
	st__affine_free_values(ctx, v, n);
	st_op_set_attr(op, "lowerBoundMap", st_affine_map_attr(ctx, lb));
	st_op_set_attr(op, "upperBoundMap", st_affine_map_attr(ctx, ub));
	return st;
}

st_affine_expr *st__affine_shift_dims(st_context *ctx, st_affine_expr *e, unsigned ndims, unsigned by) {
	st_affine_expr *small[16], **dims = ndims <= 16 ? small : st_ctx_alloc(ctx, ndims * sizeof *dims);
	if (!dims)
		return NULL;
	for (unsigned d = 0; d < ndims; d++)
		dims[d] = st_affine_dim(ctx, d + by);
	st_affine_expr *r = ndims ? st_affine_expr_replace(ctx, e, dims, NULL) : e;
	if (dims != small)
		st_ctx_free(ctx, dims, ndims * sizeof *dims);
	return r;
}

/* `e` of `m` with its dims renamed d(dim_at + i) and symbols s(sym_at + i). */
static st_affine_expr *renumber(st_context *ctx, const st_affine_map *m, st_affine_expr *e, unsigned dim_at,
                               unsigned sym_at, st_affine_expr **scratch) {
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	for (unsigned i = 0; i < nd; i++)
		scratch[i] = st_affine_dim(ctx, dim_at + i);
	for (unsigned i = 0; i < ns; i++)
		scratch[nd + i] = st_affine_symbol(ctx, sym_at + i);
	return st_affine_expr_replace(ctx, e, scratch, scratch + nd);
}

st_status st__affine_joint_bounds(st_context *ctx, const st__affine_bound *lb, const st__affine_bound *ub,
                                  st__affine_joint *j) {
	unsigned ld = st_affine_map_num_dims(lb->map), ls = st_affine_map_num_symbols(lb->map);
	unsigned ud = st_affine_map_num_dims(ub->map), us = st_affine_map_num_symbols(ub->map);
	memset(j, 0, sizeof *j);
	j->n = lb->n + ub->n;
	j->nr = st_affine_map_num_results(ub->map);
	j->nd = ld + ud;
	j->ns = ls + us;
	size_t nscratch = (size_t)ld + ls + ud + us + 1;
	st_affine_expr **scratch = st_ctx_alloc(ctx, nscratch * sizeof *scratch);
	j->ops = st_ctx_alloc(ctx, (j->n ? j->n : 1) * sizeof *j->ops);
	j->U = st_ctx_alloc(ctx, (j->nr ? j->nr : 1) * sizeof *j->U);
	st_status st = scratch && j->ops && j->U ? ST_OK : ST_FAIL;
	if (st_succeeded(st)) {
		st__affine_copy(j->ops, lb->ops, ld);
		st__affine_copy(j->ops + ld, ub->ops, ud);
		st__affine_copy(j->ops + ld + ud, lb->ops + ld, ls);
		st__affine_copy(j->ops + ld + ud + ls, ub->ops + ud, us);
		j->L = renumber(ctx, lb->map, st_affine_map_result(lb->map, 0), 0, 0, scratch);
		for (size_t r = 0; r < j->nr; r++)
			if (!(j->U[r] = renumber(ctx, ub->map, st_affine_map_result(ub->map, r), ld, ls, scratch)))
				st = ST_FAIL;
		if (!j->L)
			st = ST_FAIL;
	}
	if (scratch)
		st_ctx_free(ctx, scratch, nscratch * sizeof *scratch);
	return st;
}

void st__affine_joint_free(st_context *ctx, st__affine_joint *j) {
	if (j->ops)
		st_ctx_free(ctx, j->ops, (j->n ? j->n : 1) * sizeof *j->ops);
	if (j->U)
		st_ctx_free(ctx, j->U, (j->nr ? j->nr : 1) * sizeof *j->U);
	j->ops = NULL;
	j->U = NULL;
}

st_status st__affine_each_loop(st_pass *pass, st_op *root, bool innermost, st__affine_loop_fn fn, const void *data) {
	st_context *ctx = st_pass_context(pass);
	st__affine_oplist loops = {.ctx = ctx};
	st_rewriter *rw = st_rewriter_create_simple(ctx);
	st_status st = !rw ? ST_FAIL : innermost ? st__affine_collect_innermost(root, &loops)
	                                          : st__affine_collect_outermost(root, &loops);
	for (size_t i = 0; st_succeeded(st) && i < loops.n; i++)
		st = fn(rw, loops.v[i], data);
	st__affine_oplist_free(&loops);
	if (rw)
		st_rewriter_destroy(rw);
	return st;
}
