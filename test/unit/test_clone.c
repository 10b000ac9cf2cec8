/* Unit tests of value maps and cloning: single ops with and without a map,
 * functions with several blocks (successors, block arguments, forward
 * references across blocks), graph regions with cycles, nested regions
 * using values of the enclosing region defined later, st_region_clone_into
 * used directly, and the map's single-step lookup.  A clone never refers to
 * a value or block of the original it was cloned from.
 */
#include "core_test.h"

static st_type *i32_of(st_context *ctx) { return st_integer_type(ctx, 32, ST_SIGNLESS); }

/* ----------------------------------------------------- structural checks */

typedef struct inside_ctx {
	st_op *root;   /* the clone */
	st_op *orig;   /* the original */
	bool ok;
	size_t nops;
} inside_ctx;

static bool value_inside(const st_value *v, const st_op *root) {
	st_op *d = st_value_defining_op(v);
	if (d)
		return st_op_is_ancestor(root, d);
	st_block *b = st_value_owner_block(v);
	st_op *p = b ? st_block_parent_op(b) : NULL;
	return p && st_op_is_ancestor(root, p);
}

/* Every operand and successor of the clone is either inside the clone or
 * outside the original (never inside the original). */
static st_walk_result inside_cb(st_op *op, void *ud) {
	inside_ctx *c = ud;
	c->nops++;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		if (c->orig && value_inside(v, c->orig))
			c->ok = false;
	}
	for (size_t i = 0; i < st_op_num_successors(op); i++) {
		st_op *p = st_block_parent_op(st_op_successor(op, i));
		if (c->orig && p && st_op_is_ancestor(c->orig, p))
			c->ok = false;
	}
	c->ok &= operands_consistent(op);
	return ST_WALK_ADVANCE;
}

static bool clone_is_separate(st_op *clone, st_op *orig, size_t *nops) {
	inside_ctx c = {clone, orig, true, 0};
	st_walk(clone, ST_WALK_PRE, inside_cb, &c);
	if (nops)
		*nops = c.nops;
	return c.ok;
}

static size_t count_ops(st_op *root) {
	inside_ctx c = {root, NULL, true, 0};
	st_walk(root, ST_WALK_PRE, inside_cb, &c);
	return c.nops;
}

/* Prints both in generic form; they must be the same text. */
static bool same_text(st_op *a, st_op *b) {
	char *sa = print_op_str(a, true), *sb = print_op_str(b, true);
	bool same = strcmp(sa, sb) == 0;
	if (!same)
		fprintf(stderr, "original:\n%s\nclone:\n%s\n", sa, sb);
	free(sa);
	free(sb);
	return same;
}

/* ------------------------------------------------------------ value maps */

static void test_value_map(void) {
	st_context *ctx = new_ctx();
	st_value_map *m = st_value_map_create(ctx);
	enum { N = 300 };
	st_type **types = malloc(N * sizeof *types);
	for (int i = 0; i < N; i++)
		types[i] = i32_of(ctx);
	st_op *a = mk_op(ctx, "t.a", 0, NULL, N, types), *b = mk_op(ctx, "t.b", 0, NULL, N, types);
	CHECK(st_value_map_lookup(m, st_op_result(a, 0)) == NULL);
	CHECK(st_value_map_lookup_or_self(m, st_op_result(a, 0)) == st_op_result(a, 0));
	for (int i = 0; i < N; i++)
		st_value_map_add(m, st_op_result(a, (size_t)i), st_op_result(b, (size_t)(N - 1 - i)));
	bool ok = true;
	for (int i = 0; i < N; i++)
		ok &= st_value_map_lookup(m, st_op_result(a, (size_t)i)) == st_op_result(b, (size_t)(N - 1 - i));
	CHECK(ok);
	/* Re-adding replaces. */
	st_value_map_add(m, st_op_result(a, 5), st_op_result(a, 5));
	CHECK(st_value_map_lookup(m, st_op_result(a, 5)) == st_op_result(a, 5));
	/* Blocks share the map. */
	st_block *x = st_block_create(ctx), *y = st_block_create(ctx);
	CHECK(st_value_map_lookup_block(m, x) == NULL);
	st_value_map_add_block(m, x, y);
	CHECK(st_value_map_lookup_block(m, x) == y && st_value_map_lookup_block(m, y) == NULL);
	/* One step only: a -> b and b -> c does not make a -> c. */
	st_value_map_add(m, st_op_result(b, 0), st_op_result(b, 1));
	CHECK(st_value_map_lookup(m, st_op_result(a, N - 1)) == st_op_result(b, 0));
	st_value_map_destroy(m);
	st_value_map_destroy(NULL);
	CHECK(st_value_map_lookup(NULL, st_op_result(a, 0)) == NULL);
	st_block_destroy(x);
	st_block_destroy(y);
	st_op_destroy(a);
	st_op_destroy(b);
	free(types);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------ single ops */

static void test_clone_op(void) {
	st_context *ctx = new_ctx();
	st_type *i32 = i32_of(ctx);
	st_op *d = mk_op(ctx, "t.def", 0, NULL, 3, (st_type *[]){i32, i32, i32});
	st_value *a = st_op_result(d, 0), *b = st_op_result(d, 1), *c = st_op_result(d, 2);
	st_block *succ = st_block_create(ctx);
	st_attr *loc = st_loc_file(ctx, st_str_c("c.mlir"), 2, 2);
	st_op_state s = {.name = st_str_c("t.op"),
	                 .loc = loc,
	                 .noperands = 3,
	                 .operands = (st_value *[]){a, b, a},
	                 .nresults = 2,
	                 .result_types = (st_type *[]){i32, st_index_type(ctx)},
	                 .nsuccessors = 1,
	                 .successors = &succ,
	                 .nregions = 1};
	st_op *op = st_op_create(ctx, &s);
	st_op_set_attr(op, "k", st_string_attr(ctx, st_str_c("v")));

	/* Without a map: operands and successors are kept. */
	st_op *c1 = st_op_clone(op, NULL);
	CHECK(c1 && c1 != op && st_op_block(c1) == NULL);
	CHECK(st_op_name(c1) == st_op_name(op) && st_op_loc(c1) == loc && st_op_attrs(c1) == st_op_attrs(op));
	CHECK(st_op_num_operands(c1) == 3 && st_op_operand(c1, 0) == a && st_op_operand(c1, 2) == a);
	CHECK(st_op_num_results(c1) == 2 && st_value_type(st_op_result(c1, 1)) == st_index_type(ctx));
	CHECK(st_op_successor(c1, 0) == succ && st_op_num_regions(c1) == 1);
	CHECK(count_uses(a) == 4 && uses_consistent(a));

	/* With a map: mapped operands change, the map learns the results. */
	st_value_map *m = st_value_map_create(ctx);
	st_value_map_add(m, a, c);
	st_op *c2 = st_op_clone(op, m);
	CHECK(st_op_operand(c2, 0) == c && st_op_operand(c2, 1) == b && st_op_operand(c2, 2) == c);
	CHECK(st_value_map_lookup(m, st_op_result(op, 0)) == st_op_result(c2, 0));
	CHECK(st_value_map_lookup(m, st_op_result(op, 1)) == st_op_result(c2, 1));
	CHECK(count_uses(c) == 2 && uses_consistent(c));

	/* Cloning an op that uses a clone's result through the same map: the
	 * map is applied once, not chained. */
	st_op *user = mk_op(ctx, "t.user", 1, (st_value *[]){st_op_result(op, 0)}, 0, NULL);
	st_value_map_add(m, st_op_result(c2, 0), b); /* a chain op.r0 -> c2.r0 -> b */
	st_op *cu = st_op_clone(user, m);
	CHECK(st_op_operand(cu, 0) == st_op_result(c2, 0));
	st_op_destroy(cu);
	st_op_destroy(user);
	st_value_map_destroy(m);

	st_op_destroy(c2);
	st_op_destroy(c1);
	st_op_destroy(op);
	st_block_destroy(succ);
	st_op_destroy(d);
	st_context_destroy(ctx);
}

/* ---------------------------------------------------------- whole bodies */

static const char *func_src =
	"func.func @f(%a: i32, %c: i1) -> i32 {\n"
	"  %0 = \"t.add\"(%a, %a) : (i32, i32) -> i32\n"
	"  cf.cond_br %c, ^bb3(%0 : i32), ^bb2\n"
	"^bb1(%p: i32):\n" /* uses %x, defined in ^bb2 (which dominates ^bb1) */
	"  %y = \"t.add\"(%p, %x) : (i32, i32) -> i32\n"
	"  %z = \"t.nest\"(%y) ({\n"
	"    %w = \"t.add\"(%x, %y) : (i32, i32) -> i32\n"
	"    \"t.yield\"(%w) : (i32) -> ()\n"
	"  }) : (i32) -> i32\n"
	"  cf.br ^bb3(%z : i32)\n"
	"^bb2:\n"
	"  %x = \"t.add\"(%0, %a) : (i32, i32) -> i32\n"
	"  cf.br ^bb1(%x : i32)\n"
	"^bb3(%r: i32):\n"
	"  return %r : i32\n"
	"}\n";

static void test_clone_func(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, func_src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *f = find_op(m, "func.func", 0);
	st_op *c = st_op_clone(f, NULL);
	CHECK(c != NULL);
	size_t n = 0;
	CHECK(clone_is_separate(c, f, &n));
	CHECK(n == count_ops(f));
	CHECK(same_text(f, c));
	/* Structure: 4 blocks, successors inside the clone. */
	st_region *r = st_op_region(c, 0);
	CHECK(st_region_num_blocks(r) == 4);
	st_block *e = st_region_first_block(r);
	CHECK(st_block_num_args(e) == 2 && st_block_arg(e, 0) != st_block_arg(st_region_first_block(st_op_region(f, 0)), 0));
	/* Put the clone next to the original under a new name: it verifies. */
	st_op_set_attr(c, "sym_name", st_string_attr(ctx, st_str_c("g")));
	st_block_append_op(module_body(m), c);
	CHECK(st_succeeded(st_verify(m)));
	/* Erasing the original leaves the clone intact. */
	st_op_erase(f);
	CHECK(st_succeeded(st_verify(m)));
	char *text = print_op_str(c, false);
	CHECK_CONTAINS("clone prints", text, "func.func @g(%arg0: i32, %arg1: i1) -> i32 {");
	free(text);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* st_region_clone_into on its own: the same forward reference across
 * blocks must be resolved to the cloned value. */
static void test_region_clone_into(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, func_src);
	st_op *f = find_op(m, "func.func", 0);
	st_op *holder = mk_op_regions(ctx, "t.holder", 0, NULL, 0, NULL, 1);
	st_value_map *map = st_value_map_create(ctx);
	CHECK(st_succeeded(st_region_clone_into(st_op_region(f, 0), st_op_region(holder, 0), map)));
	CHECK(clone_is_separate(holder, f, NULL));
	CHECK(st_region_num_blocks(st_op_region(holder, 0)) == 4);
	/* The map knows blocks, block arguments and results. */
	st_block *fe = st_region_first_block(st_op_region(f, 0));
	st_block *he = st_region_first_block(st_op_region(holder, 0));
	CHECK(st_value_map_lookup_block(map, fe) == he);
	CHECK(st_value_map_lookup(map, st_block_arg(fe, 1)) == st_block_arg(he, 1));
	/* Cloning into a region that already has blocks appends. */
	CHECK(st_succeeded(st_region_clone_into(st_op_region(f, 0), st_op_region(holder, 0), map)));
	CHECK(st_region_num_blocks(st_op_region(holder, 0)) == 8);
	CHECK(clone_is_separate(holder, f, NULL));
	st_value_map_destroy(map);
	st_op_destroy(holder);

	/* Inlining: the entry arguments are mapped beforehand to outer values,
	 * so the cloned entry block has none and its ops use the outer values. */
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	st_op *outer = mk_op(ctx, "t.outer", 0, NULL, 2, (st_type *[]){i32_of(ctx), i1});
	holder = mk_op_regions(ctx, "t.holder", 0, NULL, 0, NULL, 1);
	map = st_value_map_create(ctx);
	st_value_map_add(map, st_block_arg(fe, 0), st_op_result(outer, 0));
	st_value_map_add(map, st_block_arg(fe, 1), st_op_result(outer, 1));
	CHECK(st_succeeded(st_region_clone_into(st_op_region(f, 0), st_op_region(holder, 0), map)));
	he = st_region_first_block(st_op_region(holder, 0));
	CHECK(st_block_num_args(he) == 0);
	CHECK(st_block_num_args(st_block_next(he)) == 1); /* ^bb1(%p) is recreated */
	CHECK(count_uses(st_op_result(outer, 0)) == 3 && count_uses(st_op_result(outer, 1)) == 1);
	CHECK(clone_is_separate(holder, f, NULL));
	st_value_map_destroy(map);
	st_op_destroy(holder);
	st_op_destroy(outer);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* Graph regions: a cycle at module level, and a nested region using a
 * value of the module body defined after the op holding it. */
static void test_clone_graph(void) {
	st_context *ctx = new_ctx();
	const char *src = "%0 = \"t.a\"(%1, %0) : (i32, i32) -> i32\n"
	                  "%1 = \"t.b\"(%0) : (i32) -> i32\n"
	                  "\"t.nest\"() ({\n"
	                  "  \"t.use\"(%2, %1) : (i32, i32) -> ()\n"
	                  "}) : () -> ()\n"
	                  "%2 = \"t.c\"(%2) : (i32) -> i32\n";
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *c = st_op_clone(m, NULL);
	CHECK(c && clone_is_separate(c, m, NULL));
	CHECK(same_text(m, c));
	st_op *ca = find_op(c, "t.a", 0), *cb = find_op(c, "t.b", 0), *cc = find_op(c, "t.c", 0);
	CHECK(st_op_operand(ca, 0) == st_op_result(cb, 0) && st_op_operand(ca, 1) == st_op_result(ca, 0));
	CHECK(st_op_operand(cc, 0) == st_op_result(cc, 0));
	st_op *cuse = find_op(c, "t.use", 0);
	CHECK(st_op_operand(cuse, 0) == st_op_result(cc, 0) && st_op_operand(cuse, 1) == st_op_result(cb, 0));
	CHECK(st_succeeded(st_verify(c)));
	/* Cloning only the nested op: its uses of outer values stay (no map),
	 * or follow the map. */
	st_op *nest = find_op(m, "t.nest", 0);
	st_op *n1 = st_op_clone(nest, NULL);
	st_op *u1 = find_op(n1, "t.use", 0);
	CHECK(st_op_operand(u1, 0) == st_op_result(find_op(m, "t.c", 0), 0));
	st_value_map *map = st_value_map_create(ctx);
	st_value_map_add(map, st_op_result(find_op(m, "t.c", 0), 0), st_op_result(cc, 0));
	st_op *n2 = st_op_clone(nest, map);
	CHECK(st_op_operand(find_op(n2, "t.use", 0), 0) == st_op_result(cc, 0));
	st_value_map_destroy(map);
	st_op_destroy(n1);
	st_op_destroy(n2);
	/* Break the cycles, then destroy. */
	st_op_destroy(c);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* Cloning a large function: linear, and identical text. */
static void test_clone_big(void) {
	st_context *ctx = new_ctx();
	size_t cap = 1 << 20, len = 0;
	char *src = malloc(cap);
	len += (size_t)snprintf(src + len, cap - len, "func.func @big(%%a: i32) -> i32 {\n  %%v0 = \"t.add\"(%%a, %%a) : (i32, i32) -> i32\n");
	for (int i = 1; i < 5000; i++)
		len += (size_t)snprintf(src + len, cap - len, "  %%v%d = \"t.add\"(%%v%d, %%a) : (i32, i32) -> i32\n", i, i - 1);
	len += (size_t)snprintf(src + len, cap - len, "  return %%v4999 : i32\n}\n");
	st_op *m = parse(ctx, src);
	CHECK(m != NULL);
	st_op *c = st_op_clone(m, NULL);
	CHECK(c && clone_is_separate(c, m, NULL) && same_text(m, c));
	st_op_destroy(c);
	st_op_destroy(m);
	st_context_destroy(ctx);
	free(src);
}

int main(void) {
	test_value_map();
	test_clone_op();
	test_clone_func();
	test_region_clone_into();
	test_clone_graph();
	test_clone_big();
	return test_summary();
}
