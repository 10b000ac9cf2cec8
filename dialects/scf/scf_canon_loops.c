/* Canonicalization patterns of the scf loops, MLIR 14's (SCF.cpp):
 * scf.for (ForOpIterArgsFolder, SimplifyTrivialLoops), scf.while
 * (WhileConditionTruth, WhileUnusedResult, WhileCmpCond) and scf.parallel
 * (CollapseSingleIterationLoops, RemoveEmptyParallelLoops,
 * MergeNestedParallelLoops), in both forms of parallel reductions. */
#include "scf_internal.h"

static st_attr *loc_of(st_op *op) { return st_op_loc(op); }

/* ------------------------------------------------------------- scf.for */

/* The loop-carried values that can go: yielded unchanged, or unused
 * inside and either yielding their initial value or unused outside. */
static bool forwarded(st_op *op, st_op *y, size_t i) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	st_value *init = st_op_operand(op, 3 + i), *arg = st_block_arg(b, 1 + i), *res = st_op_result(op, i);
	st_value *yv = st_op_operand(y, i);
	return arg == yv || (!st_value_has_uses(arg) && (init == yv || !st_value_has_uses(res)));
}

static bool for_iter_args_folder(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_block *b = st_region_first_block(st_op_region(op, 0));
	st_op *y = st_block_last_op(b);
	size_t n = st_op_num_results(op);
	bool any = false;
	for (size_t i = 0; i < n && !any; i++)
		any = forwarded(op, y, i);
	if (!any)
		return false;
	st__scf_vec ops, kept_yield, transfer, results;
	st__scf_vec_init(&ops);
	st__scf_vec_init(&kept_yield);
	st__scf_vec_init(&transfer);
	st__scf_vec_init(&results);
	st__scf_vec_operands(ctx, &ops, op, 0, 3);
	for (size_t i = 0; i < n; i++)
		if (!forwarded(op, y, i)) {
			st__scf_vec_push(ctx, &ops, st_op_operand(op, 3 + i));
			st__scf_vec_push(ctx, &kept_yield, st_op_operand(y, i));
		}
	st__scf_types_vec types;
	st__scf_types(ctx, &ops, &types);
	st_rewriter_set_insertion_before(rw, op);
	st_op *nf = st__scf_create(rw, "scf.for", loc_of(op), ops.n, ops.v, ops.n - 3, types.v + 3, st_op_attrs(op), 1);
	st_block *nb = st_rewriter_create_block(rw, st_op_region(nf, 0), NULL, ops.n - 2, types.v + 2, NULL);
	st__scf_types_free(ctx, &types);
	st__scf_vec_push(ctx, &transfer, st_block_arg(nb, 0));
	for (size_t i = 0, k = 0; i < n; i++) {
		if (forwarded(op, y, i)) {
			st__scf_vec_push(ctx, &transfer, st_op_operand(op, 3 + i));
			st__scf_vec_push(ctx, &results, st_op_operand(op, 3 + i));
		} else {
			st__scf_vec_push(ctx, &transfer, st_block_arg(nb, 1 + k));
			st__scf_vec_push(ctx, &results, st_op_result(nf, k++));
		}
	}
	st_rewriter_merge_blocks(rw, b, nb, transfer.v);
	st_rewriter_set_insertion_before(rw, y);
	st__scf_create(rw, "scf.yield", st_op_loc(y), kept_yield.n, kept_yield.v, 0, NULL, NULL, 0);
	st_rewriter_erase_op(rw, y);
	st_rewriter_replace_op(rw, op, results.v);
	st__scf_vec_free(ctx, &ops);
	st__scf_vec_free(ctx, &kept_yield);
	st__scf_vec_free(ctx, &transfer);
	st__scf_vec_free(ctx, &results);
	return true;
}

/* `v` sign-extended from the width of integer type `t` (64 for index). */
static int64_t at_width(st_type *t, int64_t v) {
	unsigned w = st_type_is_index(t) ? 64 : st_type_int_width(t);
	if (w >= 64 || w == 0)
		return v;
	uint64_t m = 1ull << (w - 1);
	uint64_t u = (uint64_t)v & ((m << 1) - 1);
	return (int64_t)((u ^ m) - m);
}

/* a >= b, signed or unsigned (at the type's width). */
static bool ge(st_type *t, bool uns, int64_t a, int64_t b) {
	if (!uns)
		return a >= b;
	unsigned w = st_type_is_index(t) ? 64 : st_type_int_width(t);
	uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
	return ((uint64_t)a & m) >= ((uint64_t)b & m);
}

static bool simplify_trivial_loops(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	size_t n = st_op_num_results(op);
	st__scf_vec inits;
	st__scf_vec_init(&inits);
	st__scf_vec_operands(ctx, &inits, op, 3, n);
	st_value *lbv = st_op_operand(op, 0), *ubv = st_op_operand(op, 1);
	bool done = false;
	int64_t lb, ub, step;
	st_type *t = st_value_type(lbv);
	bool uns = st_op_get_attr(op, "unsignedCmp") != NULL;
	if (lbv == ubv || (st__scf_const_int(lbv, &lb) && st__scf_const_int(ubv, &ub) && ge(t, uns, lb, ub))) {
		/* No iteration. */
		st_rewriter_replace_op(rw, op, inits.v);
		done = true;
	} else if (st__scf_const_int(lbv, &lb) && st__scf_const_int(ubv, &ub) && st__scf_const_int(st_op_operand(op, 2), &step)) {
		if (ge(t, uns, at_width(t, (int64_t)((uint64_t)lb + (uint64_t)step)), ub)) {
			/* One iteration: the body, with the induction variable at lb. */
			st__scf_vec args;
			st__scf_vec_init(&args);
			st__scf_vec_push(ctx, &args, lbv);
			st__scf_vec_operands(ctx, &args, op, 3, n);
			done = st__scf_replace_with_region(rw, op, st_op_region(op, 0), args.v);
			st__scf_vec_free(ctx, &args);
		} else {
			/* Several iterations of a body that only yields values from
			 * outside: those values. */
			st_block *b = st_region_first_block(st_op_region(op, 0));
			st_op *y = st_block_first_op(b);
			if (y == st_block_last_op(b)) {
				bool outside = true;
				for (size_t i = 0; i < st_op_num_operands(y) && outside; i++)
					outside = st__scf_defined_outside(op, st_op_operand(y, i));
				if (outside) {
					st__scf_vec vals;
					st__scf_vec_init(&vals);
					st__scf_vec_operands(ctx, &vals, y, 0, st_op_num_operands(y));
					st_rewriter_replace_op(rw, op, vals.v);
					st__scf_vec_free(ctx, &vals);
					done = true;
				}
			}
		}
	}
	st__scf_vec_free(ctx, &inits);
	return done;
}

/* ----------------------------------------------------------- scf.while */

static st_op *condition_of(st_op *op) { return st__scf_region_terminator(op, 0); }
static st_block *after_block(st_op *op) { return st_region_first_block(st_op_region(op, 1)); }

/* After arguments that receive the condition itself are true there. */
static bool while_condition_truth(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_op *c = condition_of(op);
	st_block *after = after_block(op);
	st_value *t = NULL;
	bool changed = false;
	for (size_t i = 1; i < st_op_num_operands(c) && i - 1 < st_block_num_args(after); i++) {
		st_value *arg = st_block_arg(after, i - 1);
		if (st_op_operand(c, i) != st_op_operand(c, 0) || !st_value_has_uses(arg))
			continue;
		if (!t) {
			st_rewriter_set_insertion_before(rw, op);
			if (!(t = st__scf_bool_const(rw, true, loc_of(op))))
				return changed;
		}
		st_rewriter_replace_all_uses(rw, arg, t);
		changed = true;
	}
	return changed;
}

/* Results unused outside and in the after region go. */
static bool while_unused_result(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_op *c = condition_of(op);
	st_block *after = after_block(op);
	size_t n = st_op_num_results(op);
	bool any = false;
	for (size_t i = 0; i < n && !any; i++)
		any = !st_value_has_uses(st_op_result(op, i)) && !st_value_has_uses(st_block_arg(after, i));
	if (!any)
		return false;
	st__scf_vec cargs, kept, inits;
	st__scf_vec_init(&cargs);
	st__scf_vec_init(&kept);
	st__scf_vec_init(&inits);
	st__scf_vec_push(ctx, &cargs, st_op_operand(c, 0));
	for (size_t i = 0; i < n; i++)
		if (st_value_has_uses(st_op_result(op, i)) || st_value_has_uses(st_block_arg(after, i))) {
			st__scf_vec_push(ctx, &cargs, st_op_operand(c, 1 + i));
			st__scf_vec_push(ctx, &kept, st_op_result(op, i));
		}
	st_rewriter_set_insertion_before(rw, c);
	st__scf_create(rw, "scf.condition", st_op_loc(c), cargs.n, cargs.v, 0, NULL, st_op_attrs(c), 0);
	st_rewriter_erase_op(rw, c);
	st__scf_types_vec types;
	st__scf_types(ctx, &kept, &types);
	st__scf_vec_operands(ctx, &inits, op, 0, st_op_num_operands(op));
	st_rewriter_set_insertion_before(rw, op);
	st_op *nw = st__scf_create(rw, "scf.while", loc_of(op), inits.n, inits.v, types.n, types.v, st_op_attrs(op), 2);
	st_block *nb = st_rewriter_create_block(rw, st_op_region(nw, 1), NULL, types.n, types.v, NULL);
	st__scf_types_free(ctx, &types);
	st_rewriter_inline_region_before(rw, st_op_region(op, 0), st_op_region(nw, 0), NULL);
	st__scf_vec args, results;
	st__scf_vec_init(&args);
	st__scf_vec_init(&results);
	for (size_t i = 0, k = 0; i < n; i++) {
		bool keep = st_value_has_uses(st_op_result(op, i)) || st_value_has_uses(st_block_arg(after, i));
		st__scf_vec_push(ctx, &args, keep ? st_block_arg(nb, k) : NULL);
		st__scf_vec_push(ctx, &results, keep ? st_op_result(nw, k) : NULL);
		k += keep;
	}
	st_rewriter_merge_blocks(rw, after, nb, args.v);
	st_rewriter_replace_op(rw, op, results.v);
	st__scf_vec_free(ctx, &cargs);
	st__scf_vec_free(ctx, &kept);
	st__scf_vec_free(ctx, &inits);
	st__scf_vec_free(ctx, &args);
	st__scf_vec_free(ctx, &results);
	return true;
}

/* arith.cmpi predicates (CmpIPredicate) and their inverses. */
static int64_t invert_cmpi(int64_t p) {
	static const int64_t inv[10] = {1, 0, 5, 4, 3, 2, 9, 8, 7, 6};
	return p >= 0 && p < 10 ? inv[p] : -1;
}

/* A comparison in the after region on the values the condition forwarded
 * that is the condition (1) or its inverse (0); -1 when `c2` is neither. */
static int same_as_condition(st_op *cmp, st_op *c, st_block *after, st_op *c2) {
	if (!st__scf_is(c2, "arith.cmpi"))
		return -1;
	st_attr *pa = st_op_get_attr(cmp, "predicate"), *p2a = st_op_get_attr(c2, "predicate");
	int64_t pred = pa ? st_attr_int_value(pa) : -1, p2 = p2a ? st_attr_int_value(p2a) : -2;
	int same = p2 == pred ? 1 : p2 == invert_cmpi(pred) ? 0 : -1;
	if (same < 0)
		return -1;
	for (size_t i = 1; i < st_op_num_operands(c) && i - 1 < st_block_num_args(after); i++)
		for (size_t k = 0; k < 2; k++)
			if (st_op_operand(c, i) == st_op_operand(cmp, k) && st_op_operand(c2, k) == st_block_arg(after, i - 1) &&
			    st_op_operand(c2, 1 - k) == st_op_operand(cmp, 1 - k))
				return same;
	return -1;
}

/* In the after region, a comparison equal to the condition (or its
 * inverse) on the forwarded values is known true (false). */
static bool while_cmp_cond(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_op *c = condition_of(op);
	st_op *cmp = st__scf_def(st_op_operand(c, 0), "arith.cmpi");
	if (!cmp)
		return false;
	st_block *after = after_block(op);
	bool changed = false;
	/* Each replacement erases a use: look again from the start. */
	for (;;) {
		st_op *found = NULL;
		int same = -1;
		for (size_t i = 0; i < st_block_num_args(after) && !found; i++)
			for (st_use *u = st_value_first_use(st_block_arg(after, i)); u && !found; u = st_use_next(u))
				if ((same = same_as_condition(cmp, c, after, st_use_owner(u))) >= 0)
					found = st_use_owner(u);
		if (!found)
			return changed;
		st_rewriter_set_insertion_before(rw, found);
		st_value *v = st__scf_bool_const(rw, same, st_op_loc(found));
		if (!v)
			return changed;
		st_rewriter_replace_op(rw, found, &v);
		changed = true;
	}
}

/* -------------------------------------------------------- scf.parallel */

typedef struct par_groups {
	size_t s[4], n[4];
} par_groups;

static bool groups_of(st_op *op, par_groups *g) {
	for (size_t i = 0; i < 4; i++)
		if (st_failed(st_op_operand_group(op, i, &g->s[i], &g->n[i])))
			return false;
	return true;
}

static st_op *new_parallel(st_rewriter *rw, st_op *at, const st__scf_vec *lbs, const st__scf_vec *ubs,
                           const st__scf_vec *steps, const st__scf_vec *inits) {
	st_context *ctx = st_rewriter_context(rw);
	st__scf_vec ops;
	st__scf_vec_init(&ops);
	const st__scf_vec *parts[4] = {lbs, ubs, steps, inits};
	int64_t seg[4];
	for (size_t p = 0; p < 4; p++) {
		for (size_t i = 0; i < parts[p]->n; i++)
			st__scf_vec_push(ctx, &ops, parts[p]->v[i]);
		seg[p] = (int64_t)parts[p]->n;
	}
	st_named_attr na = {st_ident_get_c(ctx, "operandSegmentSizes"),
	                    st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), 4, seg)};
	st__scf_types_vec types;
	st__scf_types(ctx, inits, &types);
	st_rewriter_set_insertion_before(rw, at);
	st_op *p = st__scf_create(rw, "scf.parallel", loc_of(at), ops.n, ops.v, types.n, types.v, st_dict_attr(ctx, 1, &na), 1);
	st__scf_types_free(ctx, &types);
	st__scf_vec_free(ctx, &ops);
	return p;
}

static bool remove_empty_parallel(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	par_groups g;
	if (!groups_of(op, &g))
		return false;
	for (size_t i = 0; i < g.n[0]; i++)
		if (st_op_operand(op, g.s[0] + i) == st_op_operand(op, g.s[1] + i)) {
			st__scf_vec inits;
			st__scf_vec_init(&inits);
			st__scf_vec_operands(ctx, &inits, op, g.s[3], g.n[3]);
			st_rewriter_replace_op(rw, op, inits.v);
			st__scf_vec_free(ctx, &inits);
			return true;
		}
	return false;
}

/* Clones the ops of reduction region `r` after mapping its arguments to
 * (`acc`, `val`); the value it returns. */
static st_value *inline_reduction(st_rewriter *rw, st_region *r, st_value *acc, st_value *val, st_value_map *map) {
	st_block *b = st_region_first_block(r);
	st_value_map_add(map, st_block_arg(b, 0), acc);
	st_value_map_add(map, st_block_arg(b, 1), val);
	st_op *t = st_block_last_op(b);
	for (st_op *o = st_block_first_op(b); o && o != t; o = st_op_next(o))
		st_rewriter_clone(rw, o, map);
	return st_value_map_lookup_or_self(map, st_op_operand(t, 0));
}

/* Every dimension runs once: the body with the induction variables at
 * their lower bounds, each reduction applied once to its initial value. */
static bool inline_parallel(st_rewriter *rw, st_op *op, st_value_map *map, const par_groups *g) {
	st_context *ctx = st_rewriter_context(rw);
	st_block *b = st_region_first_block(st_op_region(op, 0));
	st_op *t = st_block_last_op(b);
	st__scf_vec results;
	st__scf_vec_init(&results);
	st_rewriter_set_insertion_before(rw, op);
	for (st_op *o = st_block_first_op(b); o && o != t; o = st_op_next(o)) {
		if (st__scf_is(o, "scf.mlir14_reduce")) {
			st_value *init = st_op_operand(op, g->s[3] + results.n);
			st_value *v = st_value_map_lookup_or_self(map, st_op_operand(o, 0));
			st__scf_vec_push(ctx, &results, inline_reduction(rw, st_op_region(o, 0), init, v, map));
			continue;
		}
		st_rewriter_clone(rw, o, map);
	}
	if (st__scf_is(t, "scf.reduce"))
		for (size_t i = 0; i < st_op_num_operands(t); i++) {
			st_value *v = st_value_map_lookup_or_self(map, st_op_operand(t, i));
			st__scf_vec_push(ctx, &results,
			                 inline_reduction(rw, st_op_region(t, i), st_op_operand(op, g->s[3] + i), v, map));
		}
	st_rewriter_replace_op(rw, op, results.v);
	st__scf_vec_free(ctx, &results);
	return true;
}

static bool collapse_single_iteration(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	par_groups g;
	if (!groups_of(op, &g))
		return false;
	st_block *b = st_region_first_block(st_op_region(op, 0));
	st_value_map *map = st_value_map_create(ctx);
	if (!map)
		return false;
	st__scf_vec lbs, ubs, steps, inits;
	st__scf_vec_init(&lbs);
	st__scf_vec_init(&ubs);
	st__scf_vec_init(&steps);
	st__scf_vec_init(&inits);
	for (size_t i = 0; i < g.n[0]; i++) {
		st_value *lv = st_op_operand(op, g.s[0] + i), *uv = st_op_operand(op, g.s[1] + i), *sv = st_op_operand(op, g.s[2] + i);
		int64_t l, u, s;
		if (st__scf_const_int(lv, &l) && st__scf_const_int(uv, &u) && st__scf_const_int(sv, &s) && u - l > 0 &&
		    u - l <= s) {
			st_value_map_add(map, st_block_arg(b, i), lv);
			continue;
		}
		st__scf_vec_push(ctx, &lbs, lv);
		st__scf_vec_push(ctx, &ubs, uv);
		st__scf_vec_push(ctx, &steps, sv);
	}
	bool done = false;
	if (lbs.n == g.n[0]) {
		/* no dimension runs once */
	} else if (!lbs.n) {
		done = inline_parallel(rw, op, map, &g);
	} else {
		st__scf_vec_operands(ctx, &inits, op, g.s[3], g.n[3]);
		st_op *np = new_parallel(rw, op, &lbs, &ubs, &steps, &inits);
		done = np && st_succeeded(st_region_clone_into(st_op_region(op, 0), st_op_region(np, 0), map));
		if (done)
			st_rewriter_replace_op_with_op(rw, op, np);
	}
	st_value_map_destroy(map);
	st__scf_vec_free(ctx, &lbs);
	st__scf_vec_free(ctx, &ubs);
	st__scf_vec_free(ctx, &steps);
	st__scf_vec_free(ctx, &inits);
	return done;
}

static bool merge_nested_parallel(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_block *ob = st_region_first_block(st_op_region(op, 0));
	st_op *inner = st_block_first_op(ob);
	par_groups g, ig;
	if (!st__scf_is(inner, "scf.parallel") || st_op_next(inner) != st_block_last_op(ob) || !groups_of(op, &g) ||
	    !groups_of(inner, &ig) || g.n[3] || ig.n[3])
		return false;
	for (size_t i = 0; i < ig.s[3]; i++)
		for (size_t a = 0; a < st_block_num_args(ob); a++)
			if (st_op_operand(inner, i) == st_block_arg(ob, a))
				return false;
	st__scf_vec parts[3], none;
	st__scf_vec_init(&none);
	for (size_t p = 0; p < 3; p++) {
		st__scf_vec_init(&parts[p]);
		st__scf_vec_operands(ctx, &parts[p], op, g.s[p], g.n[p]);
		st__scf_vec_operands(ctx, &parts[p], inner, ig.s[p], ig.n[p]);
	}
	st_op *np = new_parallel(rw, op, &parts[0], &parts[1], &parts[2], &none);
	st_block *ib = st_region_first_block(st_op_region(inner, 0));
	size_t no = st_block_num_args(ob), ni = st_block_num_args(ib);
	st_type *idx = st_index_type(ctx);
	st_type *small[16];
	st_type **types = no + ni <= 16 ? small : st_ctx_alloc(ctx, (no + ni) * sizeof *types);
	bool done = types && np;
	if (done) {
		for (size_t i = 0; i < no + ni; i++)
			types[i] = idx;
		st_block *nb = st_rewriter_create_block(rw, st_op_region(np, 0), NULL, no + ni, types, NULL);
		st_value_map *map = st_value_map_create(ctx);
		done = nb && map;
		for (size_t i = 0; done && i < no; i++)
			st_value_map_add(map, st_block_arg(ob, i), st_block_arg(nb, i));
		for (size_t i = 0; done && i < ni; i++)
			st_value_map_add(map, st_block_arg(ib, i), st_block_arg(nb, no + i));
		st_op *it = st_block_last_op(ib);
		for (st_op *o = st_block_first_op(ib); done && o != it; o = st_op_next(o))
			st_rewriter_clone(rw, o, map);
		/* The terminator of the form the loop was written in. */
		if (done)
			st__scf_create(rw, st_op_name_cstr(st_block_last_op(ob)), loc_of(op), 0, NULL, 0, NULL, NULL, 0);
		if (map)
			st_value_map_destroy(map);
		if (done)
			st_rewriter_replace_op_with_op(rw, op, np);
	}
	if (types && types != small)
		st_ctx_free(ctx, types, (no + ni) * sizeof *types);
	for (size_t p = 0; p < 3; p++)
		st__scf_vec_free(ctx, &parts[p]);
	return done;
}

/* ---------------------------------------------------------- registration */

#define PAT(n, r, fn) {.name = n, .root = r, .benefit = 1, .rewrite = fn}

static const st_pattern for_patterns[] = {
	PAT("ForOpIterArgsFolder", "scf.for", for_iter_args_folder),
	PAT("SimplifyTrivialLoops", "scf.for", simplify_trivial_loops),
};
static const st_pattern while_patterns[] = {
	PAT("WhileConditionTruth", "scf.while", while_condition_truth),
	PAT("WhileUnusedResult", "scf.while", while_unused_result),
	PAT("WhileCmpCond", "scf.while", while_cmp_cond),
};
static const st_pattern parallel_patterns[] = {
	PAT("CollapseSingleIterationLoops", "scf.parallel", collapse_single_iteration),
	PAT("RemoveEmptyParallelLoops", "scf.parallel", remove_empty_parallel),
	PAT("MergeNestedParallelLoops", "scf.parallel", merge_nested_parallel),
};

#define ADD(set, pats) st_pattern_set_add_many(set, pats, sizeof pats / sizeof pats[0])

void st__scf_for_patterns(void *set) { ADD(set, for_patterns); }
void st__scf_while_patterns(void *set) { ADD(set, while_patterns); }
void st__scf_parallel_patterns(void *set) { ADD(set, parallel_patterns); }
