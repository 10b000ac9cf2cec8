/* affine-loop-unroll{unroll-factor= unroll-full} and
 * affine-loop-unroll-jam{unroll-jam-factor=} (MLIR's names and defaults).
 * A loop is first split so that the main loop runs a multiple of the
 * factor: with constant bounds at lb + (tc - tc mod f) * step, otherwise
 * at the min over the upper bounds of lb + ((ub - lb) ceildiv step
 * floordiv f) * f * step (an affine.apply/min), the rest going to a
 * cleanup copy of the loop that starts at the max of that value and lb.
 * Unrolling copies the body f - 1 times with the induction variable
 * shifted by an affine.apply, threading iter_args; a full unroll of a
 * constant trip count replaces the loop by its copies.  Unroll-jam
 * copies each straight-line piece of the nest in place (MLIR's
 * sub-blocks), so inner loops are shared by the copies; it is done only
 * when every memref the nest writes is accessed through one map that
 * names the jammed variable as a whole subscript (iterations of the
 * outer loop then touch disjoint elements), no loop carries iter_args
 * and inner bounds do not use the jammed variable. */
#include "affine_loops.h"
#include "affine_passes.h"

/* Splits `loop` for unrolling by f; false (IR untouched) when its lower
 * bound has several results and the bounds are not constant. */
static st_status split_for_unroll(st_rewriter *rw, st_op *loop, int64_t f, bool *ok) {
	st_context *ctx = st_rewriter_context(rw);
	st_attr *loc = st_op_loc(loop);
	int64_t s = st_affine_for_step(loop), tc = st_affine_for_const_trip_count(loop), lbc, ubc;
	*ok = true;
	if (tc >= 0) {
		if (tc % f == 0)
			return ST_OK;
		st_affine_for_constant_bounds(loop, &lbc, &ubc);
		int64_t split = lbc + (tc - tc % f) * s;
		st_rewriter_set_insertion_after(rw, loop);
		st_op *clean = st_rewriter_clone(rw, loop, NULL);
		if (!clean)
			return ST_FAIL;
		if (st_failed(st__affine_set_for_bounds(clean, st_affine_map_constant(ctx, split), 0, NULL,
		                                        st_affine_for_ub_map(loop), 0, NULL)) ||
		    st_failed(st__affine_set_for_bounds(loop, st_affine_for_lb_map(loop), 0, NULL,
		                                        st_affine_map_constant(ctx, split), 0, NULL)))
			return ST_FAIL;
		goto chain;
	}
	{
		st__affine_bound lb, ub;
		if (st_affine_map_num_results(st_affine_for_lb_map(loop)) != 1) {
			*ok = false;
			return ST_OK;
		}
		if (st_failed(st__affine_for_bounds(loop, &lb, &ub)))
			return ST_FAIL;
		unsigned ld = st_affine_map_num_dims(lb.map), ls = st_affine_map_num_symbols(lb.map);
		st__affine_joint jb;
		st_status st = st__affine_joint_bounds(ctx, &lb, &ub, &jb);
		st_affine_expr *fs = st_affine_const(ctx, f * s);
		/* main loop's end: L + ((U - L) ceildiv s floordiv f) * f * s */
		for (size_t r = 0; r < jb.nr && st_succeeded(st); r++) {
			st_affine_expr *tcr = st_affine_ceildiv(ctx, st_affine_sub(ctx, jb.U[r], jb.L), st_affine_const(ctx, s));
			if (!(jb.U[r] = st_affine_add(ctx, jb.L, st_affine_mul(ctx, st_affine_floordiv(ctx, tcr, st_affine_const(ctx, f)), fs))))
				st = ST_FAIL;
		}
		st_op *split = NULL;
		if (st_succeeded(st)) {
			st_type *index = st_index_type(ctx);
			st_named_attr a = {st_ident_get_c(ctx, "map"),
			                   st_affine_map_attr(ctx, st_affine_map_get(ctx, jb.nd, jb.ns, jb.nr, jb.U))};
			st_rewriter_set_insertion_before(rw, loop);
			split = st__affine_create(rw, jb.nr == 1 ? "affine.apply" : "affine.min", loc, jb.n, jb.ops, 1, &index,
			                          st_dict_attr(ctx, 1, &a), 0);
		}
		st_value *v = split ? st_op_result(split, 0) : NULL;
		st_rewriter_set_insertion_after(rw, loop);
		st_op *clean = v ? st_rewriter_clone(rw, loop, NULL) : NULL;
		st_affine_expr *d0 = st_affine_dim(ctx, 0);
		st_value **cl = clean ? st_ctx_alloc(ctx, (lb.n + 1) * sizeof *cl) : NULL;
		if (!cl) {
			st = ST_FAIL;
		} else {
			/* cleanup: from max(v, lb) to ub */
			st_affine_expr *two[2] = {d0, st__affine_shift_dims(ctx, st_affine_map_result(lb.map, 0), ld, 1)};
			cl[0] = v;
			st__affine_copy(cl + 1, lb.ops, lb.n);
			st = st__affine_set_for_bounds(clean, st_affine_map_get(ctx, ld + 1, ls, 2, two), lb.n + 1, cl, ub.map,
			                               ub.n, ub.ops);
			st_ctx_free(ctx, cl, (lb.n + 1) * sizeof *cl);
			if (st_succeeded(st))
				st = st__affine_set_for_bounds(loop, lb.map, lb.n, lb.ops, st_affine_map_get(ctx, 1, 0, 1, &d0), 1, &v);
		}
		st__affine_joint_free(ctx, &jb);
		st__affine_bound_free(ctx, &lb);
		st__affine_bound_free(ctx, &ub);
		if (st_failed(st))
			return ST_FAIL;
	}
chain : {
	/* The cleanup loop starts from the main loop's results. */
	st_op *clean = st_op_next(loop);
	size_t inits, ninit = st_affine_for_inits(clean, &inits);
	for (size_t i = 0; i < ninit; i++) {
		st_rewriter_replace_all_uses_except(rw, st_op_result(loop, i), st_op_result(clean, i), clean);
		st_op_set_operand(clean, inits + i, st_op_result(loop, i));
	}
}
	return ST_OK;
}

/* iv + k * step, for copy k. */
static st_value *shifted_iv(st_rewriter *rw, st_op *loop, int64_t k) {
	st_context *ctx = st_rewriter_context(rw);
	st_affine_expr *e = st_affine_add(ctx, st_affine_dim(ctx, 0), st_affine_const(ctx, k * st_affine_for_step(loop)));
	st_value *iv = st_affine_for_iv(loop);
	st_op *a = st_affine_build_apply(rw, st_op_loc(loop), st_affine_map_get(ctx, 1, 0, 1, &e), 1, &iv);
	return a ? st_op_result(a, 0) : NULL;
}

/* The body of `loop` (already split) repeated f times per trip. */
static st_status unroll_body(st_rewriter *rw, st_op *loop, int64_t f) {
	st_context *ctx = st_rewriter_context(rw);
	st_block *b = st_affine_for_body(loop);
	st_op *y = st_block_last_op(b);
	size_t ny = st_op_num_operands(y);
	st_op *body_end = st_op_prev(y);
	for (int64_t k = 1; k < f; k++) {
		st_value_map *map = st_value_map_create(ctx);
		if (!map)
			return ST_FAIL;
		st_rewriter_set_insertion_before(rw, y);
		st_value *iv = shifted_iv(rw, loop, k);
		st_status st = iv ? ST_OK : ST_FAIL;
		if (iv)
			st_value_map_add(map, st_affine_for_iv(loop), iv);
		for (size_t i = 0; i < ny; i++)
			st_value_map_add(map, st_affine_for_iter_arg(loop, i), st_op_operand(y, i));
		/* Clone the original body only (not earlier copies). */
		st_op *first = body_end ? st_block_first_op(b) : NULL;
		for (st_op *op = first; st_succeeded(st) && op; op = st_op_next(op)) {
			st_rewriter_set_insertion_before(rw, y);
			if (!st_rewriter_clone(rw, op, map))
				st = ST_FAIL;
			if (op == body_end)
				break;
		}
		st_rewriter_modify_start(rw, y);
		for (size_t i = 0; st_succeeded(st) && i < ny; i++)
			st_op_set_operand(y, i, st_value_map_lookup_or_self(map, st_op_operand(y, i)));
		st_rewriter_modify_end(rw, y);
		st_value_map_destroy(map);
		if (st_failed(st))
			return ST_FAIL;
	}
	st_op_set_attr(loop, "step", st_integer_attr(ctx, st_index_type(ctx), st_affine_for_step(loop) * f));
	return ST_OK;
}

/* A constant trip count: the loop becomes its tc copies. */
static st_status unroll_full(st_rewriter *rw, st_op *loop) {
	st_context *ctx = st_rewriter_context(rw);
	int64_t tc = st_affine_for_const_trip_count(loop), lb, ub, s = st_affine_for_step(loop);
	st_affine_for_constant_bounds(loop, &lb, &ub);
	size_t inits, n = st_affine_for_inits(loop, &inits);
	st_value **cur = st__affine_operands(ctx, loop, inits, n);
	st_block *b = st_affine_for_body(loop);
	st_op *y = st_block_last_op(b);
	st_status st = cur ? ST_OK : ST_FAIL;
	for (int64_t k = 0; st_succeeded(st) && k < tc; k++) {
		st_value_map *map = st_value_map_create(ctx);
		st_rewriter_set_insertion_before(rw, loop);
		st_value *iv = map ? st__affine_const_index(rw, st_op_loc(loop), lb + k * s) : NULL;
		if (!iv) {
			st = ST_FAIL;
		} else {
			st_value_map_add(map, st_affine_for_iv(loop), iv);
			for (size_t i = 0; i < n; i++)
				st_value_map_add(map, st_affine_for_iter_arg(loop, i), cur[i]);
			st = st__affine_clone_body(rw, b, loop, map);
			for (size_t i = 0; i < n; i++)
				cur[i] = st_value_map_lookup_or_self(map, st_op_operand(y, i));
		}
		if (map)
			st_value_map_destroy(map);
	}
	if (st_succeeded(st))
		st_rewriter_replace_op(rw, loop, cur);
	st__affine_free_values(ctx, cur, n);
	return st;
}

typedef struct unroll_options {
	int64_t factor;
	bool full;
} unroll_options;

static st_status unroll(st_rewriter *rw, st_op *loop, int64_t f) {
	int64_t tc = st_affine_for_const_trip_count(loop);
	bool ok;
	if (tc >= 0 && tc <= f)
		return tc == f || tc == 0 ? unroll_full(rw, loop) : ST_OK;
	if (f < 2)
		return ST_OK;
	if (st_failed(split_for_unroll(rw, loop, f, &ok)))
		return ST_FAIL;
	return ok ? unroll_body(rw, loop, f) : ST_OK;
}

static st_status unroll_one(st_rewriter *rw, st_op *l, const void *data) {
	const unroll_options *o = data;
	if (o->full)
		return st_affine_for_const_trip_count(l) >= 0 ? unroll_full(rw, l) : ST_OK;
	return unroll(rw, l, o->factor);
}

static st_status run_unroll(st_pass *pass, st_op *root) {
	const unroll_options *o = st_pass_options(pass);
	if (o->factor < 1 && !o->full)
		return st_error(st_pass_context(pass), st_op_loc(root), "unroll-factor must be at least 1, got %lld",
		                (long long)o->factor);
	return st__affine_each_loop(pass, root, true, unroll_one, o);
}

static const st_pass_option_def unroll_opts[] = {
	{"unroll-factor", "Use this unroll factor for all loops being unrolled", ST_PASS_OPT_INT, "4",
	 offsetof(unroll_options, factor), NULL},
	{"unroll-full", "Fully unroll loops", ST_PASS_OPT_BOOL, "false", offsetof(unroll_options, full), NULL},
};

const st_pass_def st__affine_unroll_pass = {
	.name = "affine-loop-unroll",
	.summary = "Unroll affine loops",
	.anchor = "func.func",
	.options = unroll_opts,
	.noptions = 2,
	.options_size = sizeof(unroll_options),
	.run = run_unroll,
	.display_name = "LoopUnroll",
};

/* ------------------------------------------------------------ unroll-jam */

typedef struct jam_check {
	st_op *loop;
	st_value *iv;
	bool ok;
} jam_check;

static st_walk_result check_nest(st_op *op, void *ud) {
	jam_check *c = ud;
	if (st_affine_is_for(op)) {
		if (st_affine_for_num_iter_args(op))
			c->ok = false;
		size_t inits;
		st_affine_for_inits(op, &inits);
		for (size_t i = 0; op != c->loop && i < inits; i++)
			if (st_op_operand(op, i) == c->iv)
				c->ok = false;
	}
	if (!st_affine_is_store(op))
		return c->ok ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
	/* Every access to the stored memref: this map and these operands,
	 * with a subscript that is exactly the jammed variable. */
	const st_affine_map *m = st_affine_op_map(op);
	size_t start, n = st_affine_op_map_operands(op, &start);
	bool names_iv = false;
	for (size_t r = 0; r < st_affine_map_num_results(m); r++) {
		st_affine_expr *e = st_affine_map_result(m, r);
		if (st_affine_expr_kind(e) == ST_AFFINE_DIM && st_op_operand(op, start + st_affine_expr_position(e)) == c->iv)
			names_iv = true;
	}
	if (!names_iv)
		c->ok = false;
	st_value *mem = st_affine_access_memref(op);
	for (st_use *u = st_value_first_use(mem); u && c->ok; u = st_use_next(u)) {
		st_op *user = st_use_owner(u);
		if (!st_op_is_ancestor(c->loop, user))
			continue;
		if (!(st_affine_is_load(user) || st_affine_is_store(user)) || st_affine_access_memref(user) != mem ||
		    st_affine_op_map(user) != m) {
			c->ok = false;
			break;
		}
		size_t us, un = st_affine_op_map_operands(user, &us);
		for (size_t i = 0; i < un && i < n; i++)
			if (st_op_operand(user, us + i) != st_op_operand(op, start + i))
				c->ok = false;
	}
	return c->ok ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

/* The copies of one straight-line piece [first, last] go after it. */
static st_status jam_piece(st_rewriter *rw, st_op *first, st_op *last, st_value_map **maps, int64_t f) {
	st_op *at = last;
	for (int64_t k = 1; k < f; k++)
		for (st_op *op = first;; op = st_op_next(op)) {
			st_rewriter_set_insertion_after(rw, at);
			if (!(at = st_rewriter_clone(rw, op, maps[k])))
				return ST_FAIL;
			if (op == last)
				break;
		}
	return ST_OK;
}

/* MLIR's sub-blocks: runs of ops without an affine.for, in every body of
 * the nest, in program order. */
static st_status jam_block(st_rewriter *rw, st_block *b, st_op *start, st_value_map **maps, int64_t f) {
	st_op *term = st_block_last_op(b), *first = NULL;
	for (st_op *op = start, *next; op && op != term; op = next) {
		next = st_op_next(op);
		if (st_affine_is_for(op)) {
			if (first && st_failed(jam_piece(rw, first, st_op_prev(op), maps, f)))
				return ST_FAIL;
			first = NULL;
			st_block *inner = st_affine_for_body(op);
			if (st_failed(jam_block(rw, inner, st_block_first_op(inner), maps, f)))
				return ST_FAIL;
			continue;
		}
		if (!first)
			first = op;
		if (next == term && st_failed(jam_piece(rw, first, op, maps, f)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status unroll_jam(st_rewriter *rw, st_op *loop, int64_t f) {
	st_context *ctx = st_rewriter_context(rw);
	jam_check c = {loop, st_affine_for_iv(loop), true};
	st_walk(loop, ST_WALK_PRE, check_nest, &c);
	int64_t tc = st_affine_for_const_trip_count(loop);
	bool ok;
	if (!c.ok || f < 2 || (tc >= 0 && tc < f))
		return ST_OK;
	if (st_failed(split_for_unroll(rw, loop, f, &ok)))
		return ST_FAIL;
	if (!ok)
		return ST_OK;
	st_value_map *maps[64] = {NULL};
	if (f > 64)
		return st_op_error(loop, "unroll-jam-factor %lld is above 64", (long long)f);
	st_status st = ST_OK;
	st_block *b = st_affine_for_body(loop);
	st_op *body_start = st_block_first_op(b);
	for (int64_t k = 1; k < f && st_succeeded(st); k++) {
		st_rewriter_set_insertion_before(rw, body_start);
		st_value *iv = (maps[k] = st_value_map_create(ctx)) ? shifted_iv(rw, loop, k) : NULL;
		if (!iv)
			st = ST_FAIL;
		else
			st_value_map_add(maps[k], st_affine_for_iv(loop), iv);
	}
	/* The applies just made are not part of the body to copy. */
	if (st_succeeded(st))
		st = jam_block(rw, b, body_start, maps, f);
	for (int64_t k = 1; k < f; k++)
		if (maps[k])
			st_value_map_destroy(maps[k]);
	if (st_succeeded(st))
		st_op_set_attr(loop, "step", st_integer_attr(ctx, st_index_type(ctx), st_affine_for_step(loop) * f));
	return st;
}

typedef struct jam_options {
	int64_t factor;
} jam_options;

static st_status jam_one(st_rewriter *rw, st_op *l, const void *data) {
	return unroll_jam(rw, l, ((const jam_options *)data)->factor);
}

static st_status run_jam(st_pass *pass, st_op *root) {
	return st__affine_each_loop(pass, root, false, jam_one, st_pass_options(pass));
}

static const st_pass_option_def jam_opts[] = {
	{"unroll-jam-factor", "Use this unroll jam factor for all loops (default 4)", ST_PASS_OPT_INT, "4",
	 offsetof(jam_options, factor), NULL},
};

const st_pass_def st__affine_unroll_jam_pass = {
	.name = "affine-loop-unroll-jam",
	.summary = "Unroll and jam affine loops",
	.anchor = "func.func",
	.options = jam_opts,
	.noptions = 1,
	.options_size = sizeof(jam_options),
	.run = run_jam,
	.display_name = "LoopUnrollAndJam",
};
