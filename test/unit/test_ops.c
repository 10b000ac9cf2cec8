/* Unit tests of operations: creation from an st_op_state, names and
 * definitions, attributes, results, regions and successors, placement in
 * blocks (insert / move / remove / erase, parents, ancestors), the order
 * numbering behind st_op_is_before_in_block, and operand/result groups of
 * ops with variadic and optional groups (with and without
 * operandSegmentSizes).
 */
#include "core_test.h"

/* ------------------------------------------------------- a test dialect */

/* tg.var: a, b..., c -> r?          (one variadic group, sizes implied)
 * tg.seg: a..., b?, c -> x..., y    (attribute-sized segments)
 * tg.two: a..., b...                 (two variadic groups, no sizes: malformed) */
static const st_value_def var_operands[] = {
	{.name = "a"}, {.name = "b", .arity = ST_VARIADIC}, {.name = "c"}};
static const st_value_def var_results[] = {{.name = "r", .arity = ST_OPTIONAL}};
static const st_value_def seg_operands[] = {
	{.name = "a", .arity = ST_VARIADIC}, {.name = "b", .arity = ST_OPTIONAL}, {.name = "c"}};
static const st_value_def seg_results[] = {{.name = "x", .arity = ST_VARIADIC}, {.name = "y"}};
static const st_value_def two_operands[] = {
	{.name = "a", .arity = ST_VARIADIC}, {.name = "b", .arity = ST_VARIADIC}};
static const st_opdef tg_ops[] = {
	{.name = "tg.var", .operands = var_operands, .noperands = 3, .results = var_results, .nresults = 1},
	{.name = "tg.seg",
	 .operands = seg_operands,
	 .noperands = 3,
	 .results = seg_results,
	 .nresults = 2,
	 .traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS | ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS},
	{.name = "tg.two", .operands = two_operands, .noperands = 2},
	{.name = "tg.term", .traits = ST_TRAIT_TERMINATOR, .nsuccessors = -1},
};
static const st_dialect_def tg_dialect = {.name = "tg", .ops = tg_ops, .nops = 4};

static st_type *i32_of(st_context *ctx) { return st_integer_type(ctx, 32, ST_SIGNLESS); }

static st_op *defs(st_context *ctx, size_t n) {
	st_type *types[16];
	for (size_t i = 0; i < n; i++)
		types[i] = i32_of(ctx);
	return mk_op(ctx, "t.def", 0, NULL, n, types);
}

/* ------------------------------------------------------------- creation */

static void test_create(void) {
	st_context *ctx = new_ctx();
	st_type *i32 = i32_of(ctx), *f32 = st_float_type(ctx, ST_TYPE_F32);
	st_op *d = defs(ctx, 2);
	st_block *succ = st_block_create(ctx);
	st_attr *loc = st_loc_file(ctx, st_str_c("a.mlir"), 7, 3);
	st_named_attr na = {st_ident_get_c(ctx, "k"), st_unit_attr(ctx)};
	st_op_state s = {.name = st_str_c("foo.bar"),
	                 .loc = loc,
	                 .noperands = 2,
	                 .operands = (st_value *[]){st_op_result(d, 1), st_op_result(d, 0)},
	                 .nresults = 2,
	                 .result_types = (st_type *[]){f32, i32},
	                 .attrs = st_dict_attr(ctx, 1, &na),
	                 .nsuccessors = 1,
	                 .successors = &succ,
	                 .nregions = 3};
	st_op *op = st_op_create(ctx, &s);
	CHECK(op != NULL);
	CHECK_STR("name", st_op_name_cstr(op), "foo.bar");
	CHECK(st_op_name(op) == st_ident_get_c(ctx, "foo.bar"));
	CHECK(st_op_context(op) == ctx && !st_op_is_registered(op) && st_op_def(op) == NULL);
	CHECK(st_op_dialect(op) == NULL);
	CHECK(st_op_loc(op) == loc);
	CHECK(st_op_num_operands(op) == 2 && st_op_operand(op, 0) == st_op_result(d, 1));
	CHECK(st_op_num_results(op) == 2 && st_value_type(st_op_result(op, 0)) == f32);
	CHECK(st_value_defining_op(st_op_result(op, 1)) == op && st_value_index(st_op_result(op, 1)) == 1);
	CHECK(st_value_loc(st_op_result(op, 0)) == loc);
	CHECK(st_op_get_attr(op, "k") == st_unit_attr(ctx));
	CHECK(st_op_num_successors(op) == 1 && st_op_successor(op, 0) == succ);
	CHECK(st_op_num_regions(op) == 3);
	for (size_t i = 0; i < 3; i++) {
		st_region *r = st_op_region(op, i);
		CHECK(st_region_parent_op(r) == op && st_region_index(r) == i && st_region_is_empty(r));
	}
	CHECK(st_op_block(op) == NULL && st_op_parent_op(op) == NULL && st_op_parent_region(op) == NULL);
	CHECK(st_op_next(op) == NULL && st_op_prev(op) == NULL);

	/* Defaults: unknown location, empty dictionary. */
	st_op *bare = mk_op(ctx, "foo.bare", 0, NULL, 0, NULL);
	CHECK(st_op_loc(bare) == st_loc_unknown(ctx));
	CHECK(st_op_attrs(bare) == st_dict_attr(ctx, 0, NULL));
	st_op_set_loc(bare, loc);
	CHECK(st_op_loc(bare) == loc);
	st_op_set_loc(bare, NULL);
	CHECK(st_op_loc(bare) == st_loc_unknown(ctx));

	/* Registered ops know their definition and traits. */
	st_op *ret = mk_op(ctx, "func.return", 0, NULL, 0, NULL);
	CHECK(st_op_is_registered(ret) && st_op_def(ret) == st_context_lookup_opdef(ctx, st_str_c("func.return")));
	CHECK(st_op_has_trait(ret, ST_TRAIT_TERMINATOR) && !st_op_has_trait(ret, ST_TRAIT_SYMBOL));
	CHECK(st_op_dialect(ret) == st_context_get_dialect(ctx, st_str_c("func")));
	/* An unregistered op of a registered dialect knows the dialect. */
	st_op *nf = mk_op(ctx, "func.nonexistent", 0, NULL, 0, NULL);
	CHECK(!st_op_is_registered(nf) && st_op_dialect(nf) == st_context_get_dialect(ctx, st_str_c("func")));

	/* Many results. */
	enum { NR = 1000 };
	st_type **types = malloc(NR * sizeof *types);
	for (int i = 0; i < NR; i++)
		types[i] = i % 2 ? i32 : f32;
	st_op *big = mk_op(ctx, "foo.big", 0, NULL, NR, types);
	bool ok = true;
	for (int i = 0; i < NR; i++) {
		st_value *r = st_op_result(big, (size_t)i);
		ok &= st_value_type(r) == types[i] && st_value_index(r) == (unsigned)i && st_value_defining_op(r) == big;
	}
	CHECK(ok);
	free(types);

	/* Too many successors is a diagnostic, not a crash. */
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_op_state huge = {.name = st_str_c("foo.huge"), .nsuccessors = 0x10000};
	CHECK(st_op_create(ctx, &huge) == NULL);
	CHECK_CONTAINS("too large", sbuf_str(&ds.text), "operation 'foo.huge' is too large");
	diag_sink_remove(&ds);

	st_op_destroy(big);
	st_op_destroy(nf);
	st_op_destroy(ret);
	st_op_destroy(bare);
	st_op_destroy(op);
	st_block_destroy(succ);
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* ----------------------------------------------------------- attributes */

static void test_attrs(void) {
	st_context *ctx = new_ctx();
	st_type *i32 = i32_of(ctx);
	st_op *op = mk_op(ctx, "foo.a", 0, NULL, 0, NULL);
	st_op_set_attr(op, "b", st_integer_attr(ctx, i32, 2));
	st_op_set_attr(op, "a", st_integer_attr(ctx, i32, 1));
	CHECK(st_attr_dict_size(st_op_attrs(op)) == 2);
	CHECK(st_attr_int_value(st_op_get_attr(op, "a")) == 1);
	CHECK(st_op_get_attr_id(op, st_ident_get_c(ctx, "b")) == st_integer_attr(ctx, i32, 2));
	/* The dictionary is the uniqued one. */
	st_named_attr e[2] = {{st_ident_get_c(ctx, "a"), st_integer_attr(ctx, i32, 1)},
	                      {st_ident_get_c(ctx, "b"), st_integer_attr(ctx, i32, 2)}};
	CHECK(st_op_attrs(op) == st_dict_attr(ctx, 2, e));
	/* Replace. */
	st_op_set_attr(op, "a", st_integer_attr(ctx, i32, 5));
	CHECK(st_attr_int_value(st_op_get_attr(op, "a")) == 5 && st_attr_dict_size(st_op_attrs(op)) == 2);
	/* Remove; removing a missing attribute reports false. */
	CHECK(st_op_remove_attr(op, "a"));
	CHECK(!st_op_remove_attr(op, "a"));
	CHECK(!st_op_remove_attr(op, "never-named-before"));
	CHECK(st_op_get_attr(op, "a") == NULL && st_attr_dict_size(st_op_attrs(op)) == 1);
	/* Setting NULL removes too. */
	st_op_set_attr(op, "b", NULL);
	CHECK(st_attr_dict_size(st_op_attrs(op)) == 0);
	st_op_set_attr(op, "b", NULL);
	CHECK(st_attr_dict_size(st_op_attrs(op)) == 0);
	/* More attributes than the on-stack buffer holds. */
	char name[16];
	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "n%02d", i);
		st_op_set_attr(op, name, st_integer_attr(ctx, i32, i));
	}
	CHECK(st_attr_dict_size(st_op_attrs(op)) == 40);
	bool ok = true;
	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "n%02d", i);
		ok &= st_op_get_attr(op, name) && st_attr_int_value(st_op_get_attr(op, name)) == i;
	}
	CHECK(ok);
	for (int i = 0; i < 40; i += 2) {
		snprintf(name, sizeof name, "n%02d", i);
		CHECK(st_op_remove_attr(op, name));
	}
	CHECK(st_attr_dict_size(st_op_attrs(op)) == 20);
	st_op_set_attrs(op, NULL);
	CHECK(st_op_attrs(op) == st_dict_attr(ctx, 0, NULL));
	st_op_set_attrs(op, st_dict_attr(ctx, 2, e));
	CHECK(st_op_get_attr(op, "b") == e[1].value);
	st_op_destroy(op);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------ placement */

static void test_placement(void) {
	st_context *ctx = new_ctx();
	st_op *outer = mk_op_regions(ctx, "t.outer", 0, NULL, 0, NULL, 2);
	st_block *b0 = st_block_create(ctx), *b1 = st_block_create(ctx);
	st_region_append_block(st_op_region(outer, 0), b0);
	st_region_append_block(st_op_region(outer, 1), b1);
	st_op *a = mk_op(ctx, "t.a", 0, NULL, 0, NULL);
	st_op *b = mk_op(ctx, "t.b", 0, NULL, 0, NULL);
	st_op *c = mk_op(ctx, "t.c", 0, NULL, 0, NULL);
	st_op *inner = mk_op_regions(ctx, "t.inner", 0, NULL, 0, NULL, 1);
	st_block *ib = st_block_create(ctx);
	st_region_append_block(st_op_region(inner, 0), ib);
	st_block_append_op(b0, b);
	st_block_prepend_op(b0, a);
	st_block_append_op(b0, inner);
	st_block_insert_op_before(b0, inner, c);
	/* a b c inner */
	CHECK(st_block_first_op(b0) == a && st_op_next(a) == b && st_op_next(b) == c && st_op_next(c) == inner);
	CHECK(st_block_last_op(b0) == inner && st_op_prev(a) == NULL && st_op_prev(inner) == c);
	CHECK(st_op_block(b) == b0 && st_op_parent_op(b) == outer && st_op_parent_region(b) == st_op_region(outer, 0));
	CHECK(st_op_is_before_in_block(a, c) && !st_op_is_before_in_block(c, a) && !st_op_is_before_in_block(b, b));

	/* Into a nested block, then to another region. */
	st_op_remove(b);
	CHECK(st_op_block(b) == NULL && st_op_next(a) == c && st_op_prev(c) == a);
	st_op_remove(b); /* detached: no-op */
	st_block_append_op(ib, b);
	CHECK(st_op_parent_op(b) == inner && st_op_is_ancestor(outer, b) && st_op_is_ancestor(inner, b));
	CHECK(st_op_is_ancestor(b, b) && !st_op_is_ancestor(b, inner) && !st_op_is_ancestor(a, b));
	st_op_move_before(b, a);
	CHECK(st_block_first_op(b0) == b && st_op_next(b) == a && st_block_is_empty(ib));
	st_op_move_after(b, inner);
	CHECK(st_block_last_op(b0) == b && st_op_prev(b) == inner && st_op_next(b) == NULL);
	st_op_move_after(a, c); /* c a inner b */
	CHECK(st_block_first_op(b0) == c && st_op_next(c) == a && st_op_next(a) == inner);
	CHECK(st_op_is_before_in_block(c, a) && st_op_is_before_in_block(a, b) && st_op_is_before_in_block(inner, b));
	/* Moving an op before or after itself changes nothing. */
	st_op_move_before(a, a);
	st_op_move_after(a, a);
	CHECK(st_op_block(a) == b0 && st_op_prev(a) == c && st_op_next(a) == inner);
	CHECK(st_op_is_before_in_block(c, a) && st_op_is_before_in_block(a, inner));
	/* Moving an op right after its predecessor or before its successor. */
	st_op_move_after(a, c);
	st_op_move_before(a, inner);
	CHECK(st_block_first_op(b0) == c && st_op_next(c) == a && st_op_next(a) == inner);
	/* Move to the other region of the same op. */
	st_op_remove(c);
	st_block_append_op(b1, c);
	CHECK(st_op_parent_region(c) == st_op_region(outer, 1) && st_block_first_op(b0) == a);
	st_op_move_before(a, c);
	CHECK(st_block_first_op(b1) == a && st_op_next(a) == c && st_op_is_before_in_block(a, c));

	/* Erase an op with a nested op using an outer value. */
	st_op *d = defs(ctx, 1);
	st_block_prepend_op(b0, d);
	st_op *user = mk_op(ctx, "t.user", 1, (st_value *[]){st_op_result(d, 0)}, 0, NULL);
	st_block_append_op(ib, user);
	CHECK(st_value_has_one_use(st_op_result(d, 0)));
	st_op_erase(inner);
	CHECK(!st_value_has_uses(st_op_result(d, 0)));
	CHECK(st_block_first_op(b0) == d && st_op_next(d) == b && st_block_last_op(b0) == b);
	/* Results used only inside the op itself: destroy is fine. */
	st_op *self = mk_op_regions(ctx, "t.self", 0, NULL, 1, (st_type *[]){i32_of(ctx)}, 1);
	st_block *sb = st_block_create(ctx);
	st_region_append_block(st_op_region(self, 0), sb);
	st_block_append_op(sb, mk_op(ctx, "t.use", 1, (st_value *[]){st_op_result(self, 0)}, 0, NULL));
	st_op_destroy(self);
	st_op_destroy(outer);
	st_context_destroy(ctx);
}

/* is_before_in_block against a model: random insertions before existing ops
 * (which exhaust the gaps between order numbers), prepends, moves and
 * removals, queried in between so the lazy renumbering is exercised. */
static void test_order(void) {
	st_context *ctx = new_ctx();
	st_block *b = st_block_create(ctx);
	enum { N = 3000 };
	st_op **model = malloc(N * sizeof *model);
	size_t n = 0;
	unsigned seed = 99;
	bool ok = true;
	for (int step = 0; step < N; step++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = seed >> 8;
		st_op *op = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
		size_t pos;
		switch (r % 4) {
		case 0: /* always in front: halves the first gap every time */
			pos = 0;
			break;
		case 1: /* right after the first op */
			pos = n ? 1 : 0;
			break;
		default:
			pos = n ? (r >> 4) % (n + 1) : 0;
			break;
		}
		st_block_insert_op_before(b, pos < n ? model[pos] : NULL, op);
		memmove(model + pos + 1, model + pos, (n - pos) * sizeof *model);
		model[pos] = op;
		n++;
		/* Query a few pairs. */
		for (int q = 0; q < 4; q++) {
			seed = seed * 1103515245u + 12345u;
			size_t i = (seed >> 8) % n, j = (seed >> 20) % n;
			ok &= st_op_is_before_in_block(model[i], model[j]) == (i < j);
		}
		/* Sometimes move or remove. */
		if (step % 7 == 3 && n > 2) {
			size_t from = (seed >> 3) % n, to = (seed >> 13) % n;
			if (from != to) {
				st_op *m = model[from];
				st_op_move_before(m, model[to]);
				memmove(model + from, model + from + 1, (n - from - 1) * sizeof *model);
				size_t t = to > from ? to - 1 : to;
				memmove(model + t + 1, model + t, (n - 1 - t) * sizeof *model);
				model[t] = m;
			}
		}
		if (step % 11 == 5 && n > 2) {
			size_t k = (seed >> 5) % n;
			st_op_erase(model[k]);
			memmove(model + k, model + k + 1, (n - k - 1) * sizeof *model);
			n--;
		}
	}
	/* The list itself matches the model. */
	size_t i = 0;
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o), i++)
		ok &= i < n && model[i] == o;
	ok &= i == n;
	/* Every adjacent pair and a few far pairs. */
	for (size_t k = 0; k + 1 < n; k++)
		ok &= st_op_is_before_in_block(model[k], model[k + 1]) && !st_op_is_before_in_block(model[k + 1], model[k]);
	ok &= st_op_is_before_in_block(model[0], model[n - 1]);
	CHECK(ok);

	/* Splitting keeps both halves ordered. */
	st_block *tail = st_block_split(b, model[n / 2]);
	CHECK(st_op_block(model[n / 2]) == tail && st_op_block(model[n / 2 - 1]) == b);
	ok = true;
	for (size_t k = 0; k + 1 < n; k++)
		if (k + 1 != n / 2)
			ok &= st_op_is_before_in_block(model[k], model[k + 1]);
	CHECK(ok);
	/* Appending to the split-off block after a query. */
	st_op *last = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
	st_block_append_op(tail, last);
	CHECK(st_op_is_before_in_block(model[n - 1], last) && st_op_is_before_in_block(model[n / 2], last));
	st_op *first = mk_op(ctx, "t.o", 0, NULL, 0, NULL);
	st_block_prepend_op(tail, first);
	CHECK(st_op_is_before_in_block(first, model[n / 2]));
	free(model);
	st_block_destroy(b);
	st_block_destroy(tail);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------ operand groups */

static st_attr *seg_attr(st_context *ctx, size_t n, const int64_t *v) {
	return st_dense_int_array_attr(ctx, i32_of(ctx), n, v);
}

static void test_groups(void) {
	st_context *ctx = new_ctx();
	CHECK(st_succeeded(st_context_register_dialect(ctx, &tg_dialect)));
	st_op *d = defs(ctx, 8);
	st_value *v[8];
	for (int i = 0; i < 8; i++)
		v[i] = st_op_result(d, (size_t)i);
	size_t s = 99, c = 99;

	/* tg.var a, b..., c: the variadic group takes what is left. */
	st_op *var = mk_op(ctx, "tg.var", 5, v, 0, NULL);
	CHECK(st_succeeded(st_op_operand_group(var, 0, &s, &c)) && s == 0 && c == 1);
	CHECK(st_succeeded(st_op_operand_group(var, 1, &s, &c)) && s == 1 && c == 3);
	CHECK(st_succeeded(st_op_operand_group(var, 2, &s, &c)) && s == 4 && c == 1);
	CHECK(st_failed(st_op_operand_group(var, 3, &s, &c)));
	CHECK(st_op_operand_named(var, "a") == v[0] && st_op_operand_named(var, "c") == v[4]);
	CHECK(st_op_operand_named(var, "b") == v[1]); /* the first of the group */
	CHECK(st_op_operand_named(var, "zz") == NULL);
	/* Optional result: absent, then present. */
	CHECK(st_succeeded(st_op_result_group(var, 0, &s, &c)) && s == 0 && c == 0);
	st_op_destroy(var);
	st_op *var1 = mk_op(ctx, "tg.var", 2, v, 1, (st_type *[]){i32_of(ctx)});
	CHECK(st_succeeded(st_op_operand_group(var1, 1, &s, &c)) && s == 1 && c == 0);
	CHECK(st_succeeded(st_op_operand_group(var1, 2, &s, &c)) && s == 1 && c == 1);
	CHECK(st_op_operand_named(var1, "b") == NULL);
	CHECK(st_succeeded(st_op_result_group(var1, 0, &s, &c)) && s == 0 && c == 1);
	st_op_destroy(var1);
	/* Too few operands for the fixed groups; too many for an optional. */
	st_op *var0 = mk_op(ctx, "tg.var", 1, v, 2, (st_type *[]){i32_of(ctx), i32_of(ctx)});
	CHECK(st_failed(st_op_operand_group(var0, 0, &s, &c)));
	CHECK(st_failed(st_op_result_group(var0, 0, &s, &c)));
	CHECK(st_op_operand_named(var0, "a") == NULL);
	st_op_destroy(var0);

	/* tg.seg with operandSegmentSizes = [2, 1, 1], resultSegmentSizes = [3, 1]. */
	st_op *seg = mk_op(ctx, "tg.seg", 4, v, 4, (st_type *[]){i32_of(ctx), i32_of(ctx), i32_of(ctx), i32_of(ctx)});
	CHECK(st_failed(st_op_operand_group(seg, 0, &s, &c))); /* no sizes yet */
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 3, (int64_t[]){2, 1, 1}));
	st_op_set_attr(seg, "resultSegmentSizes", seg_attr(ctx, 2, (int64_t[]){3, 1}));
	CHECK(st_succeeded(st_op_operand_group(seg, 0, &s, &c)) && s == 0 && c == 2);
	CHECK(st_succeeded(st_op_operand_group(seg, 1, &s, &c)) && s == 2 && c == 1);
	CHECK(st_succeeded(st_op_operand_group(seg, 2, &s, &c)) && s == 3 && c == 1);
	CHECK(st_succeeded(st_op_result_group(seg, 1, &s, &c)) && s == 3 && c == 1);
	CHECK(st_op_operand_named(seg, "b") == v[2] && st_op_operand_named(seg, "c") == v[3]);
	/* Optional group empty. */
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 3, (int64_t[]){3, 0, 1}));
	CHECK(st_succeeded(st_op_operand_group(seg, 1, &s, &c)) && s == 3 && c == 0);
	CHECK(st_op_operand_named(seg, "b") == NULL);
	/* Malformed sizes fail instead of pointing past the operands. */
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 3, (int64_t[]){2, 2, 2}));
	CHECK(st_failed(st_op_operand_group(seg, 2, &s, &c)));
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 2, (int64_t[]){2, 2}));
	CHECK(st_failed(st_op_operand_group(seg, 0, &s, &c)));
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 3, (int64_t[]){5, -1, 0}));
	CHECK(st_failed(st_op_operand_group(seg, 1, &s, &c)));
	CHECK(st_failed(st_op_operand_group(seg, 2, &s, &c)));
	st_op_set_attr(seg, "operandSegmentSizes", seg_attr(ctx, 3, (int64_t[]){INT32_MIN, INT32_MIN, 4}));
	CHECK(st_failed(st_op_operand_group(seg, 2, &s, &c)));
	st_op_set_attr(seg, "operandSegmentSizes",
	               st_dense_float_array_attr(ctx, st_float_type(ctx, ST_TYPE_F32), 3, (double[]){1, 1, 1}));
	CHECK(st_failed(st_op_operand_group(seg, 0, &s, &c)));
	st_op_set_attr(seg, "operandSegmentSizes", st_string_attr(ctx, st_str_c("nope")));
	CHECK(st_failed(st_op_operand_group(seg, 0, &s, &c)));
	CHECK(st_op_operand_named(seg, "c") == NULL);
	st_op_destroy(seg);

	/* Two variadic groups without sizes cannot be split. */
	st_op *two = mk_op(ctx, "tg.two", 3, v, 0, NULL);
	CHECK(st_failed(st_op_operand_group(two, 0, &s, &c)));
	st_op_destroy(two);
	/* Unregistered ops have no groups. */
	st_op *u = mk_op(ctx, "foo.x", 2, v, 0, NULL);
	CHECK(st_failed(st_op_operand_group(u, 0, &s, &c)) && st_op_operand_named(u, "a") == NULL);
	st_op_destroy(u);

	/* Parsed: cf.cond_br prints and parses operandSegmentSizes. */
	const char *src = "func.func @f(%c: i1, %x: i32) {\n"
	                  "  cf.cond_br %c, ^bb1(%x, %x : i32, i32), ^bb2(%x : i32)\n"
	                  "^bb1(%a: i32, %b: i32):\n"
	                  "  return\n"
	                  "^bb2(%d: i32):\n"
	                  "  return\n"
	                  "}\n";
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *cb = find_op(m, "cf.cond_br", 0);
	CHECK(cb && st_op_num_operands(cb) == 4);
	CHECK(st_succeeded(st_op_operand_group(cb, 0, &s, &c)) && s == 0 && c == 1);
	CHECK(st_succeeded(st_op_operand_group(cb, 1, &s, &c)) && s == 1 && c == 2);
	CHECK(st_succeeded(st_op_operand_group(cb, 2, &s, &c)) && s == 3 && c == 1);
	st_attr *segs = st_op_get_attr(cb, "operandSegmentSizes");
	CHECK(segs && st_attr_get_kind(segs) == ST_ATTR_DENSE_ARRAY && st_attr_dense_array_int(segs, 1) == 2);
	char *text = print_op_str(m, true);
	CHECK_CONTAINS("generic segment sizes", text, "operandSegmentSizes = array<i32: 1, 2, 1>");
	free(text);
	/* The branch interface forwards the right operands. */
	const st_branch_iface *bi = st_op_interface(cb, ST_IFACE_BRANCH);
	CHECK(bi != NULL);
	if (bi) {
		bi->successor_operands(cb, 1, &s, &c);
		CHECK(s == 3 && c == 1);
	}
	st_op_destroy(m);
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* Locations of parsed ops and block arguments are file locations of their
 * text (however they are stored), the same attribute every time, kept by
 * clones. */
static void test_locations(void) {
	st_context *ctx = new_ctx();
	const char *src = "func.func @f(%a: i32) -> i32 {\n"
	                  "  %0 = \"t.x\"(%a) : (i32) -> i32\n"
	                  "    return %0 : i32\n"
	                  "}\n";
	st_op *m = parse(ctx, src);
	st_op *x = find_op(m, "t.x", 0), *ret = find_op(m, "func.return", 0);
	st_attr *lx = st_op_loc(x);
	CHECK(lx && st_attr_get_kind(lx) == ST_ATTR_LOC_FILE);
	CHECK(lx == st_op_loc(x) && lx == st_loc_file(ctx, st_str_c("test.mlir"), 2, 8));
	CHECK(st_op_loc(ret) == st_loc_file(ctx, st_str_c("test.mlir"), 3, 5));
	CHECK(st_value_loc(st_op_result(x, 0)) == lx);
	st_value *a = st_op_operand(x, 0);
	st_attr *la = st_value_loc(a);
	CHECK(la && st_attr_get_kind(la) == ST_ATTR_LOC_FILE && st_loc_line(la) == 1 && st_loc_col(la) == 14);
	st_op *c = st_op_clone(x, NULL);
	CHECK(st_op_loc(c) == lx);
	st_op_destroy(c);
	st_attr *named = st_loc_name(ctx, st_str_c("n"), lx);
	st_op_set_loc(x, named);
	CHECK(st_op_loc(x) == named && st_value_loc(st_op_result(x, 0)) == named);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

int main(void) {
	test_create();
	test_attrs();
	test_placement();
	test_order();
	test_groups();
	test_locations();
	return test_summary();
}
