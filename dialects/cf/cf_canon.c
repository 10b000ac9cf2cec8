/* Canonicalization patterns of the cf ops: MLIR 14's patterns of std.br,
 * std.cond_br, std.switch and std.assert (cf's in current MLIR), in MLIR's
 * order, so that canonicalize gives mlir-opt-14's output.  A rewritten
 * branch is built anew, as MLIR's replaceOpWithNewOp does, which puts it back
 * on the driver's worklist.  arith.select and arith.constant are created by
 * name (the constant through arith's materialisation hook), so this library
 * does not link arith's. */
#include "cf_canon.h"
#include "strata/rewrite.h"

#include <string.h>

static bool is_op(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

/* A block and the values passed to it: a successor of a branch, or one
 * being built. */
typedef struct dest {
	st_block *block;
	st_value **v;
	size_t n, cap;
	st_value *small[8];
} dest;

static void dest_init(dest *d, st_block *b) {
	d->block = b;
	d->v = d->small;
	d->n = 0;
	d->cap = sizeof d->small / sizeof d->small[0];
}

static bool dest_resize(st_context *ctx, dest *d, size_t n) {
	if (!st_ctx_grow(ctx, (void **)&d->v, &d->cap, d->small, sizeof *d->v, n))
		return false;
	d->n = n;
	return true;
}

static void dest_free(st_context *ctx, dest *d) {
	if (d->v != d->small)
		st_ctx_free(ctx, d->v, d->cap * sizeof *d->v);
	dest_init(d, NULL);
}

/* Successor `s` of `op` with the operands it forwards. */
static bool dest_of(st_context *ctx, dest *d, const st_op *op, size_t s) {
	const st_branch_iface *br = st_op_interface(op, ST_IFACE_BRANCH);
	size_t start, n;
	br->successor_operands(op, s, &start, &n);
	dest_init(d, st_op_successor(op, s));
	if (!dest_resize(ctx, d, n))
		return false;
	for (size_t i = 0; i < n; i++)
		d->v[i] = st_op_operand(op, start + i);
	return true;
}

static bool same_values(const dest *a, const dest *b) {
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i] != b->v[i])
			return false;
	return true;
}

/* The only branch into `b` (one predecessor edge), or NULL. */
static st_op *single_pred(const st_block *b) {
	st_use *u = st_block_first_pred_use(b);
	return u && !st_use_next(u) ? st_use_owner(u) : NULL;
}

/* Where block `b` passes control on when it holds nothing but a cf.br to
 * another block and only that branch uses b's arguments (so that an edge
 * into `b` can go there instead), or NULL. */
static st_block *pass_through_target(st_block *b) {
	st_op *br = st_block_first_op(b);
	if (!br || br != st_block_last_op(b) || !is_op(br, "cf.br") || st_op_successor(br, 0) == b)
		return NULL;
	for (size_t i = 0; i < st_block_num_args(b); i++)
		for (st_use *u = st_value_first_use(st_block_arg(b, i)); u; u = st_use_next(u))
			if (st_use_owner(u) != br)
				return NULL;
	return st_op_successor(br, 0);
}

/* Whether pass-through blocks from `b` on lead around a cycle that does
 * not pass through `home`, the block of the branch whose edge would
 * collapse.  MLIR 14 collapses an edge into such a cycle forever (each step
 * rebuilds the branch, which goes back on the worklist, and moves the edge
 * one block on: mlir-opt-14 never returns); Strata leaves the edge alone.
 * A cf.br in a block of the cycle stops at its own block, as in MLIR. */
static bool pass_through_cycle(st_block *b, const st_block *home) {
	st_block *slow = b, *fast = b;
	for (;;) {
		/* fast sees every block of the chain, the whole cycle included,
		 * before it meets slow. */
		for (int i = 0; i < 2 && fast; i++)
			if ((fast = pass_through_target(fast)) == home)
				return false;
		slow = pass_through_target(slow);
		if (!fast)
			return false;
		if (fast == slow)
			return true;
	}
}

/* MLIR's collapseBranch: when `d` leads to a pass-through block, `d` goes
 * to that block's destination instead, with the block's branch operands
 * read through its arguments.  `home` is the branch's block. */
static bool collapse(st_context *ctx, dest *d, const st_block *home) {
	st_block *b = d->block;
	if (!pass_through_target(b) || pass_through_cycle(b, home))
		return false;
	st_op *br = st_block_first_op(b);
	dest t;
	if (!dest_of(ctx, &t, br, 0)) {
		dest_free(ctx, &t);
		return false;
	}
	for (size_t i = 0; i < t.n; i++)
		if (st_value_is_block_arg(t.v[i]) && st_value_owner_block(t.v[i]) == b)
			t.v[i] = d->v[st_value_index(t.v[i])];
	bool ok = dest_resize(ctx, d, t.n);
	if (ok) {
		d->block = t.block;
		memcpy(d->v, t.v, t.n * sizeof *t.v);
	}
	dest_free(ctx, &t);
	return ok;
}

/* --------------------------------------------------------- building ops */

static st_op *create(st_rewriter *rw, st_op *at, const char *name, const dest *ops, size_t nsucc,
                     st_block *const *succs, st_attr *attrs) {
	st_op_state s = {
		.name = st_str_c(name),
		.loc = st_op_loc(at),
		.noperands = ops->n,
		.operands = ops->v,
		.nsuccessors = nsucc,
		.successors = succs,
		.attrs = attrs,
	};
	st_rewriter_set_insertion_before(rw, at);
	return st_rewriter_create(rw, &s);
}

static st_named_attr segments(st_context *ctx, const char *name, size_t n, const int64_t *sizes) {
	st_named_attr a = {st_ident_get_c(ctx, name),
	                   st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, sizes)};
	return a;
}

/* Replaces the terminator `op` with the new branch `with`. */
static bool replaced(st_rewriter *rw, st_op *op, st_op *with) {
	if (!with)
		return false;
	st_rewriter_erase_op(rw, op);
	return true;
}

static bool replace_with_br(st_rewriter *rw, st_op *op, const dest *d) {
	return replaced(rw, op, create(rw, op, "cf.br", d, 1, &d->block, NULL));
}

static bool replace_with_cond_br(st_rewriter *rw, st_op *op, const dest *t, const dest *f) {
	st_context *ctx = st_rewriter_context(rw);
	dest all;
	dest_init(&all, NULL);
	if (!dest_resize(ctx, &all, 1 + t->n + f->n))
		return false;
	all.v[0] = st_op_operand(op, 0);
	memcpy(all.v + 1, t->v, t->n * sizeof *t->v);
	memcpy(all.v + 1 + t->n, f->v, f->n * sizeof *f->v);
	int64_t seg[3] = {1, (int64_t)t->n, (int64_t)f->n};
	st_named_attr a = segments(ctx, "operandSegmentSizes", 3, seg);
	st_block *succs[2] = {t->block, f->block};
	st_op *n = create(rw, op, "cf.cond_br", &all, 2, succs, st_dict_attr(ctx, 1, &a));
	dest_free(ctx, &all);
	return replaced(rw, op, n);
}

/* ---------------------------------------------------------------- assert */

static bool erase_true_assert(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_attr *c = st_value_constant(st_op_operand(op, 0));
	if (!c || st_attr_get_kind(c) != ST_ATTR_INTEGER || st_attr_int_uvalue(c) != 1)
		return false;
	st_rewriter_erase_op(rw, op);
	return true;
}

/* -------------------------------------------------------------------- br */

/* SimplifyBrToBlockWithSinglePred: the destination's ops join this block. */
static bool merge_single_pred(st_rewriter *rw, st_op *op) {
	st_context *ctx = st_rewriter_context(rw);
	st_block *succ = st_op_successor(op, 0), *parent = st_op_block(op);
	if (succ == parent || single_pred(succ) != op)
		return false;
	dest d;
	bool ok = dest_of(ctx, &d, op, 0);
	/* Only in unreachable code can a block pass its own argument in. */
	for (size_t i = 0; ok && i < d.n; i++)
		ok = !st_value_is_block_arg(d.v[i]) || st_value_owner_block(d.v[i]) != succ;
	if (ok) {
		for (size_t i = 0; i < d.n; i++)
			st_rewriter_replace_all_uses(rw, st_block_arg(succ, i), d.v[i]);
		st_rewriter_erase_op(rw, op);
		st_rewriter_merge_blocks(rw, succ, parent, d.v);
	}
	dest_free(ctx, &d);
	return ok;
}

/* SimplifyPassThroughBr. */
static bool pass_through_br(st_rewriter *rw, st_op *op) {
	st_context *ctx = st_rewriter_context(rw);
	dest d;
	bool ok = dest_of(ctx, &d, op, 0) && d.block != st_op_block(op) && collapse(ctx, &d, st_op_block(op)) &&
	          replace_with_br(rw, op, &d);
	dest_free(ctx, &d);
	return ok;
}

/* MLIR's BranchOp::canonicalize: one pattern that tries both. */
static bool br_canonicalize(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	return merge_single_pred(rw, op) || pass_through_br(rw, op);
}

/* --------------------------------------------------------------- cond_br */

/* The constant value of `v` when it is an integer constant. */
static st_attr *int_constant(const st_value *v) {
	st_attr *c = st_value_constant(v);
	return c && st_attr_get_kind(c) == ST_ATTR_INTEGER ? c : NULL;
}

/* Successor `s` of `op` becomes the only one: replaced by a cf.br to it. */
static bool take_successor(st_rewriter *rw, st_op *op, size_t s) {
	st_context *ctx = st_rewriter_context(rw);
	dest d;
	bool ok = dest_of(ctx, &d, op, s) && replace_with_br(rw, op, &d);
	dest_free(ctx, &d);
	return ok;
}

/* SimplifyConstCondBranchPred. */
static bool const_cond(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_attr *c = int_constant(st_op_operand(op, 0));
	return c && take_successor(rw, op, st_attr_int_uvalue(c) ? 0 : 1);
}

/* SimplifyPassThroughCondBranch. */
static bool pass_through_cond(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	dest t, f;
	bool ok = dest_of(ctx, &t, op, 0) && dest_of(ctx, &f, op, 1);
	if (ok) {
		bool ct = collapse(ctx, &t, st_op_block(op)), cf = collapse(ctx, &f, st_op_block(op));
		ok = (ct || cf) && replace_with_cond_br(rw, op, &t, &f);
	}
	dest_free(ctx, &t);
	dest_free(ctx, &f);
	return ok;
}

/* Whether every edge into `b` comes from block `from`. */
static bool unique_pred_is(const st_block *b, const st_block *from) {
	st_use *u = st_block_first_pred_use(b);
	if (!u)
		return false;
	for (; u; u = st_use_next(u))
		if (st_op_block(st_use_owner(u)) != from)
			return false;
	return true;
}

/* SimplifyCondBranchIdenticalSuccessors: both edges go to one block; where
 * they pass different values, an arith.select on the condition picks one
 * (only when no other block branches there, as MLIR). */
static bool identical_successors(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	if (st_op_successor(op, 0) != st_op_successor(op, 1))
		return false;
	dest t, f;
	bool ok = dest_of(ctx, &t, op, 0) && dest_of(ctx, &f, op, 1);
	if (ok && !same_values(&t, &f)) {
		ok = unique_pred_is(t.block, st_op_block(op));
		for (size_t i = 0; ok && i < t.n; i++) {
			if (t.v[i] == f.v[i])
				continue;
			st_value *sel_ops[3] = {st_op_operand(op, 0), t.v[i], f.v[i]};
			st_type *ty = st_value_type(t.v[i]);
			st_op_state s = {
				.name = st_str_c("arith.select"),
				.loc = st_op_loc(op),
				.noperands = 3,
				.operands = sel_ops,
				.nresults = 1,
				.result_types = &ty,
			};
			st_rewriter_set_insertion_before(rw, op);
			st_op *sel = st_rewriter_create(rw, &s);
			ok = sel != NULL;
			if (ok)
				t.v[i] = st_op_result(sel, 0);
		}
	}
	ok = ok && replace_with_br(rw, op, &t);
	dest_free(ctx, &t);
	dest_free(ctx, &f);
	return ok;
}

/* SimplifyCondBranchFromCondBranchOnSameCondition: a block entered only
 * along one edge of a cond_br on the same condition knows the outcome. */
static bool same_cond_as_pred(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_block *cur = st_op_block(op);
	st_op *pred = single_pred(cur);
	if (!is_op(pred, "cf.cond_br") || st_op_operand(pred, 0) != st_op_operand(op, 0))
		return false;
	return take_successor(rw, op, st_op_successor(pred, 0) == cur ? 0 : 1);
}

/* CondBranchTruthPropagation: in a successor entered only from this
 * branch, the ops directly in it read the condition as a constant. */
static bool truth_propagation(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_value *cond = st_op_operand(op, 0);
	bool changed = false;
	for (size_t s = 0; s < 2; s++) {
		st_block *b = st_op_successor(op, s);
		st_value *k = NULL;
		if (!single_pred(b))
			continue;
		for (st_use *u = st_value_first_use(cond), *next; u; u = next) {
			next = st_use_next(u);
			st_op *owner = st_use_owner(u);
			if (st_op_block(owner) != b)
				continue;
			if (!k) {
				st_rewriter_set_insertion_before(rw, op);
				st_op *c = st_rewriter_create_constant(rw, NULL, st_bool_attr(ctx, s == 0),
				                                       st_integer_type(ctx, 1, ST_SIGNLESS), st_op_loc(op));
				if (!c)
					return changed;
				k = st_op_result(c, 0);
				changed = true;
			}
			st_rewriter_modify_start(rw, owner);
			st_op_set_operand(owner, st_use_operand_index(u), k);
			st_rewriter_modify_end(rw, owner);
		}
	}
	return changed;
}

/* ---------------------------------------------------------------- switch */

static size_t num_cases(const st_op *op) { return st_op_num_successors(op) - 1; }

static int64_t case_value(const st_op *op, size_t i) {
	st_attr *vals = st_op_get_attr(op, "case_values");
	return st_attr_dense_int(vals, st_attr_dense_is_splat(vals) ? 0 : i);
}

/* Whether two case values (or a flag constant) are equal at the flag's
 * width. */
static bool same_at_width(const st_op *op, int64_t a, int64_t b) {
	unsigned w = st_type_int_width(st_value_type(st_op_operand(op, 0)));
	uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
	return (((uint64_t)a ^ (uint64_t)b) & mask) == 0;
}

/* A switch being rebuilt: the default destination and the cases, each
 * kept or not. */
typedef struct cases {
	dest def;
	dest *dests;
	int64_t *vals;
	bool *keep;
	size_t n, cap;
} cases;

/* `c` starts as `op`'s default destination and cases, all kept. */
static bool cases_of(st_context *ctx, cases *c, const st_op *op) {
	size_t n = num_cases(op);
	c->n = 0;
	c->cap = n;
	c->dests = n ? st_ctx_alloc(ctx, n * sizeof *c->dests) : NULL;
	c->vals = n ? st_ctx_alloc(ctx, n * sizeof *c->vals) : NULL;
	c->keep = n ? st_ctx_alloc(ctx, n * sizeof *c->keep) : NULL;
	bool ok = dest_of(ctx, &c->def, op, 0) && (!n || (c->dests && c->vals && c->keep));
	for (size_t i = 0; ok && i < n; i++, c->n++) {
		ok = dest_of(ctx, &c->dests[i], op, i + 1);
		c->vals[i] = case_value(op, i);
		c->keep[i] = true;
	}
	return ok;
}

static void cases_free(st_context *ctx, cases *c) {
	for (size_t i = 0; i < c->n; i++)
		dest_free(ctx, &c->dests[i]);
	if (c->dests)
		st_ctx_free(ctx, c->dests, c->cap * sizeof *c->dests);
	if (c->vals)
		st_ctx_free(ctx, c->vals, c->cap * sizeof *c->vals);
	if (c->keep)
		st_ctx_free(ctx, c->keep, c->cap * sizeof *c->keep);
	dest_free(ctx, &c->def);
}

/* The kept cases of `c` in a new switch on `op`'s flag, `op` erased. */
static bool replace_with_switch(st_rewriter *rw, st_op *op, const cases *c) {
	st_context *ctx = st_rewriter_context(rw);
	st_value *flag = st_op_operand(op, 0);
	size_t nops = 1 + c->def.n, nkept = 0;
	for (size_t i = 0; i < c->n; i++)
		if (c->keep[i])
			nops += c->dests[i].n, nkept++;
	/* One allocation: successors, then segment sizes, then case values. */
	size_t bytes = (nkept + 1) * sizeof(st_block *) + 2 * nkept * sizeof(int64_t);
	st_block **succs = st_ctx_alloc(ctx, bytes);
	dest all;
	dest_init(&all, NULL);
	st_op *n = NULL;
	if (succs && dest_resize(ctx, &all, nops)) {
		int64_t *segs = (int64_t *)(succs + nkept + 1), *vals = segs + nkept;
		all.v[0] = flag;
		memcpy(all.v + 1, c->def.v, c->def.n * sizeof *all.v);
		succs[0] = c->def.block;
		size_t at = 1 + c->def.n, k = 0;
		for (size_t i = 0; i < c->n; i++) {
			if (!c->keep[i])
				continue;
			memcpy(all.v + at, c->dests[i].v, c->dests[i].n * sizeof *all.v);
			at += c->dests[i].n;
			segs[k] = (int64_t)c->dests[i].n;
			vals[k] = c->vals[i];
			succs[++k] = c->dests[i].block;
		}
		int64_t seg[3] = {1, (int64_t)c->def.n, (int64_t)(nops - 1 - c->def.n)};
		st_named_attr a[3] = {segments(ctx, "operandSegmentSizes", 3, seg),
		                      segments(ctx, "case_operand_segments", nkept, segs)};
		size_t na = 2;
		if (nkept) {
			int64_t shape[1] = {(int64_t)nkept};
			st_type *vt = st_vector_type(ctx, 1, shape, NULL, st_value_type(flag));
			a[na].name = st_ident_get_c(ctx, "case_values");
			a[na++].value = st_dense_int_elements_attr(ctx, vt, nkept, vals);
		}
		n = create(rw, op, "cf.switch", &all, nkept + 1, succs, st_dict_attr(ctx, na, a));
	}
	if (succs)
		st_ctx_free(ctx, succs, bytes);
	dest_free(ctx, &all);
	return replaced(rw, op, n);
}

/* SimplifySwitchWithOnlyDefault. */
static bool switch_only_default(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	return !num_cases(op) && take_successor(rw, op, 0);
}

/* The switch with the cases for which `drop` says so removed; false when
 * it drops none. */
typedef bool (*case_filter)(const st_op *op, const cases *c, size_t i, const void *ud);

static bool drop_cases(st_rewriter *rw, st_op *op, case_filter drop, const void *ud) {
	st_context *ctx = st_rewriter_context(rw);
	cases c;
	bool ok = cases_of(ctx, &c, op), any = false;
	for (size_t i = 0; ok && i < c.n; i++)
		if (drop(op, &c, i, ud))
			c.keep[i] = false, any = true;
	ok = ok && any && replace_with_switch(rw, op, &c);
	cases_free(ctx, &c);
	return ok;
}

static bool matches_default(const st_op *op, const cases *c, size_t i, const void *ud) {
	(void)op;
	(void)ud;
	return c->dests[i].block == c->def.block && same_values(&c->dests[i], &c->def);
}

/* DropSwitchCasesThatMatchDefault. */
static bool switch_drop_default_cases(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	return drop_cases(rw, op, matches_default, NULL);
}

/* The successor taken for flag value `v`: the first matching case, else
 * the default. */
static size_t successor_for(const st_op *op, int64_t v) {
	for (size_t i = 0; i < num_cases(op); i++)
		if (same_at_width(op, case_value(op, i), v))
			return i + 1;
	return 0;
}

/* SimplifyConstSwitchValue. */
static bool switch_const_flag(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_attr *c = int_constant(st_op_operand(op, 0));
	return c && take_successor(rw, op, successor_for(op, st_attr_int_value(c)));
}

/* SimplifyPassThroughSwitch. */
static bool switch_pass_through(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	cases c;
	bool ok = cases_of(ctx, &c, op), any = false;
	for (size_t i = 0; ok && i < c.n; i++)
		any |= collapse(ctx, &c.dests[i], st_op_block(op));
	if (ok)
		any |= collapse(ctx, &c.def, st_op_block(op));
	ok = ok && any && replace_with_switch(rw, op, &c);
	cases_free(ctx, &c);
	return ok;
}

/* The cf.switch on the same flag that is the only branch into `op`'s
 * block, or NULL. */
static st_op *pred_switch(st_op *op) {
	st_op *pred = single_pred(st_op_block(op));
	return is_op(pred, "cf.switch") && st_op_operand(pred, 0) == st_op_operand(op, 0) ? pred : NULL;
}

/* SimplifySwitchFromSwitchOnSameCondition: entered through a case of a
 * switch on the same flag, the flag's value is that case's. */
static bool switch_from_case(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_block *cur = st_op_block(op);
	st_op *pred = pred_switch(op);
	if (!pred || st_op_successor(pred, 0) == cur)
		return false;
	for (size_t i = 0; i < num_cases(pred); i++)
		if (st_op_successor(pred, i + 1) == cur)
			return take_successor(rw, op, successor_for(op, case_value(pred, i)));
	return take_successor(rw, op, 0);
}

/* Whether case `i` of `op` has a value that the predecessor switch `pred`
 * sends to another block than `op`'s. */
static bool excluded_by_pred(const st_op *op, const cases *c, size_t i, const void *ud) {
	const st_op *pred = ud;
	for (size_t k = 0; k < num_cases(pred); k++)
		if (st_op_successor(pred, k + 1) != st_op_block(op) && same_at_width(op, case_value(pred, k), c->vals[i]))
			return true;
	return false;
}

/* SimplifySwitchFromDefaultSwitchOnSameCondition: entered through the
 * default of a switch on the same flag, the cases that switch sends
 * elsewhere cannot happen. */
static bool switch_from_default(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_op *pred = pred_switch(op);
	if (!pred || st_op_successor(pred, 0) != st_op_block(op))
		return false;
	return drop_cases(rw, op, excluded_by_pred, pred);
}

/* ---------------------------------------------------------- registration */

#define PAT(n, r, fn) {.name = n, .root = r, .benefit = 1, .rewrite = fn}

static const st_pattern assert_patterns[] = {
	PAT("AssertOp::canonicalize", "cf.assert", erase_true_assert),
};
static const st_pattern br_patterns[] = {
	PAT("BranchOp::canonicalize", "cf.br", br_canonicalize),
};
static const st_pattern cond_br_patterns[] = {
	PAT("SimplifyConstCondBranchPred", "cf.cond_br", const_cond),
	PAT("SimplifyPassThroughCondBranch", "cf.cond_br", pass_through_cond),
	PAT("SimplifyCondBranchIdenticalSuccessors", "cf.cond_br", identical_successors),
	PAT("SimplifyCondBranchFromCondBranchOnSameCondition", "cf.cond_br", same_cond_as_pred),
	PAT("CondBranchTruthPropagation", "cf.cond_br", truth_propagation),
};
static const st_pattern switch_patterns[] = {
	PAT("SimplifySwitchWithOnlyDefault", "cf.switch", switch_only_default),
	PAT("DropSwitchCasesThatMatchDefault", "cf.switch", switch_drop_default_cases),
	PAT("SimplifyConstSwitchValue", "cf.switch", switch_const_flag),
	PAT("SimplifyPassThroughSwitch", "cf.switch", switch_pass_through),
	PAT("SimplifySwitchFromSwitchOnSameCondition", "cf.switch", switch_from_case),
	PAT("SimplifySwitchFromDefaultSwitchOnSameCondition", "cf.switch", switch_from_default),
};

#define ADD(set, pats) st_pattern_set_add_many(set, pats, sizeof pats / sizeof pats[0])

void st__cf_assert_patterns(void *set) { ADD(set, assert_patterns); }
void st__cf_br_patterns(void *set) { ADD(set, br_patterns); }
void st__cf_cond_br_patterns(void *set) { ADD(set, cond_br_patterns); }
void st__cf_switch_patterns(void *set) { ADD(set, switch_patterns); }
