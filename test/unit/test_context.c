/* Unit tests of the context: identifiers, two independent contexts, the
 * dialect registry (idempotence, conflicts, dependencies, op names seen
 * before their dialect), interfaces looked up through op definitions, the
 * diagnostic handler stack and the default renderer (file:line:col, the
 * source line, a caret, notes).
 */
#include "core_test.h"

/* ---------------------------------------------------------- identifiers */

static void test_idents(void) {
	st_context *a = st_context_create();
	st_context *b = st_context_create();
	CHECK(a && b && a != b);

	st_ident *x1 = st_ident_get_c(a, "hello");
	st_ident *x2 = st_ident_get(a, st_str_make("hello world", 5));
	CHECK(x1 && x1 == x2);
	CHECK_STR("ident cstr", st_ident_cstr(x1), "hello");
	CHECK(st_ident_str(x1).len == 5);
	CHECK(st_ident_get_c(a, "hellp") != x1);
	/* Identifiers of another context are other objects. */
	st_ident *y = st_ident_get_c(b, "hello");
	CHECK(y && y != x1);
	/* The empty identifier and an identifier with an embedded NUL. */
	st_ident *e = st_ident_get(a, st_str_make("", 0));
	CHECK(e && st_ident_str(e).len == 0 && st_ident_cstr(e)[0] == 0);
	st_ident *z1 = st_ident_get(a, st_str_make("a\0b", 3));
	st_ident *z2 = st_ident_get(a, st_str_make("a\0c", 3));
	CHECK(z1 && z2 && z1 != z2 && st_ident_str(z1).len == 3);

	/* Many identifiers: the table grows and every one is still found. */
	st_ident *ids[3000];
	char buf[32];
	for (int i = 0; i < 3000; i++) {
		snprintf(buf, sizeof buf, "id%d", i);
		ids[i] = st_ident_get_c(a, buf);
	}
	bool all = true;
	for (int i = 0; i < 3000; i++) {
		snprintf(buf, sizeof buf, "id%d", i);
		all &= st_ident_get_c(a, buf) == ids[i] && strcmp(st_ident_cstr(ids[i]), buf) == 0;
	}
	CHECK(all);
	CHECK(st_ident_get_c(a, "hello") == x1);

	/* Destroying one context leaves the other intact. */
	st_context_destroy(a);
	CHECK_STR("ident survives other ctx", st_ident_cstr(y), "hello");
	CHECK(st_ident_get_c(b, "hello") == y);
	st_context_destroy(b);
	st_context_destroy(NULL);
}

static void test_flags(void) {
	st_context *ctx = st_context_create();
	CHECK(!st_context_allows_unregistered(ctx));
	st_context_set_allow_unregistered(ctx, true);
	CHECK(st_context_allows_unregistered(ctx));
	CHECK(!st_context_out_of_memory(ctx));
	CHECK(st_context_num_errors(ctx) == 0);
	CHECK(st_api_version() == ST_API_VERSION);
	/* Raw allocation helpers. */
	char *p = st_ctx_alloc(ctx, 10);
	CHECK(p != NULL);
	memcpy(p, "012345678", 10);
	p = st_ctx_realloc(ctx, p, 10, 100);
	CHECK(p && strcmp(p, "012345678") == 0);
	st_ctx_free(ctx, p, 100);
	st_ctx_free(ctx, NULL, 0);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------- dialects */

static const st_opdef dep_ops[] = {{.name = "tdep.a"}, {.name = "tdep.b", .traits = ST_TRAIT_PURE}};
static const st_dialect_def dep_dialect = {.name = "tdep", .ops = dep_ops, .nops = 2};
static const char *const needs_tdep[] = {"tdep", NULL};
static const st_opdef user_ops[] = {{.name = "tuser.x"}};
static const st_dialect_def user_dialect = {
	.name = "tuser", .ops = user_ops, .nops = 1, .dependencies = needs_tdep};
/* Same name as tdep, different definition. */
static const st_dialect_def dep_dialect_other = {.name = "tdep", .ops = dep_ops, .nops = 0};
/* An op that does not belong to its dialect. */
static const st_opdef stray_ops[] = {{.name = "other.op"}};
static const st_dialect_def stray_dialect = {.name = "tstray", .ops = stray_ops, .nops = 1};
/* Dotted dialect names make one op name reachable from two dialects. */
static const st_opdef ta_ops[] = {{.name = "ta.b.c"}};
static const st_dialect_def ta_dialect = {.name = "ta", .ops = ta_ops, .nops = 1};
static const st_opdef tab_ops[] = {{.name = "ta.b.c"}};
static const st_dialect_def tab_dialect = {.name = "ta.b", .ops = tab_ops, .nops = 1};

static const st_value_def cst_results[] = {{.name = "r"}};
static st_attr *cst_value(const st_op *op) { return st_op_get_attr(op, "value"); }
static const st_constant_like_iface cst_iface = {.value = cst_value};
static const st_interface_impl cst_ifaces[] = {{ST_IFACE_CONSTANT_LIKE, &cst_iface}};
static const st_opdef iface_ops[] = {
	{.name = "tif.const", .results = cst_results, .nresults = 1, .interfaces = cst_ifaces, .ninterfaces = 1},
};
static const st_dialect_def iface_dialect = {.name = "tif", .ops = iface_ops, .nops = 1};

static void test_dialects(void) {
	st_context *ctx = st_context_create();
	diag_sink ds;
	diag_sink_install(&ds, ctx);

	/* builtin is there from creation. */
	CHECK(st_context_num_dialects(ctx) == 1);
	st_dialect *builtin = st_context_get_dialect(ctx, st_str_c("builtin"));
	CHECK(builtin && st_context_dialect_at(ctx, 0) == builtin);
	CHECK_STR("builtin name", st_ident_cstr(st_dialect_name(builtin)), "builtin");
	CHECK(st_context_lookup_opdef(ctx, st_str_c("builtin.module")) != NULL);
	CHECK(st_context_dialect_at(ctx, 5) == NULL);

	/* An unregistered op named before its dialect is registered. */
	st_op *early = mk_op(ctx, "tdep.b", 0, NULL, 0, NULL);
	CHECK(early && !st_op_is_registered(early) && st_op_dialect(early) == NULL);

	/* Dependencies must come first. */
	CHECK(st_failed(st_context_register_dialect(ctx, &user_dialect)));
	CHECK_CONTAINS("dependency message", sbuf_str(&ds.text), "needs dialect 'tdep'");
	CHECK(st_context_get_dialect(ctx, st_str_c("tuser")) == NULL);

	CHECK(st_succeeded(st_context_register_dialect(ctx, &dep_dialect)));
	CHECK(st_succeeded(st_context_register_dialect(ctx, &dep_dialect))); /* idempotent */
	CHECK(st_context_num_dialects(ctx) == 2);
	CHECK(st_succeeded(st_context_register_dialect(ctx, &user_dialect)));
	CHECK(st_context_num_dialects(ctx) == 3);
	st_dialect *tdep = st_context_get_dialect(ctx, st_str_c("tdep"));
	CHECK(tdep && st_dialect_get_def(tdep) == &dep_dialect);

	/* The early op now knows its dialect and its definition. */
	CHECK(st_op_dialect(early) == tdep);
	CHECK(st_op_def(early) == &dep_ops[1]);
	CHECK(st_op_has_trait(early, ST_TRAIT_PURE));
	st_op_destroy(early);

	/* Conflicts. */
	diag_sink_reset(&ds);
	CHECK(st_failed(st_context_register_dialect(ctx, &dep_dialect_other)));
	CHECK_CONTAINS("dup dialect", sbuf_str(&ds.text), "dialect 'tdep' is already registered");
	diag_sink_reset(&ds);
	CHECK(st_failed(st_context_register_dialect(ctx, &stray_dialect)));
	CHECK_CONTAINS("stray op", sbuf_str(&ds.text), "op 'other.op' does not belong to dialect 'tstray'");
	CHECK(st_context_num_dialects(ctx) == 3);
	CHECK(st_succeeded(st_context_register_dialect(ctx, &ta_dialect)));
	diag_sink_reset(&ds);
	CHECK(st_failed(st_context_register_dialect(ctx, &tab_dialect)));
	CHECK_CONTAINS("op clash", sbuf_str(&ds.text), "op 'ta.b.c' is already registered");
	CHECK(st_context_num_dialects(ctx) == 4);
	CHECK(st_context_lookup_opdef(ctx, st_str_c("ta.b.c")) == &ta_ops[0]);

	/* Interfaces: lookup by id (by pointer or by string contents). */
	CHECK(st_succeeded(st_context_register_dialect(ctx, &iface_dialect)));
	const st_opdef *cdef = st_context_lookup_opdef(ctx, st_str_c("tif.const"));
	CHECK(cdef == &iface_ops[0]);
	char id[] = "constant_like";
	CHECK(st_opdef_interface(cdef, id) == &cst_iface);
	CHECK(st_opdef_interface(cdef, ST_IFACE_CALL) == NULL);
	CHECK(st_opdef_interface(NULL, ST_IFACE_CALL) == NULL);
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_op *c = mk_op(ctx, "tif.const", 0, NULL, 1, &i32);
	/* A constant-like interface implies the trait. */
	CHECK(st_op_has_trait(c, ST_TRAIT_CONSTANT_LIKE));
	st_op_set_attr(c, "value", st_integer_attr(ctx, i32, 7));
	const st_constant_like_iface *ci = st_op_interface(c, ST_IFACE_CONSTANT_LIKE);
	CHECK(ci == &cst_iface && st_attr_int_value(ci->value(c)) == 7);
	st_op_destroy(c);

	CHECK(st_opdef_attr_index(st_context_lookup_opdef(ctx, st_str_c("builtin.module")), "sym_visibility") == 1);
	CHECK(st_opdef_attr_index(st_context_lookup_opdef(ctx, st_str_c("builtin.module")), "nope") == -1);
	CHECK(st_context_lookup_opdef(ctx, st_str_c("nodialect.op")) == NULL);

	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

/* The same op table registered in two contexts: each keeps its own. */
static void test_two_contexts(void) {
	st_context *a = new_ctx(), *b = new_ctx();
	CHECK(st_context_get_dialect(a, st_str_c("func")) != st_context_get_dialect(b, st_str_c("func")));
	CHECK(st_context_lookup_opdef(a, st_str_c("func.call")) == st_context_lookup_opdef(b, st_str_c("func.call")));
	const char *src = "func.func @f() { return }";
	st_op *ma = parse(a, src), *mb = parse(b, src);
	CHECK(ma && mb);
	CHECK(st_op_context(ma) == a && st_op_context(mb) == b);
	st_op_destroy(ma);
	char *s = print_op_str(mb, false);
	CHECK_STR("b after a's module is gone", s, "module {\n  func.func @f() {\n    return\n  }\n}\n");
	free(s);
	st_context_destroy(a);
	st_op_destroy(mb);
	st_context_destroy(b);
}

/* ----------------------------------------------------------- interfaces */

static void test_interfaces(void) {
	st_context *ctx = new_ctx();
	const char *src = "func.func private @g(i32) -> i32\n"
	                  "func.func @f(%a: i32) -> i32 {\n"
	                  "  %r = func.call @g(%a) : (i32) -> i32\n"
	                  "  cf.br ^bb1\n"
	                  "^bb1:\n"
	                  "  return %r : i32\n"
	                  "}\n";
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *call = find_op(m, "func.call", 0);
	CHECK(call != NULL);
	const st_call_iface *ci = st_op_interface(call, ST_IFACE_CALL);
	CHECK(ci != NULL);
	if (ci) {
		st_attr *callee = ci->callee(call);
		CHECK(callee && st_attr_get_kind(callee) == ST_ATTR_SYMBOL_REF);
		CHECK_STR("callee", st_ident_cstr(st_attr_symbol_root(callee)), "g");
		size_t start = 99, n = 99;
		ci->args(call, &start, &n);
		CHECK(start == 0 && n == 1);
		/* The callee resolves through the symbol table. */
		st_op *g = st_symbol_lookup_nearest(call, callee);
		CHECK(g && st_symbol_name(g) == st_ident_get_c(ctx, "g"));
		const st_callable_iface *cl = st_op_interface(g, ST_IFACE_CALLABLE);
		CHECK(cl && st_type_num_inputs(cl->function_type(g)) == 1);
		st_region *body = cl->body(g);
		CHECK(!body || st_region_is_empty(body)); /* external */
	}
	CHECK(st_op_interface(call, ST_IFACE_CALLABLE) == NULL);
	CHECK(st_op_interface(call, ST_IFACE_BRANCH) == NULL);
	st_op *br = find_op(m, "cf.br", 0);
	CHECK(br && st_op_interface(br, ST_IFACE_BRANCH) != NULL);
	/* Unregistered ops have no interfaces. */
	st_op *u = mk_op(ctx, "foo.call", 0, NULL, 0, NULL);
	CHECK(st_op_interface(u, ST_IFACE_CALL) == NULL);
	st_op_destroy(u);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* ---------------------------------------------------------- diagnostics */

typedef struct rec {
	int calls;
	bool consume;
	char last[256];
	st_severity sev;
	size_t nnotes;
} rec;

static bool rec_handler(void *ud, const st_diag_info *d) {
	rec *r = ud;
	r->calls++;
	snprintf(r->last, sizeof r->last, "%s", d->message);
	r->sev = d->severity;
	r->nnotes = d->nnotes;
	return r->consume;
}

static void test_diag_stack(void) {
	st_context *ctx = st_context_create();
	sbuf out = {0};
	st_context_set_diag_output(ctx, sbuf_write, &out);

	/* No handler: the default renderer writes to the output. */
	CHECK(st_failed(st_error(ctx, NULL, "first %d", 1)));
	CHECK_STR("default render", sbuf_str(&out), "<unknown>:0: error: first 1\n");
	CHECK(st_context_num_errors(ctx) == 1);

	rec lo = {.consume = true}, hi = {.consume = false};
	st_context_push_diag_handler(ctx, rec_handler, &lo);
	st_context_push_diag_handler(ctx, rec_handler, &hi);
	sbuf_clear(&out);
	st_warning(ctx, NULL, "careful");
	/* The newest declines, the older consumes, nothing is printed. */
	CHECK(hi.calls == 1 && lo.calls == 1);
	CHECK_STR("hi saw", hi.last, "careful");
	CHECK(lo.sev == ST_SEV_WARNING);
	CHECK(sbuf_str(&out)[0] == 0);
	CHECK(st_context_num_errors(ctx) == 1); /* warnings are not errors */

	/* A consuming newest handler hides the older one. */
	hi.consume = true;
	CHECK(st_failed(st_error(ctx, NULL, "second")));
	CHECK(hi.calls == 2 && lo.calls == 1);
	CHECK(st_context_num_errors(ctx) == 2);

	/* Pop: the older handler sees diagnostics again. */
	st_context_pop_diag_handler(ctx);
	st_diag *d = st_diag_create(ctx, ST_SEV_REMARK, NULL, "remark %s", "x");
	st_diag_append(d, " and %d more", 3);
	st_diag_note(d, NULL, "a note");
	st_diag_note(d, NULL, "another");
	CHECK(st_succeeded(st_diag_emit(d)));
	CHECK(lo.calls == 2);
	CHECK_STR("appended", lo.last, "remark x and 3 more");
	CHECK(lo.nnotes == 2);

	/* Pop everything (and once more than pushed): back to the default. */
	st_context_pop_diag_handler(ctx);
	st_context_pop_diag_handler(ctx);
	sbuf_clear(&out);
	st_warning(ctx, NULL, "w");
	CHECK_STR("default again", sbuf_str(&out), "<unknown>:0: warning: w\n");
	CHECK(st_diag_emit(NULL) == ST_FAIL);

	/* A handler installed twice is called twice when both decline, then the
	 * default output gets the diagnostic. */
	rec twice = {.consume = false};
	st_context_push_diag_handler(ctx, rec_handler, &twice);
	st_context_push_diag_handler(ctx, rec_handler, &twice);
	sbuf_clear(&out);
	st_warning(ctx, NULL, "w2");
	CHECK(twice.calls == 2);
	CHECK_STR("declined by all", sbuf_str(&out), "<unknown>:0: warning: w2\n");
	st_context_pop_diag_handler(ctx);
	st_context_pop_diag_handler(ctx);

	st_context_set_diag_output(ctx, NULL, NULL);
	sbuf_free(&out);
	st_context_destroy(ctx);
}

static void test_diag_render(void) {
	st_context *ctx = st_context_create();
	const char *src = "line one\n"
	                  "  second\tline here\n"
	                  "\tthird\n"
	                  "last line without newline";
	st_context_add_source(ctx, st_str_c("src.mlir"), st_str_c(src));
	sbuf out = {0};

	/* Error at line 2, col 3 (`second`): the line and a caret under it. */
	st_diag_info d = {.severity = ST_SEV_ERROR,
	                  .loc = st_loc_file(ctx, st_str_c("src.mlir"), 2, 3),
	                  .message = "something is wrong"};
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("caret", sbuf_str(&out),
	          "src.mlir:2:3: error: something is wrong\n"
	          "  second\tline here\n"
	          "  ^\n");

	/* A tab before the column is kept so the caret lines up. */
	sbuf_clear(&out);
	d.loc = st_loc_file(ctx, st_str_c("src.mlir"), 2, 12);
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("tab", sbuf_str(&out),
	          "src.mlir:2:12: error: something is wrong\n"
	          "  second\tline here\n"
	          "        \t  ^\n");

	/* The last line has no newline. */
	sbuf_clear(&out);
	d.loc = st_loc_file(ctx, st_str_c("src.mlir"), 4, 6);
	d.severity = ST_SEV_WARNING;
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("last line", sbuf_str(&out),
	          "src.mlir:4:6: warning: something is wrong\n"
	          "last line without newline\n"
	          "     ^\n");

	/* A line past the end: only the header. */
	sbuf_clear(&out);
	d.loc = st_loc_file(ctx, st_str_c("src.mlir"), 40, 1);
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("past end", sbuf_str(&out), "src.mlir:40:1: warning: something is wrong\n");

	/* An unknown file: only the header. */
	sbuf_clear(&out);
	d.loc = st_loc_file(ctx, st_str_c("other.mlir"), 1, 1);
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("unknown file", sbuf_str(&out), "other.mlir:1:1: warning: something is wrong\n");

	/* A file location found inside a name / callsite / fused location. */
	sbuf_clear(&out);
	st_attr *f = st_loc_file(ctx, st_str_c("src.mlir"), 1, 6);
	st_attr *fused_parts[2] = {st_loc_unknown(ctx), st_loc_name(ctx, st_str_c("n"), f)};
	d.loc = st_loc_fused(ctx, 2, fused_parts, NULL);
	d.severity = ST_SEV_REMARK;
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("fused", sbuf_str(&out), "src.mlir:1:6: remark: something is wrong\nline one\n     ^\n");

	/* A name location with no file inside. */
	sbuf_clear(&out);
	d.loc = st_loc_name(ctx, st_str_c("myname"), NULL);
	st_diag_render(ctx, &d, sbuf_write, &out);
	CHECK_STR("name loc", sbuf_str(&out), "myname: remark: something is wrong\n");

	/* Notes follow the diagnostic, each rendered the same way. */
	sbuf_clear(&out);
	st_diag_info note = {.severity = ST_SEV_NOTE,
	                     .loc = st_loc_file(ctx, st_str_c("src.mlir"), 3, 2),
	                     .message = "defined here"};
	st_diag_info e = {.severity = ST_SEV_ERROR,
	                  .loc = st_loc_file(ctx, st_str_c("src.mlir"), 1, 1),
	                  .message = "bad",
	                  .nnotes = 1,
	                  .notes = &note};
	st_diag_render(ctx, &e, sbuf_write, &out);
	CHECK_STR("note", sbuf_str(&out),
	          "src.mlir:1:1: error: bad\n"
	          "line one\n"
	          "^\n"
	          "src.mlir:3:2: note: defined here\n"
	          "\tthird\n"
	          "\t^\n");

	/* The same through st_diag_note + the default handler. */
	sbuf_clear(&out);
	st_context_set_diag_output(ctx, sbuf_write, &out);
	st_diag *dd = st_diag_create(ctx, ST_SEV_ERROR, e.loc, "bad");
	st_diag_note(dd, note.loc, "defined %s", "here");
	CHECK(st_failed(st_diag_emit(dd)));
	CHECK_STR("emitted note", sbuf_str(&out),
	          "src.mlir:1:1: error: bad\n"
	          "line one\n"
	          "^\n"
	          "src.mlir:3:2: note: defined here\n"
	          "\tthird\n"
	          "\t^\n");

	/* st_op_error words the message as MLIR does, at the op's location. */
	sbuf_clear(&out);
	st_op_state s = {.name = st_str_c("foo.bar"), .loc = st_loc_file(ctx, st_str_c("src.mlir"), 2, 3)};
	st_op *op = st_op_create(ctx, &s);
	CHECK(st_failed(st_op_error(op, "has %d problems", 2)));
	CHECK_STR("op error", sbuf_str(&out),
	          "src.mlir:2:3: error: 'foo.bar' op has 2 problems\n"
	          "  second\tline here\n"
	          "  ^\n");
	st_op_destroy(op);

	/* Long messages are not truncated. */
	sbuf_clear(&out);
	char longmsg[2000];
	memset(longmsg, 'x', sizeof longmsg - 1);
	longmsg[sizeof longmsg - 1] = 0;
	st_error(ctx, NULL, "%s!", longmsg);
	CHECK(out.len == strlen("<unknown>:0: error: ") + sizeof longmsg - 1 + 2);

	sbuf_free(&out);
	st_context_destroy(ctx);
}

/* Diagnostics from the parser and verifier carry the buffer's file name and
 * the offending line. */
static void test_diag_from_parser(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	const char *src = "func.func @f() {\n"
	                  "  %0 = \"foo.x\"() : () -> i32\n"
	                  "  return %1 : i32\n"
	                  "}\n";
	st_op *m = parse(ctx, src);
	CHECK(m == NULL);
	CHECK(ds.nerrors >= 1);
	CHECK_CONTAINS("parser diag", sbuf_str(&ds.text), "test.mlir:3:10: error: ");
	CHECK_CONTAINS("parser diag line", sbuf_str(&ds.text), "  return %1 : i32\n         ^\n");
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

/* An allocation failure is reported once, as an error diagnostic that goes
 * through the handler stack (the default output when none consumes it). */
typedef struct failing {
	bool fail;
	long live;
} failing;

static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
	failing *f = ud;
	(void)osize;
	if (nsize == 0) {
		if (ptr)
			f->live--;
		free(ptr);
		return NULL;
	}
	if (f->fail)
		return NULL;
	if (!ptr)
		f->live++;
	return realloc(ptr, nsize);
}

static void test_oom_diag(void) {
	failing f = {0};
	st_context *ctx = st_context_create_with_alloc(failing_alloc, &f);
	CHECK(ctx != NULL);
	sbuf out = {0};
	st_context_set_diag_output(ctx, sbuf_write, &out);
	rec r = {.consume = true};
	st_context_push_diag_handler(ctx, rec_handler, &r);
	f.fail = true;
	CHECK(st_ctx_alloc(ctx, 64) == NULL);
	CHECK(st_context_out_of_memory(ctx) && st_context_num_errors(ctx) == 1);
	CHECK(r.calls == 1 && r.sev == ST_SEV_ERROR);
	CHECK_STR("oom message", r.last, "out of memory");
	CHECK(sbuf_str(&out)[0] == 0);
	/* Reported once only. */
	CHECK(st_ctx_alloc(ctx, 64) == NULL);
	CHECK(r.calls == 1 && st_context_num_errors(ctx) == 1);
	f.fail = false;
	st_context_pop_diag_handler(ctx);
	st_context_destroy(ctx);
	CHECK(f.live == 0);

	/* With no handler, the default output has it. */
	ctx = st_context_create_with_alloc(failing_alloc, &f);
	st_context_set_diag_output(ctx, sbuf_write, &out);
	f.fail = true;
	CHECK(st_ctx_realloc(ctx, NULL, 0, 32) == NULL);
	f.fail = false;
	CHECK_STR("oom default", sbuf_str(&out), "error: out of memory\n");
	st_context_destroy(ctx);
	CHECK(f.live == 0);
	sbuf_free(&out);
}

int main(void) {
	test_idents();
	test_flags();
	test_dialects();
	test_two_contexts();
	test_interfaces();
	test_diag_stack();
	test_diag_render();
	test_diag_from_parser();
	test_oom_diag();
	return test_summary();
}
