/* Unit tests of symbol tables: names, direct lookup, resolution of flat and
 * nested references from the nearest enclosing table (and only from it, as
 * in MLIR), the cached table (lookup, insertion with unique renaming
 * `name_N`, removal), and st_symbol_rename updating references (nested
 * ones, inside arrays and dictionaries) without touching references that
 * resolve in a nested table.
 */
#include "core_test.h"

static const char *src =
	"module {\n"
	"  func.func private @g(i32) -> i32\n"
	"  func.func @f(%a: i32) -> i32 {\n"
	"    %0 = func.call @g(%a) : (i32) -> i32\n"
	"    %1 = \"t.ref\"() {r = @inner::@h, arr = [@g, {k = @g}]} : () -> i32\n"
	"    return %0 : i32\n"
	"  }\n"
	"  module @inner {\n"
	"    func.func private @h()\n"
	"    func.func private @g()\n"
	"    func.func @user() {\n"
	"      func.call @g() : () -> ()\n"
	"      \"t.ref\"() {r = @h} : () -> ()\n"
	"      return\n"
	"    }\n"
	"    module @deep {\n"
	"      func.func private @x()\n"
	"    }\n"
	"  }\n"
	"  \"t.top\"() {r = @inner::@deep::@x, s = @inner} : () -> ()\n"
	"}\n";

static st_op *by_name(st_op *table, const char *name) { return st_symbol_lookup(table, st_str_c(name)); }

static st_attr *ref(st_context *ctx, const char *root, size_t n, const char *const *nested) {
	st_str s[8];
	for (size_t i = 0; i < n; i++)
		s[i] = st_str_c(nested[i]);
	return st_symbol_ref_attr(ctx, st_str_c(root), n, s);
}

static void test_lookup(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *g = by_name(m, "g"), *f = by_name(m, "f"), *inner = by_name(m, "inner");
	CHECK(g && f && inner && g != f);
	CHECK(st_symbol_name(g) == st_ident_get_c(ctx, "g"));
	CHECK(st_symbol_name(m) == NULL && by_name(m, "h") == NULL && by_name(m, "nope") == NULL);
	CHECK(st_symbol_table_of(g) == m && st_symbol_table_of(m) == NULL);
	st_op *ig = by_name(inner, "g"), *h = by_name(inner, "h"), *deep = by_name(inner, "deep");
	CHECK(ig && ig != g && h && deep);
	st_op *x = by_name(deep, "x");
	CHECK(x && st_symbol_table_of(x) == deep && st_symbol_table_of(deep) == inner);
	/* An op without regions is no table. */
	CHECK(by_name(g, "anything") == NULL);

	/* From the call in @f: flat refs resolve in the module. */
	st_op *call = find_op(f, "func.call", 0);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "g", 0, NULL)) == g);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "inner", 1, (const char *[]){"h"})) == h);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "inner", 2, (const char *[]){"deep", "x"})) == x);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "inner", 1, (const char *[]){"zz"})) == NULL);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "inner", 2, (const char *[]){"h", "x"})) == NULL);
	CHECK(st_symbol_lookup_nearest(call, ref(ctx, "f", 1, (const char *[]){"a"})) == NULL); /* f is no table */
	/* From inside @inner, @g is inner's own @g. */
	st_op *icall = find_op(inner, "func.call", 0);
	CHECK(st_symbol_lookup_nearest(icall, ref(ctx, "g", 0, NULL)) == ig);
	/* A table op looks up in itself. */
	CHECK(st_symbol_lookup_nearest(inner, ref(ctx, "h", 0, NULL)) == h);
	CHECK(st_symbol_lookup_nearest(m, ref(ctx, "inner", 1, (const char *[]){"deep"})) == deep);
	/* Only the nearest table is searched, as in MLIR: @f is not visible
	 * from inside @inner. */
	CHECK(st_symbol_lookup_nearest(icall, ref(ctx, "f", 0, NULL)) == NULL);
	CHECK(st_symbol_lookup_nearest(x, ref(ctx, "h", 0, NULL)) == NULL);
	/* A detached op has no table. */
	st_op *lone = mk_op(ctx, "t.lone", 0, NULL, 0, NULL);
	CHECK(st_symbol_lookup_nearest(lone, ref(ctx, "g", 0, NULL)) == NULL);
	st_op_destroy(lone);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* The verifier (func.call) follows the same rule: a call to a symbol of an
 * enclosing table that is not the nearest one is an error, as in
 * mlir-opt. */
static void test_call_scope(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	const char *text = "module {\n"
	                   "  func.func private @g()\n"
	                   "  module @inner {\n"
	                   "    func.func @f() {\n"
	                   "      func.call @g() : () -> ()\n"
	                   "      return\n"
	                   "    }\n"
	                   "  }\n"
	                   "}\n";
	st_op *m = parse(ctx, text);
	CHECK(m && st_failed(st_verify(m)));
	CHECK_CONTAINS("outer symbol", sbuf_str(&ds.text), "'g' does not reference a valid function");
	st_op_destroy(m);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

static st_op *mk_sym(st_context *ctx, const char *name) {
	st_op *o = mk_op(ctx, "t.sym", 0, NULL, 0, NULL);
	st_op_set_attr(o, "sym_name", st_string_attr(ctx, st_str_c(name)));
	return o;
}

static void test_table(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	st_symbol_table *t = st_symbol_table_create(m);
	CHECK(t != NULL);
	CHECK(st_symbol_table_lookup(t, st_str_c("g")) == by_name(m, "g"));
	CHECK(st_symbol_table_lookup(t, st_str_c("h")) == NULL);
	CHECK(st_symbol_table_lookup(t, st_str_c("never seen")) == NULL);

	/* A fresh name is kept; the op is appended to the body. */
	st_op *a = mk_sym(ctx, "a");
	st_ident *na = st_symbol_table_insert(t, a);
	CHECK(na == st_ident_get_c(ctx, "a") && st_op_parent_op(a) == m && st_block_last_op(module_body(m)) == a);
	CHECK(st_symbol_table_lookup(t, st_str_c("a")) == a && by_name(m, "a") == a);
	/* A taken name gets _0, _1, ... */
	st_op *g2 = mk_sym(ctx, "g");
	CHECK_STR("unique 0", st_ident_cstr(st_symbol_table_insert(t, g2)), "g_0");
	CHECK_STR("renamed attr", st_ident_cstr(st_symbol_name(g2)), "g_0");
	st_op *g3 = mk_sym(ctx, "g");
	CHECK_STR("unique 1", st_ident_cstr(st_symbol_table_insert(t, g3)), "g_1");
	/* A name like a uniqued one is skipped over. */
	st_op *a0 = mk_sym(ctx, "a_0");
	CHECK_STR("a_0 kept", st_ident_cstr(st_symbol_table_insert(t, a0)), "a_0");
	st_op *a2 = mk_sym(ctx, "a");
	const char *an = st_ident_cstr(st_symbol_table_insert(t, a2));
	CHECK(strcmp(an, "a") != 0 && strcmp(an, "a_0") != 0 && strncmp(an, "a_", 2) == 0);
	CHECK(st_symbol_table_lookup(t, st_str_c(an)) == a2);
	/* Many collisions: all distinct, all found. */
	st_op *many[100];
	bool ok = true;
	for (int i = 0; i < 100; i++) {
		many[i] = mk_sym(ctx, "dup");
		st_ident *n = st_symbol_table_insert(t, many[i]);
		ok &= n && st_symbol_table_lookup(t, st_ident_str(n)) == many[i] && by_name(m, st_ident_cstr(n)) == many[i];
	}
	CHECK(ok);
	/* Long names keep all their characters. */
	char longname[701];
	memset(longname, 'q', 700);
	longname[700] = 0;
	st_op *l1 = mk_sym(ctx, longname), *l2 = mk_sym(ctx, longname);
	CHECK(st_symbol_table_insert(t, l1) == st_ident_get_c(ctx, longname));
	st_ident *ln = st_symbol_table_insert(t, l2);
	CHECK(ln && st_ident_str(ln).len > 700 && strncmp(st_ident_cstr(ln), longname, 700) == 0);
	CHECK(ln && st_ident_cstr(ln)[700] == '_');
	/* Re-inserting an op that is already in the table changes nothing. */
	CHECK(st_symbol_table_insert(t, a) == st_ident_get_c(ctx, "a"));
	/* An op without a name cannot be inserted. */
	st_op *nameless = mk_op(ctx, "t.x", 0, NULL, 0, NULL);
	CHECK(st_symbol_table_insert(t, nameless) == NULL);
	st_op_destroy(nameless);
	CHECK(st_succeeded(st_verify(m)));

	/* Remove takes the symbol out of the table and out of the body; the
	 * name is free again. */
	st_symbol_table_remove(t, g2);
	CHECK(st_symbol_table_lookup(t, st_str_c("g_0")) == NULL);
	CHECK(by_name(m, "g_0") == NULL && st_op_block(g2) == NULL);
	st_op_destroy(g2);
	st_op *g4 = mk_sym(ctx, "g_0");
	CHECK_STR("freed name", st_ident_cstr(st_symbol_table_insert(t, g4)), "g_0");
	CHECK(st_succeeded(st_verify(m)));
	st_symbol_table_destroy(t);

	/* A table over a body with a terminator inserts before it. */
	const char *fsrc = "\"t.table\"() ({\n"
	                   "  \"t.sym\"() {sym_name = \"s\"} : () -> ()\n"
	                   "  func.return\n"
	                   "}) : () -> ()\n";
	st_op *m2 = parse(ctx, fsrc);
	st_op *tab = find_op(m2, "t.table", 0);
	st_symbol_table *t2 = st_symbol_table_create(tab);
	st_op *s2 = mk_sym(ctx, "s");
	CHECK_STR("before terminator", st_ident_cstr(st_symbol_table_insert(t2, s2)), "s_0");
	st_block *tb = st_region_first_block(st_op_region(tab, 0));
	CHECK(strcmp(st_op_name_cstr(st_block_last_op(tb)), "func.return") == 0 && st_op_next(s2) == st_block_last_op(tb));
	st_symbol_table_destroy(t2);
	st_symbol_table_destroy(NULL);
	st_op_destroy(m2);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

static bool text_has(st_op *op, const char *needle) {
	char *s = print_op_str(op, true);
	bool has = strstr(s, needle) != NULL;
	if (!has)
		fprintf(stderr, "missing `%s` in:\n%s\n", needle, s);
	free(s);
	return has;
}

static void test_rename(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_op *m = parse(ctx, src);
	st_op *g = by_name(m, "g"), *inner = by_name(m, "inner");

	/* Renaming @g in the module updates the call and the array/dictionary
	 * references in @f, but not @inner's own @g and its call. */
	CHECK(st_succeeded(st_symbol_rename(g, st_str_c("g2"))));
	CHECK(st_symbol_name(g) == st_ident_get_c(ctx, "g2") && by_name(m, "g2") == g && by_name(m, "g") == NULL);
	st_op *call = find_op(by_name(m, "f"), "func.call", 0);
	CHECK(st_attr_symbol_root(st_op_get_attr(call, "callee")) == st_ident_get_c(ctx, "g2"));
	CHECK(text_has(m, "arr = [@g2, {k = @g2}]"));
	st_op *icall = find_op(inner, "func.call", 0);
	CHECK(st_attr_symbol_root(st_op_get_attr(icall, "callee")) == st_ident_get_c(ctx, "g"));
	CHECK(st_succeeded(st_verify(m)));

	/* Renaming a nested table updates the roots of nested references
	 * (@inner::@h, @inner::@deep::@x and @inner itself). */
	CHECK(st_succeeded(st_symbol_rename(inner, st_str_c("in2"))));
	CHECK(text_has(m, "r = @in2::@h"));
	CHECK(text_has(m, "r = @in2::@deep::@x, s = @in2"));
	CHECK(st_succeeded(st_verify(m)));

	/* Renaming a symbol of the nested table: references inside it change;
	 * references from outside through the nested path are the caller's
	 * business (MLIR renames within the symbol's own table). */
	st_op *h = by_name(inner, "h");
	CHECK(st_succeeded(st_symbol_rename(h, st_str_c("h2"))));
	CHECK(text_has(m, "\"t.ref\"() {r = @h2}"));

	/* Renaming to a taken name fails with a diagnostic; to its own name is
	 * a no-op. */
	diag_sink_reset(&ds);
	CHECK(st_failed(st_symbol_rename(g, st_str_c("f"))));
	CHECK_CONTAINS("taken", sbuf_str(&ds.text), "the name is taken");
	CHECK(st_symbol_name(g) == st_ident_get_c(ctx, "g2"));
	diag_sink_reset(&ds);
	CHECK(st_succeeded(st_symbol_rename(g, st_str_c("g2"))));
	CHECK(ds.count == 0);
	/* A non-symbol cannot be renamed. */
	CHECK(st_failed(st_symbol_rename(call, st_str_c("zz"))));
	/* A detached symbol is just renamed. */
	st_op *lone = mk_sym(ctx, "lone");
	CHECK(st_succeeded(st_symbol_rename(lone, st_str_c("other"))));
	CHECK(st_symbol_name(lone) == st_ident_get_c(ctx, "other"));
	st_op_destroy(lone);

	/* Deeply nested references (more than a small buffer). */
	st_op *deep = by_name(inner, "deep");
	st_str sp[20];
	sp[0] = st_str_c("deep");
	for (int i = 1; i < 20; i++)
		sp[i] = st_str_c("n");
	st_op *top = find_op(m, "t.top", 0);
	st_op_set_attr(top, "long", st_symbol_ref_attr(ctx, st_str_c("in2"), 20, sp));
	st_op_set_attr(top, "longer", st_symbol_ref_attr(ctx, st_str_c("in2"), 7, sp));
	CHECK(st_succeeded(st_symbol_rename(inner, st_str_c("in3"))));
	st_attr *l = st_op_get_attr(top, "long");
	CHECK(st_attr_symbol_root(l) == st_ident_get_c(ctx, "in3") && st_attr_symbol_num_nested(l) == 20);
	CHECK(st_attr_symbol_root(st_op_get_attr(top, "longer")) == st_ident_get_c(ctx, "in3"));
	(void)deep;
	st_op_destroy(m);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

int main(void) {
	test_lookup();
	test_call_scope();
	test_table();
	test_rename();
	return test_summary();
}
