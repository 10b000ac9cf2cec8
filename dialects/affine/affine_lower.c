/* lower-affine: affine ops to scf, arith and memref (MLIR's pass name).
 * Maps become arith (affine_expand.c); affine.for becomes scf.for from
 * the max of its lower bounds to the min of its upper bounds; affine.if
 * becomes scf.if on the conjunction of its constraints; loads and stores
 * become memref.load/store at the expanded indices.  affine.parallel
 * becomes a nest of scf.for carrying its accumulators (from the
 * reductions' identities), which runs the iterations in the row-major
 * order the interpreter gives affine.parallel; MLIR emits scf.parallel,
 * which means the same for a parallel band. */
#include "affine_expand.h"
#include "affine_passes.h"

#include <stdio.h>

typedef struct lowering {
	st_rewriter *rw;
	st_context *ctx;
	st_op **ops;
	size_t n, cap;
} lowering;

static st_walk_result collect(st_op *op, void *ud) {
	lowering *l = ud;
	const char *name = st_op_name_cstr(op);
	if (strncmp(name, "affine.", 7) != 0 || st_affine_is_yield(op))
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(l->ctx, (void **)&l->ops, &l->cap, NULL, sizeof *l->ops, l->n + 1))
		return ST_WALK_INTERRUPT;
	l->ops[l->n++] = op;
	return ST_WALK_ADVANCE;
}

/* Operands [start, start + n) of `op` in a context array (free with
 * free_vals). */
static st_value **vals_of(st_context *ctx, st_op *op, size_t start, size_t n) {
	st_value **v = st_ctx_alloc(ctx, (n ? n : 1) * sizeof *v);
	for (size_t i = 0; v && i < n; i++)
		v[i] = st_op_operand(op, start + i);
	return v;
}

static void free_vals(st_context *ctx, st_value **v, size_t n) { st_ctx_free(ctx, v, (n ? n : 1) * sizeof *v); }

static st_value *bound(lowering *l, st_op *op, const st_affine_map *m, size_t start, size_t first, size_t n,
                       bool lower) {
	size_t nin = (size_t)st_affine_map_num_dims(m) + st_affine_map_num_symbols(m);
	st_value **v = vals_of(l->ctx, op, start, nin);
	st_value *r = v ? st__affine_expand_min_max(l->rw, st_op_loc(op), m, first, n, v, lower) : NULL;
	if (v)
		free_vals(l->ctx, v, nin);
	return r;
}

/* The terminator of `b` (an affine.yield) becomes `name` with its operands. */
static bool retarget_yield(lowering *l, st_block *b, const char *name) {
	st_op *y = st_block_last_op(b);
	if (!st_affine_is_yield(y))
		return true;
	size_t n = st_op_num_operands(y);
	st_value **v = vals_of(l->ctx, y, 0, n);
	if (!v)
		return false;
	st_rewriter_set_insertion_before(l->rw, y);
	st_op *t = st__affine_create(l->rw, name, st_op_loc(y), n, v, 0, NULL, NULL, 0);
	free_vals(l->ctx, v, n);
	if (!t)
		return false;
	st_rewriter_erase_op(l->rw, y);
	return true;
}

static st_status lower_for(lowering *l, st_op *op) {
	size_t lbs, ubs, inits;
	st_affine_for_lb_operands(op, &lbs);
	st_affine_for_ub_operands(op, &ubs);
	size_t ninit = st_affine_for_inits(op, &inits);
	const st_affine_map *lbm = st_affine_for_lb_map(op), *ubm = st_affine_for_ub_map(op);
	st_value *lb = bound(l, op, lbm, lbs, 0, st_affine_map_num_results(lbm), true);
	st_value *ub = bound(l, op, ubm, ubs, 0, st_affine_map_num_results(ubm), false);
	st_value *step = st__affine_const_index(l->rw, st_op_loc(op), st_affine_for_step(op));
	if (!lb || !ub || !step)
		return ST_FAIL;
	size_t n = 3 + ninit;
	st_value **v = st_ctx_alloc(l->ctx, n * sizeof *v);
	for (size_t i = 0; v && i < ninit; i++)
		v[3 + i] = st_op_operand(op, inits + i);
	st_type **types = st_ctx_alloc(l->ctx, (ninit ? ninit : 1) * sizeof *types);
	if (!v || !types)
		return ST_FAIL;
	v[0] = lb, v[1] = ub, v[2] = step;
	for (size_t i = 0; i < ninit; i++)
		types[i] = st_value_type(st_op_result(op, i));
	st_op *f = st__affine_create(l->rw, "scf.for", st_op_loc(op), n, v, ninit, types, NULL, 1);
	free_vals(l->ctx, v, n);
	st_ctx_free(l->ctx, types, (ninit ? ninit : 1) * sizeof *types);
	if (!f)
		return ST_FAIL;
	st_region_take_body(st_op_region(f, 0), st_op_region(op, 0));
	if (!retarget_yield(l, st_region_first_block(st_op_region(f, 0)), "scf.yield"))
		return ST_FAIL;
	st_rewriter_replace_op_with_op(l->rw, op, f);
	return ST_OK;
}

static st_status lower_if(lowering *l, st_op *op) {
	size_t n = st_op_num_operands(op), nres = st_op_num_results(op);
	st_value **v = vals_of(l->ctx, op, 0, n);
	st_value *cond = v ? st__affine_expand_set(l->rw, st_op_loc(op), st_affine_if_set(op), v) : NULL;
	if (v)
		free_vals(l->ctx, v, n);
	st_type **types = st_ctx_alloc(l->ctx, (nres ? nres : 1) * sizeof *types);
	if (!cond || !types)
		return ST_FAIL;
	for (size_t i = 0; i < nres; i++)
		types[i] = st_value_type(st_op_result(op, i));
	st_op *s = st__affine_create(l->rw, "scf.if", st_op_loc(op), 1, &cond, nres, types, NULL, 2);
	st_ctx_free(l->ctx, types, (nres ? nres : 1) * sizeof *types);
	if (!s)
		return ST_FAIL;
	for (size_t r = 0; r < 2; r++) {
		st_region_take_body(st_op_region(s, r), st_op_region(op, r));
		st_block *b = st_region_first_block(st_op_region(s, r));
		if (b && !retarget_yield(l, b, "scf.yield"))
			return ST_FAIL;
	}
	st_rewriter_replace_op_with_op(l->rw, op, s);
	return ST_OK;
}

/* The map's results as values, over the op's map operands. */
static st_value **expand_all(lowering *l, st_op *op, size_t *nres) {
	const st_affine_map *m = st_affine_op_map(op);
	size_t start, nin = st_affine_op_map_operands(op, &start);
	*nres = st_affine_map_num_results(m);
	st_value **in = vals_of(l->ctx, op, start, nin);
	st_value **out = st_ctx_alloc(l->ctx, (*nres ? *nres : 1) * sizeof *out);
	bool ok = in && out;
	for (size_t r = 0; ok && r < *nres; r++)
		ok = (out[r] = st__affine_expand_result(l->rw, st_op_loc(op), m, r, in)) != NULL;
	if (in)
		free_vals(l->ctx, in, nin);
	if (!ok && out) {
		free_vals(l->ctx, out, *nres);
		out = NULL;
	}
	return out;
}

static st_status lower_access(lowering *l, st_op *op) {
	size_t nidx;
	bool store = st_affine_is_store(op);
	st_value **idx = expand_all(l, op, &nidx);
	if (!idx)
		return ST_FAIL;
	size_t lead = store ? 2 : 1, n = lead + nidx;
	st_value **v = st_ctx_alloc(l->ctx, n * sizeof *v);
	if (!v)
		return ST_FAIL;
	for (size_t i = 0; i < lead; i++)
		v[i] = st_op_operand(op, i);
	st__affine_copy(v + lead, idx, nidx);
	free_vals(l->ctx, idx, nidx);
	st_type *t = store ? NULL : st_value_type(st_op_result(op, 0));
	st_op *m = st__affine_create(l->rw, store ? "memref.store" : "memref.load", st_op_loc(op), n, v, store ? 0 : 1,
	                             &t, NULL, 0);
	free_vals(l->ctx, v, n);
	if (!m)
		return ST_FAIL;
	st_rewriter_replace_op_with_op(l->rw, op, m);
	return ST_OK;
}

static st_status lower_map_op(lowering *l, st_op *op) {
	const st_affine_map *m = st_affine_op_map(op);
	size_t nin = st_op_num_operands(op);
	st_value **in = vals_of(l->ctx, op, 0, nin);
	if (!in)
		return ST_FAIL;
	st_value *r = st__affine_expand_min_max(l->rw, st_op_loc(op), m, 0, st_affine_map_num_results(m), in,
	                                        st_affine_is_max(op));
	free_vals(l->ctx, in, nin);
	if (!r)
		return ST_FAIL;
	st_rewriter_replace_op(l->rw, op, &r);
	return ST_OK;
}

/* The arith op of a reduction kind (MLIR's getReductionOp). */
static const char *reduction_op(const char *kind) {
	static const char *const map[][2] = {
		{"maxs", "maxsi"}, {"mins", "minsi"}, {"maxu", "maxui"}, {"minu", "minui"}, {NULL, NULL},
	};
	for (size_t i = 0; map[i][0]; i++)
		if (!strcmp(kind, map[i][0]))
			return map[i][1];
	return kind;
}

/* One scf.for per dimension, the accumulators threaded through. */
static st_status lower_parallel(lowering *l, st_op *op) {
	size_t nd = st_affine_parallel_num_dims(op), nres = st_op_num_results(op);
	size_t lbs, ubs;
	st_affine_parallel_lb_operands(op, &lbs);
	st_affine_parallel_ub_operands(op, &ubs);
	st_attr *loc = st_op_loc(op);
	st_value **acc = st_ctx_alloc(l->ctx, (nres + 3) * sizeof *acc);
	st_type **types = st_ctx_alloc(l->ctx, (nres ? nres : 1) * sizeof *types);
	st_value **ivs = st_ctx_alloc(l->ctx, (nd ? nd : 1) * sizeof *ivs);
	st_op *outer = NULL;
	st_status st = acc && types && ivs ? ST_OK : ST_FAIL;
	for (size_t k = 0; st_succeeded(st) && k < nres; k++) {
		uint64_t bits;
		types[k] = st_value_type(st_op_result(op, k));
		const char *kind = st_affine_parallel_reduction(op, k);
		if (!st__affine_reduction_identity(kind, types[k], &bits)) {
			st = st_op_error(op, "cannot lower reduction '%s' of this type", kind ? kind : "?");
			break;
		}
		st_named_attr a = {st_ident_get_c(l->ctx, "value"),
		                   st_type_is_float(types[k]) ? st_float_attr_bits(l->ctx, types[k], bits)
		                                              : st_integer_attr(l->ctx, types[k], (int64_t)bits)};
		st_op *c = st__affine_create(l->rw, "arith.constant", loc, 0, NULL, 1, &types[k], st_dict_attr(l->ctx, 1, &a), 0);
		if (!c)
			st = ST_FAIL;
		else
			acc[3 + k] = st_op_result(c, 0);
	}
	st_op *inner = NULL;
	for (size_t d = 0; st_succeeded(st) && d < nd; d++) {
		size_t f, c = st_affine_parallel_lb_group(op, d, &f);
		acc[0] = bound(l, op, st_affine_parallel_lb_map(op), lbs, f, c, true);
		c = st_affine_parallel_ub_group(op, d, &f);
		acc[1] = bound(l, op, st_affine_parallel_ub_map(op), ubs, f, c, false);
		acc[2] = st__affine_const_index(l->rw, loc, st_affine_parallel_step(op, d));
		st_op *loop = acc[0] && acc[1] && acc[2] ? st__affine_create(l->rw, "scf.for", loc, 3 + nres, acc, nres, types, NULL, 1) : NULL;
		st_block *b = loop ? st_block_create(l->ctx) : NULL;
		if (!b) {
			st = ST_FAIL;
			break;
		}
		st_region_append_block(st_op_region(loop, 0), b);
		ivs[d] = st_block_add_arg(b, st_index_type(l->ctx), loc);
		for (size_t k = 0; k < nres; k++)
			acc[3 + k] = st_block_add_arg(b, types[k], loc);
		if (inner) {
			/* The enclosing loop yields this loop's results. */
			st_rewriter_set_insertion_after(l->rw, loop);
			st_value **res = st_ctx_alloc(l->ctx, (nres ? nres : 1) * sizeof *res);
			for (size_t k = 0; res && k < nres; k++)
				res[k] = st_op_result(loop, k);
			if (!res || !st__affine_create(l->rw, "scf.yield", loc, nres, res, 0, NULL, NULL, 0))
				st = ST_FAIL;
			if (res)
				free_vals(l->ctx, res, nres);
		} else {
			outer = loop;
		}
		inner = loop;
		st_rewriter_set_insertion_start(l->rw, b);
	}
	if (st_succeeded(st) && !inner)
		st = st_op_error(op, "cannot lower an affine.parallel without dimensions");
	if (st_succeeded(st)) {
		/* The body goes into the innermost loop; its yielded values are
		 * folded into the accumulators with the reductions' arith ops. */
		st_block *b = st_region_first_block(st_op_region(inner, 0));
		st_rewriter_merge_blocks(l->rw, st_region_first_block(st_op_region(op, 0)), b, ivs);
		st_op *y = st_block_last_op(b);
		st_rewriter_set_insertion_before(l->rw, y);
		for (size_t k = 0; st_succeeded(st) && k < nres; k++) {
			char name[32];
			snprintf(name, sizeof name, "arith.%s", reduction_op(st_affine_parallel_reduction(op, k)));
			st_value *ops[2] = {acc[3 + k], st_op_operand(y, k)};
			st_op *r = st__affine_create(l->rw, name, loc, 2, ops, 1, &types[k], NULL, 0);
			if (!r)
				st = ST_FAIL;
			else
				acc[3 + k] = st_op_result(r, 0);
		}
		if (st_succeeded(st) && !st__affine_create(l->rw, "scf.yield", loc, nres, acc + 3, 0, NULL, NULL, 0))
			st = ST_FAIL;
		if (st_succeeded(st)) {
			st_rewriter_erase_op(l->rw, y);
			st_rewriter_replace_op_with_op(l->rw, op, outer);
		}
	}
	free_vals(l->ctx, ivs, nd);
	free_vals(l->ctx, acc, nres + 3);
	st_ctx_free(l->ctx, types, (nres ? nres : 1) * sizeof *types);
	return st;
}

static st_status run(st_pass *pass, st_op *root) {
	lowering l = {.ctx = st_pass_context(pass)};
	l.rw = st_rewriter_create_simple(l.ctx);
	if (!l.rw)
		return ST_FAIL;
	st_status st = st_walk(root, ST_WALK_POST, collect, &l) == ST_WALK_INTERRUPT ? ST_FAIL : ST_OK;
	for (size_t i = 0; st_succeeded(st) && i < l.n; i++) {
		st_op *op = l.ops[i];
		st_rewriter_set_insertion_before(l.rw, op);
		if (st_affine_is_for(op))
			st = lower_for(&l, op);
		else if (st_affine_is_if(op))
			st = lower_if(&l, op);
		else if (st_affine_is_load(op) || st_affine_is_store(op))
			st = lower_access(&l, op);
		else if (st_affine_is_parallel(op))
			st = lower_parallel(&l, op);
		else
			st = lower_map_op(&l, op);
	}
	if (l.ops)
		st_ctx_free(l.ctx, l.ops, l.cap * sizeof *l.ops);
	st_rewriter_destroy(l.rw);
	return st;
}

const st_pass_def st__affine_lower_pass = {
	.name = "lower-affine",
	.summary = "Lower Affine operations to a combination of Standard and SCF operations",
	.run = run,
	.display_name = "LowerAffinePass",
};
