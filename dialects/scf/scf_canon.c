/* Folders and canonicalization patterns of the scf ops that are not loops:
 * scf.if (MLIR 14's IfOp::fold and the eight IfOp patterns of SCF.cpp, in
 * MLIR's order), scf.execute_region (inlining) and scf.index_switch. */
#include "scf_internal.h"

static bool is_true(st_attr *a) { return a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) != 0; }

/* The constant `v` holds when a constant-like op defines it. */
static st_attr *const_of(st_value *v) {
	st_op *d = st_value_defining_op(v);
	const st_constant_like_iface *c = d ? st_op_interface(d, ST_IFACE_CONSTANT_LIKE) : NULL;
	return c ? c->value(d) : NULL;
}

/* `v` is arith.xori %x, true: its %x, or NULL. */
static st_value *negated(st_value *v) {
	st_op *x = st__scf_def(v, "arith.xori");
	return x && is_true(const_of(st_op_operand(x, 1))) ? st_op_operand(x, 0) : NULL;
}

static st_op *then_yield(st_op *op) { return st__scf_region_terminator(op, 0); }
static st_op *else_yield(st_op *op) { return st__scf_region_terminator(op, 1); }
static bool has_else(st_op *op) { return !st_region_is_empty(st_op_region(op, 1)); }
static st_attr *loc_of(st_op *op) { return st_op_loc(op); }

/* if (!c) then A else B  ->  if c then B else A. */
bool st__scf_fold_if(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	(void)results;
	st_region *then_r = st_op_region(op, 0), *else_r = st_op_region(op, 1);
	st_value *c = negated(st_op_operand(op, 0));
	if (st_region_is_empty(else_r) || !c)
		return false;
	st_op_set_operand(op, 0, c);
	st_block *t = st_region_first_block(then_r);
	st_block_remove(t);
	st_region_take_body(then_r, else_r);
	st_region_append_block(else_r, t);
	return true;
}

/* A new scf.if before `op` with condition `cond`, result types `types`
 * and two empty regions. */
static st_op *new_if(st_rewriter *rw, st_op *op, st_value *cond, const st__scf_types_vec *types) {
	st_rewriter_set_insertion_before(rw, op);
	return st__scf_create(rw, "scf.if", loc_of(op), 1, &cond, types->n, types->v, NULL, 2);
}

/* Replaces the operands of terminator `t` by `vals` (a new op of the same
 * name at the same place). */
static void replace_terminator(st_rewriter *rw, st_op *t, const st__scf_vec *vals) {
	st_rewriter_set_insertion_before(rw, t);
	st__scf_create(rw, st_op_name_cstr(t), st_op_loc(t), vals->n, vals->v, 0, NULL, st_op_attrs(t), 0);
	st_rewriter_erase_op(rw, t);
}

/* --------------------------------------------------- RemoveUnusedResults */

static bool remove_unused_results(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	size_t n = st_op_num_results(op), used = 0;
	for (size_t i = 0; i < n; i++)
		used += st_value_has_uses(st_op_result(op, i));
	if (used == n)
		return false;
	st__scf_vec kept;
	st__scf_vec_init(&kept);
	for (size_t i = 0; i < n; i++)
		if (st_value_has_uses(st_op_result(op, i)))
			st__scf_vec_push(ctx, &kept, st_op_result(op, i));
	st__scf_types_vec types;
	st__scf_types(ctx, &kept, &types);
	st_op *nif = new_if(rw, op, st_op_operand(op, 0), &types);
	st__scf_types_free(ctx, &types);
	for (size_t r = 0; r < 2; r++) {
		st_rewriter_inline_region_before(rw, st_op_region(op, r), st_op_region(nif, r), NULL);
		st_op *t = st__scf_region_terminator(nif, r);
		st__scf_vec ops;
		st__scf_vec_init(&ops);
		for (size_t i = 0; i < n; i++)
			if (st_value_has_uses(st_op_result(op, i)))
				st__scf_vec_push(ctx, &ops, st_op_operand(t, i));
		replace_terminator(rw, t, &ops);
		st__scf_vec_free(ctx, &ops);
	}
	st__scf_vec repl;
	st__scf_vec_init(&repl);
	for (size_t i = 0, k = 0; i < n; i++)
		st__scf_vec_push(ctx, &repl, st_value_has_uses(st_op_result(op, i)) ? st_op_result(nif, k++) : NULL);
	st_rewriter_replace_op(rw, op, repl.v);
	st__scf_vec_free(ctx, &repl);
	st__scf_vec_free(ctx, &kept);
	return true;
}

/* -------------------------------------------------- RemoveStaticCondition */

static bool remove_static_condition(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	int64_t c;
	if (!st__scf_const_int(st_op_operand(op, 0), &c))
		return false;
	if (c)
		return st__scf_replace_with_region(rw, op, st_op_region(op, 0), NULL);
	if (has_else(op))
		return st__scf_replace_with_region(rw, op, st_op_region(op, 1), NULL);
	st_rewriter_erase_op(rw, op);
	return true;
}

/* ----------------------------------------------- ConvertTrivialIfToSelect */

/* MLIR 14's form: both branches only yield, so every result is a select
 * (or the one value both yield).  Current MLIR also hoists the yielded
 * values defined outside an if that does more. */
static bool convert_trivial_if_to_select(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	size_t n = st_op_num_results(op);
	st_block *tb = st_region_first_block(st_op_region(op, 0)), *eb = st_region_first_block(st_op_region(op, 1));
	if (!n || !eb || st_block_first_op(tb) != st_block_last_op(tb) || st_block_first_op(eb) != st_block_last_op(eb))
		return false;
	st_op *ty = st_block_last_op(tb), *ey = st_block_last_op(eb);
	st_value *cond = st_op_operand(op, 0);
	st__scf_vec results;
	st__scf_vec_init(&results);
	st_rewriter_set_insertion_before(rw, op);
	for (size_t i = 0; i < n; i++) {
		st_value *t = st_op_operand(ty, i), *f = st_op_operand(ey, i);
		if (t == f) {
			st__scf_vec_push(ctx, &results, t);
			continue;
		}
		st_value *ops[3] = {cond, t, f};
		st_type *rt = st_value_type(t);
		st_op *sel = st__scf_create(rw, "arith.select", loc_of(op), 3, ops, 1, &rt, NULL, 0);
		st__scf_vec_push(ctx, &results, sel ? st_op_result(sel, 0) : NULL);
	}
	st_rewriter_replace_op(rw, op, results.v);
	st__scf_vec_free(ctx, &results);
	return true;
}

/* -------------------------------------------------- ConditionPropagation */

static bool condition_propagation(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_value *cond = st_op_operand(op, 0);
	if (st__scf_def(cond, "arith.constant"))
		return false;
	st_value *consts[2] = {NULL, NULL};
	bool changed = false;
	for (st_use *u = st_value_first_use(cond), *next; u; u = next) {
		next = st_use_next(u);
		st_op *owner = st_use_owner(u);
		int r = owner == op ? -1 : st__scf_region_of(op, owner);
		if (r < 0)
			continue;
		if (!consts[r]) {
			st_rewriter_set_insertion_before(rw, op);
			consts[r] = st__scf_bool_const(rw, r == 0, loc_of(op));
			if (!consts[r])
				return changed;
		}
		st_rewriter_modify_start(rw, owner);
		st_op_set_operand(owner, st_use_operand_index(u), consts[r]);
		st_rewriter_modify_end(rw, owner);
		changed = true;
	}
	return changed;
}

/* ------------------------------------------------- RemoveEmptyElseBranch */

static bool remove_empty_else(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	if (st_op_num_results(op) || !has_else(op))
		return false;
	st_block *b = st_region_first_block(st_op_region(op, 1));
	if (st_block_first_op(b) != st_block_last_op(b))
		return false;
	st_rewriter_modify_start(rw, op);
	st_rewriter_erase_block(rw, b);
	st_rewriter_modify_end(rw, op);
	return true;
}

/* ------------------------------------ ReplaceIfYieldWithConditionOrValue */

static bool replace_yield_with_cond(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	size_t n = st_op_num_results(op);
	if (!n)
		return false;
	st_op *ty = then_yield(op), *ey = else_yield(op);
	st_value *cond = st_op_operand(op, 0);
	st_rewriter_set_insertion_before(rw, op);
	bool changed = false;
	for (size_t i = 0; i < n; i++) {
		st_value *t = st_op_operand(ty, i), *f = st_op_operand(ey, i), *res = st_op_result(op, i);
		if (t == f) {
			if (st_value_has_uses(res)) {
				st_rewriter_replace_all_uses(rw, res, t);
				changed = true;
			}
			continue;
		}
		int64_t tc, fc;
		if (!st_type_is_signless_integer(st_value_type(t), 1) || !st__scf_const_int(t, &tc) || !st__scf_const_int(f, &fc) ||
		    !st_value_has_uses(res))
			continue;
		if (!tc && fc) {
			st_value *ops[2] = {cond, st__scf_bool_const(rw, true, loc_of(op))};
			st_type *i1 = st_value_type(cond);
			st_op *x = ops[1] ? st__scf_create(rw, "arith.xori", loc_of(op), 2, ops, 1, &i1, NULL, 0) : NULL;
			if (x) {
				st_rewriter_replace_all_uses(rw, res, st_op_result(x, 0));
				changed = true;
			}
		} else if (tc && !fc) {
			st_rewriter_replace_all_uses(rw, res, cond);
			changed = true;
		}
	}
	return changed;
}

/* ------------------------------------------------------------ CombineIfs */

/* Appends `src` to `dest`, whose terminators are merged: one scf.yield of
 * dest's operands followed by src's. */
static void merge_yielding_blocks(st_rewriter *rw, st_block *src, st_block *dest) {
	st_context *ctx = st_rewriter_context(rw);
	st_op *y1 = st_block_last_op(dest), *y2 = st_block_last_op(src);
	st__scf_vec ops;
	st__scf_vec_init(&ops);
	st__scf_vec_operands(ctx, &ops, y1, 0, st_op_num_operands(y1));
	st__scf_vec_operands(ctx, &ops, y2, 0, st_op_num_operands(y2));
	st_attr *loc = st_op_loc(y2);
	st_rewriter_merge_blocks(rw, src, dest, NULL);
	st_rewriter_set_insertion_end(rw, dest);
	st__scf_create(rw, "scf.yield", loc, ops.n, ops.v, 0, NULL, NULL, 0);
	st_rewriter_erase_op(rw, y1);
	st_rewriter_erase_op(rw, y2);
	st__scf_vec_free(ctx, &ops);
}

static bool combine_ifs(const st_pattern *pat, st_op *next, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_op *prev = st_op_prev(next);
	if (!st__scf_is(prev, "scf.if"))
		return false;
	st_block *next_then = NULL, *next_else = NULL;
	st_value *pc = st_op_operand(prev, 0), *nc = st_op_operand(next, 0);
	st_block *nt = st_region_first_block(st_op_region(next, 0));
	st_block *ne = has_else(next) ? st_region_first_block(st_op_region(next, 1)) : NULL;
	if (nc == pc) {
		next_then = nt;
		next_else = ne;
	}
	if (negated(nc) == pc || negated(pc) == nc) {
		next_else = nt;
		next_then = ne;
	}
	if (!next_then && !next_else)
		return false;
	/* Uses of prev's results inside next read what prev yielded there. */
	if (has_else(prev)) {
		st_op *ty = then_yield(prev), *ey = else_yield(prev);
		for (size_t i = 0; i < st_op_num_results(prev); i++)
			for (st_use *u = st_value_first_use(st_op_result(prev, i)), *nu; u; u = nu) {
				nu = st_use_next(u);
				st_op *owner = st_use_owner(u);
				int r = st__scf_region_of(next, owner);
				st_block *b = r < 0 ? NULL : st_region_first_block(st_op_region(next, (size_t)r));
				st_value *to = b && b == next_then ? st_op_operand(ty, i) : b && b == next_else ? st_op_operand(ey, i) : NULL;
				if (!to)
					continue;
				st_rewriter_modify_start(rw, owner);
				st_op_set_operand(owner, st_use_operand_index(u), to);
				st_rewriter_modify_end(rw, owner);
			}
	}
	st__scf_vec all;
	st__scf_vec_init(&all);
	st__scf_vec_operands(ctx, &all, prev, 0, 0);
	for (size_t i = 0; i < st_op_num_results(prev); i++)
		st__scf_vec_push(ctx, &all, st_op_result(prev, i));
	for (size_t i = 0; i < st_op_num_results(next); i++)
		st__scf_vec_push(ctx, &all, st_op_result(next, i));
	st__scf_types_vec types;
	st__scf_types(ctx, &all, &types);
	st_op *c = new_if(rw, next, pc, &types);
	st__scf_types_free(ctx, &types);
	st_rewriter_inline_region_before(rw, st_op_region(prev, 0), st_op_region(c, 0), NULL);
	if (next_then)
		merge_yielding_blocks(rw, next_then, st_region_first_block(st_op_region(c, 0)));
	st_rewriter_inline_region_before(rw, st_op_region(prev, 1), st_op_region(c, 1), NULL);
	if (next_else) {
		if (st_region_is_empty(st_op_region(c, 1)))
			st_rewriter_inline_region_before(rw, st_block_parent_region(next_else), st_op_region(c, 1), NULL);
		else
			merge_yielding_blocks(rw, next_else, st_region_first_block(st_op_region(c, 1)));
	}
	size_t np = st_op_num_results(prev);
	st__scf_vec pv, nv;
	st__scf_vec_init(&pv);
	st__scf_vec_init(&nv);
	for (size_t i = 0; i < st_op_num_results(c); i++)
		st__scf_vec_push(ctx, i < np ? &pv : &nv, st_op_result(c, i));
	st_rewriter_replace_op(rw, prev, pv.v);
	st_rewriter_replace_op(rw, next, nv.v);
	st__scf_vec_free(ctx, &pv);
	st__scf_vec_free(ctx, &nv);
	st__scf_vec_free(ctx, &all);
	return true;
}

/* ------------------------------------------------------ CombineNestedIfs */

static bool only_yield(st_block *b) { return b && st_block_first_op(b) == st_block_last_op(b); }

static bool combine_nested_ifs(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_block *tb = st_region_first_block(st_op_region(op, 0));
	st_op *inner = st_block_first_op(tb);
	if (!st__scf_is(inner, "scf.if") || st_op_next(inner) != st_block_last_op(tb))
		return false;
	if (has_else(op) && !only_yield(st_region_first_block(st_op_region(op, 1))))
		return false;
	if (has_else(inner) && !only_yield(st_region_first_block(st_op_region(inner, 1))))
		return false;
	st__scf_vec tyv, eyv;
	st__scf_vec_init(&tyv);
	st__scf_vec_init(&eyv);
	st_op *ty = then_yield(op);
	st__scf_vec_operands(ctx, &tyv, ty, 0, st_op_num_operands(ty));
	if (has_else(op))
		st__scf_vec_operands(ctx, &eyv, else_yield(op), 0, st_op_num_operands(else_yield(op)));
	/* Which yielded values become selects on the outer condition. */
	bool small[16];
	bool *to_select = tyv.n <= 16 ? small : st_ctx_alloc(ctx, tyv.n);
	bool ok = to_select != NULL;
	for (size_t i = 0; ok && i < tyv.n; i++) {
		to_select[i] = false;
		if (st_value_defining_op(tyv.v[i]) == inner) {
			unsigned k = st_value_index(tyv.v[i]);
			if (st_op_operand(else_yield(inner), k) != eyv.v[i])
				ok = false;
			else
				tyv.v[i] = st_op_operand(then_yield(inner), k);
			continue;
		}
		if (st__scf_value_region(tyv.v[i]) == st_op_region(op, 0))
			ok = false;
		to_select[i] = true;
	}
	if (ok) {
		st_rewriter_set_insertion_before(rw, op);
		st_value *ops[2] = {st_op_operand(op, 0), st_op_operand(inner, 0)};
		st_type *i1 = st_value_type(ops[0]);
		st_op *andi = st__scf_create(rw, "arith.andi", loc_of(op), 2, ops, 1, &i1, NULL, 0);
		st__scf_vec res;
		st__scf_vec_init(&res);
		for (size_t i = 0; i < st_op_num_results(op); i++)
			st__scf_vec_push(ctx, &res, st_op_result(op, i));
		st__scf_types_vec types;
		st__scf_types(ctx, &res, &types);
		st_op *nif = new_if(rw, op, st_op_result(andi, 0), &types);
		st__scf_types_free(ctx, &types);
		for (size_t i = 0; i < st_op_num_results(op); i++)
			res.v[i] = st_op_result(nif, i);
		st_rewriter_set_insertion_before(rw, nif);
		for (size_t i = 0; i < tyv.n; i++) {
			if (!to_select[i])
				continue;
			st_value *sops[3] = {st_op_operand(op, 0), tyv.v[i], eyv.v[i]};
			st_type *t = st_value_type(tyv.v[i]);
			st_op *sel = st__scf_create(rw, "arith.select", loc_of(op), 3, sops, 1, &t, NULL, 0);
			res.v[i] = st_op_result(sel, 0);
		}
		st_block *nb = st_rewriter_create_block(rw, st_op_region(nif, 0), NULL, 0, NULL, NULL);
		st_block *ib = st_region_first_block(st_op_region(inner, 0));
		st_rewriter_merge_blocks(rw, ib, nb, NULL);
		replace_terminator(rw, st_block_last_op(nb), &tyv);
		if (eyv.n) {
			st_rewriter_create_block(rw, st_op_region(nif, 1), NULL, 0, NULL, NULL);
			st__scf_create(rw, "scf.yield", loc_of(op), eyv.n, eyv.v, 0, NULL, NULL, 0);
		}
		st_rewriter_replace_op(rw, op, res.v);
		st__scf_vec_free(ctx, &res);
	}
	if (to_select && to_select != small)
		st_ctx_free(ctx, to_select, tyv.n);
	st__scf_vec_free(ctx, &tyv);
	st__scf_vec_free(ctx, &eyv);
	return ok;
}

/* ------------------------------------------------------ execute_region */

static bool single_block_execute(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_region *r = st_op_region(op, 0);
	if (st_region_num_blocks(r) != 1 || st_op_get_attr(op, "no_inline"))
		return false;
	return st__scf_replace_with_region(rw, op, r, NULL);
}

/* The blocks move into the enclosing function's region: control enters
 * with cf.br and each scf.yield becomes a cf.br to the code after the op,
 * whose block receives the results as arguments. */
static bool multi_block_execute(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_op *parent = st_op_parent_op(op);
	if (!parent || (!st_op_interface(parent, ST_IFACE_CALLABLE) && !st__scf_is(parent, "scf.execute_region")) ||
	    st_op_get_attr(op, "no_inline"))
		return false;
	st_region *r = st_op_region(op, 0);
	st_block *prev = st_op_block(op);
	st_block *post = st_rewriter_split_block(rw, prev, op);
	st_rewriter_set_insertion_end(rw, prev);
	st_op_state br = {
		.name = st_str_c("cf.br"),
		.loc = loc_of(op),
		.nsuccessors = 1,
		.successors = (st_block *const[]){st_region_first_block(r)},
	};
	st_rewriter_create(rw, &br);
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b)) {
		st_op *y = st_block_last_op(b);
		if (!st__scf_is(y, "scf.yield"))
			continue;
		st_rewriter_set_insertion_before(rw, y);
		st__scf_vec ops;
		st__scf_vec_init(&ops);
		st__scf_vec_operands(ctx, &ops, y, 0, st_op_num_operands(y));
		st_op_state s = {
			.name = st_str_c("cf.br"),
			.loc = st_op_loc(y),
			.noperands = ops.n,
			.operands = ops.v,
			.nsuccessors = 1,
			.successors = &post,
		};
		st_rewriter_create(rw, &s);
		st_rewriter_erase_op(rw, y);
		st__scf_vec_free(ctx, &ops);
	}
	st_rewriter_inline_region_before(rw, r, st_block_parent_region(post), post);
	st__scf_vec args;
	st__scf_vec_init(&args);
	for (size_t i = 0; i < st_op_num_results(op); i++)
		st__scf_vec_push(ctx, &args, st_block_add_arg(post, st_value_type(st_op_result(op, i)), loc_of(op)));
	st_rewriter_replace_op(rw, op, args.v);
	st__scf_vec_free(ctx, &args);
	return true;
}

/* ---------------------------------------------------------- registration */

#define PAT(n, r, fn) {.name = n, .root = r, .benefit = 1, .rewrite = fn}

static const st_pattern if_patterns[] = {
	PAT("CombineIfs", "scf.if", combine_ifs),
	PAT("CombineNestedIfs", "scf.if", combine_nested_ifs),
	PAT("ConditionPropagation", "scf.if", condition_propagation),
	PAT("ConvertTrivialIfToSelect", "scf.if", convert_trivial_if_to_select),
	PAT("RemoveEmptyElseBranch", "scf.if", remove_empty_else),
	PAT("RemoveStaticCondition", "scf.if", remove_static_condition),
	PAT("RemoveUnusedResults", "scf.if", remove_unused_results),
	PAT("ReplaceIfYieldWithConditionOrValue", "scf.if", replace_yield_with_cond),
};

static const st_pattern execute_region_patterns[] = {
	PAT("SingleBlockExecuteInliner", "scf.execute_region", single_block_execute),
	PAT("MultiBlockExecuteInliner", "scf.execute_region", multi_block_execute),
};

void st__scf_if_patterns(void *set) {
	st_pattern_set_add_many(set, if_patterns, sizeof if_patterns / sizeof if_patterns[0]);
}

void st__scf_execute_region_patterns(void *set) {
	st_pattern_set_add_many(set, execute_region_patterns, sizeof execute_region_patterns / sizeof execute_region_patterns[0]);
}

/* scf.index_switch has no patterns in MLIR 14 (it did not exist). */
void st__scf_index_switch_patterns(void *set) { (void)set; }
