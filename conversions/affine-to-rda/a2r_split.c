/* `par` for a kernel whose only loop to copy is a reduction (a dot
 * product): the loop is split into `par` chunks of consecutive iterations,
 * each folding its own partial value from the fold's identity, written to a
 * local memory of `par` words, and a last loop folds the partial values
 * into the original initial value (SARA's parallelised reductions, section
 * 3.2: a tree of partial results).  The chunk loop has independent
 * iterations, so it is the loop the spatial copies take.
 *
 *   %r = scf.for %i = lb to ub step s iter_args(%acc = %init) { ... }
 * becomes
 *   %part = memref.alloca() : memref<P x T>
 *   scf.for %p = 0 to P {
 *     %s = scf.for %j = 0 to N/P iter_args(%acc = identity) { ...[%i = lb + (p*N/P + j)*s] }
 *     memref.store %s, %part[%p]
 *   }
 *   %r = scf.for %q = 0 to P iter_args(%acc = %init) { %acc op %part[%q] }
 *
 * Only integer folds are split: they are associative and commutative at
 * their width, so the result is the interpreter's bit for bit; a float sum
 * keeps its order (docs/rda.md) and is refused with the reason. */
#include "a2r.h"

#include "strata/arith.h"

#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

/* The identity of an integer fold at width w, or false for a float one. */
static bool identity(const char *kind, unsigned w, int64_t *out) {
	int64_t smax = w >= 64 ? INT64_MAX : (int64_t)((1ull << (w - 1)) - 1);
	if (!strcmp(kind, "addi") || !strcmp(kind, "ori") || !strcmp(kind, "xori") || !strcmp(kind, "maxui"))
		*out = 0;
	else if (!strcmp(kind, "muli"))
		*out = 1;
	else if (!strcmp(kind, "andi") || !strcmp(kind, "minui"))
		*out = -1;
	else if (!strcmp(kind, "maxsi"))
		*out = -smax - 1;
	else if (!strcmp(kind, "minsi"))
		*out = smax;
	else
		return false;
	return true;
}

static bool has_store(st_op *op) {
	if (named(op, "memref.store"))
		return true;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				if (has_store(o))
					return true;
	return false;
}

/* The fold kinds of every value `loop` carries, or false (with *why). */
static bool fold_kinds(st_op *loop, const char **kinds, size_t cap, const char **why) {
	st_block *body = st_region_first_block(st_op_region(loop, 0));
	st_op *yield = st_block_terminator(body);
	size_t n = st_op_num_results(loop);
	if (!n || n > cap) {
		*why = n ? "it carries too many values" : "it carries no value";
		return false;
	}
	for (size_t k = 0; k < n; k++) {
		st_op *combine;
		st_value *x, *cond, *acc = st_block_arg(body, k + 1);
		bool negate;
		if (!st__a2r_match_fold(acc, st_op_operand(yield, k), &combine, &x, &cond, &negate)) {
			*why = "a value it carries is no fold (acc = acc op x)";
			return false;
		}
		kinds[k] = st__a2r_fold_kind(combine, acc);
		int64_t id;
		if (!st_type_is_integer(st_value_type(acc)) && !st_type_is_index(st_value_type(acc))) {
			*why = "it folds floats, whose sum keeps the order of the iterations";
			return false;
		}
		if (!identity(kinds[k], st_type_is_index(st_value_type(acc)) ? 64 : st_type_int_width(st_value_type(acc)),
		              &id)) {
			*why = "its fold has no integer identity";
			return false;
		}
	}
	return true;
}

static st_value *cst(st_builder *b, st_type *t, int64_t v) { return st_arith_build_constant(b, t, v); }

static st_status split(a2r *a, a2r_node *n, const char *const *kinds) {
	st_context *ctx = a->ctx;
	st_op *loop = n->op;
	size_t nres = st_op_num_results(loop);
	int64_t par = a->opt.par, chunk = n->trip / par;
	st_type *ix = st_index_type(ctx), *types[8], *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_value *parts[8], *ids[8], *inits[8];
	st_builder b = st_builder_before(loop);
	st_attr *seg = st_dense_int_array_attr(ctx, i32, 2, (const int64_t[]){0, 0});
	st_named_attr e = {st_ident_get_c(ctx, "operandSegmentSizes"), seg};
	st_attr *attrs = st_dict_attr(ctx, 1, &e);
	for (size_t k = 0; k < nres; k++) {
		types[k] = st_value_type(st_op_result(loop, k));
		inits[k] = st_op_operand(loop, 3 + k);
		st_type *mt = st_memref_type(ctx, 1, &par, types[k], NULL, NULL);
		st_op *al = st_build_op(&b, "memref.alloca", 0, NULL, 1, &mt, attrs, 0);
		parts[k] = al ? st_op_result(al, 0) : NULL;
		int64_t id = 0;
		identity(kinds[k], st_type_is_index(types[k]) ? 64 : st_type_int_width(types[k]), &id);
		ids[k] = cst(&b, types[k], id);
	}
	st_value *vchunk = cst(&b, ix, chunk), *vpar = cst(&b, ix, par), *zero = cst(&b, ix, 0), *one = cst(&b, ix, 1);
	/* The chunks: the loop itself, moved into a loop over them. */
	st_op *outer = st__a2r_new_for(&b, vpar, 0, NULL, NULL);
	if (b.failed || !outer)
		return ST_FAIL;
	st_block *ob = st_region_first_block(st_op_region(outer, 0));
	st_value *p = st_block_arg(ob, 0);
	st_builder yb = st_builder_at_end(ctx, ob, b.loc);
	st_op *oy = st_build_op(&yb, "scf.yield", 0, NULL, 0, NULL, NULL, 0);
	/* The result: a loop folding the parts into the initial values. */
	st_builder fb = st_builder_before(st_op_next(outer));
	st_op *final = st__a2r_new_for(&fb, vpar, nres, inits, types);
	if (!oy || !final)
		return ST_FAIL;
	st_value *fres[8];
	for (size_t k = 0; k < nres; k++)
		fres[k] = st_op_result(final, k);
	st_op_replace_all_uses(loop, fres);
	st_block *fbody = st_region_first_block(st_op_region(final, 0));
	st_builder ib = st_builder_at_end(ctx, fbody, b.loc);
	st_value *ys[8];
	for (size_t k = 0; k < nres; k++) {
		st_value *q = st_block_arg(fbody, 0);
		st_op *ld = st_build_op(&ib, "memref.load", 2, (st_value *[]){parts[k], q}, 1, &types[k], NULL, 0);
		char name[24];
		snprintf(name, sizeof name, "arith.%s", kinds[k]);
		ys[k] = ld ? st_arith_build_binary(&ib, name, st_block_arg(fbody, k + 1), st_op_result(ld, 0)) : NULL;
	}
	st_build_op(&ib, "scf.yield", nres, ys, 0, NULL, NULL, 0);
	/* The chunk loop: from the identities, over N/P iterations, the
	 * original variable lb + (p * N/P + j) * step. */
	st_op_move_before(loop, oy);
	st_value *lb = st_op_operand(loop, 0), *step = st_op_operand(loop, 2);
	st_op_set_operand(loop, 0, zero);
	st_op_set_operand(loop, 1, vchunk);
	st_op_set_operand(loop, 2, one);
	for (size_t k = 0; k < nres; k++)
		st_op_set_operand(loop, 3 + k, ids[k]);
	st_block *body = st_region_first_block(st_op_region(loop, 0));
	st_value *j = st_block_arg(body, 0);
	/* The uses of j before the new ops use it. */
	size_t nuses = 0;
	for (st_use *u = st_value_first_use(j); u; u = st_use_next(u))
		nuses++;
	st_op **owners = st_ctx_alloc(ctx, (nuses ? nuses : 1) * sizeof *owners);
	unsigned *idx = st_ctx_alloc(ctx, (nuses ? nuses : 1) * sizeof *idx);
	if (!owners || !idx)
		return ST_FAIL;
	nuses = 0;
	for (st_use *u = st_value_first_use(j); u; u = st_use_next(u))
		owners[nuses] = st_use_owner(u), idx[nuses++] = st_use_operand_index(u);
	st_builder jb = st_builder_before(st_block_first_op(body));
	st_value *i = st_arith_build_binary(&jb, "arith.addi", st_arith_build_binary(&jb, "arith.muli", p, vchunk), j);
	int64_t c;
	if (!st_arith_constant_int(step, &c) || c != 1)
		i = st_arith_build_binary(&jb, "arith.muli", i, step);
	if (!st_arith_constant_int(lb, &c) || c != 0)
		i = st_arith_build_binary(&jb, "arith.addi", lb, i);
	for (size_t u = 0; i && u < nuses; u++)
		st_op_set_operand(owners[u], idx[u], i);
	st_ctx_free(ctx, owners, (nuses ? nuses : 1) * sizeof *owners);
	st_ctx_free(ctx, idx, (nuses ? nuses : 1) * sizeof *idx);
	/* Each chunk's values into the parts. */
	st_builder sb = st_builder_before(oy);
	for (size_t k = 0; k < nres; k++)
		st_build_op(&sb, "memref.store", 3, (st_value *[]){st_op_result(loop, k), parts[k], p}, 0, NULL, NULL, 0);
	return i && !jb.failed && !sb.failed && !ib.failed && !fb.failed ? ST_OK : ST_FAIL;
}

st_status st__a2r_split_reduction(a2r *a, bool *changed) {
	*changed = false;
	if (a->opt.par <= 1)
		return ST_OK;
	a2r_node *best = NULL;
	for (size_t i = 0; i < a->nnodes; i++) {
		a2r_node *n = a->nodes[i];
		if (n->kind != A2R_LOOP)
			continue;
		if (n->parallel)
			return ST_OK; /* the copies take that loop */
		if (named(n->op, "scf.for") && st_op_num_results(n->op) && (!best || n->level < best->level))
			best = n;
	}
	if (!best)
		return ST_OK;
	const char *kinds[8], *why = NULL;
	if (!fold_kinds(best->op, kinds, 8, &why))
		return st_op_error(st_op_parent_op(best->op) ? best->op : a->original,
		                   "par=%lld: no loop has independent iterations, and this reduction cannot be split: %s",
		                   (long long)a->opt.par, why);
	if (has_store(best->op))
		return st_op_error(best->op, "par=%lld: no loop has independent iterations, and this reduction writes memory",
		                   (long long)a->opt.par);
	if (best->trip < 0)
		return st_op_error(best->op,
		                   "par=%lld: the reduction is split into par chunks of equal size, but its trip count is not "
		                   "known before it runs",
		                   (long long)a->opt.par);
	if (best->trip % a->opt.par)
		return st_op_error(best->op,
		                   "par=%lld: the reduction is split into par chunks of equal size, but its %lld iterations "
		                   "are not a multiple of par",
		                   (long long)a->opt.par, (long long)best->trip);
	if (st_failed(split(a, best, kinds)))
		return ST_FAIL;
	*changed = true;
	return ST_OK;
}
