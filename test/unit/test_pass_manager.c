/* Unit tests of the pass manager's C API: the registry (sorted, idempotent,
 * duplicate names refused), options and init/destroy hooks, building
 * pipelines by API and by text (a failed parse leaves the manager as it
 * was), running on the wrong op, the report output, and cached analyses:
 * computed once across passes that preserve them, recomputed after one
 * that does not, and invalidated through the nesting (a pass on a function
 * invalidates the module's analyses; one on the module, the functions');
 * and the instrument's callbacks around each pass run.
 */
#include "core_test.h"
#include "strata/pass.h"

/* ------------------------------------------------------------ analyses */

/* Test-only counters (the test is its own process). */
static int ncreated, ndestroyed;

static void *count_create(st_context *ctx, st_op *op) {
	(void)ctx;
	(void)op;
	ncreated++;
	return &ncreated; /* any non-NULL pointer */
}
static void count_destroy(st_context *ctx, void *a) {
	(void)ctx;
	(void)a;
	ndestroyed++;
}
static const st_analysis_def counted = {"Counted", count_create, count_destroy};

static st_status run_keep(st_pass *pass, st_op *op) {
	CHECK(st_pass_get_analysis(pass, &counted, op) != NULL);
	st_pass_preserve_analysis(pass, &counted);
	return ST_OK;
}
static st_status run_drop(st_pass *pass, st_op *op) {
	CHECK(st_pass_get_analysis(pass, &counted, op) != NULL);
	return ST_OK;
}
static st_status run_all(st_pass *pass, st_op *op) {
	(void)op;
	st_pass_preserve_all_analyses(pass);
	return ST_OK;
}
/* Asks for the analysis of each function from the module. */
static st_status run_children(st_pass *pass, st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		CHECK(st_pass_get_analysis(pass, &counted, o) != NULL);
	st_pass_preserve_analysis(pass, &counted);
	return ST_OK;
}

static const st_pass_def keep_def = {.name = "t-keep", .run = run_keep};
static const st_pass_def drop_def = {.name = "t-drop", .run = run_drop};
static const st_pass_def all_def = {.name = "t-all", .run = run_all};
static const st_pass_def children_def = {.name = "t-children", .anchor = "builtin.module", .run = run_children};

static const char *two_funcs = "func.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n";

static st_context *pass_ctx(void) {
	st_context *ctx = new_ctx();
	CHECK(st_succeeded(st_context_register_pass(ctx, &keep_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &drop_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &all_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &children_def)));
	return ctx;
}

/* Runs `pipeline` on the two functions; returns how many times the
 * analysis was computed. */
static int creations(const char *pipeline) {
	st_context *ctx = pass_ctx();
	st_op *m = parse(ctx, two_funcs);
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c(pipeline), "<pass-pipeline>")));
	ncreated = ndestroyed = 0;
	CHECK(st_succeeded(st_pass_manager_run(pm, m)));
	int n = ncreated;
	/* Every analysis is gone once the run ends. */
	CHECK(ndestroyed == ncreated);
	st_pass_manager_destroy(pm);
	st_op_destroy(m);
	st_context_destroy(ctx);
	return n;
}

static void test_analyses(void) {
	/* Once across two passes that preserve it, again after one that does
	 * not. */
	CHECK(creations("t-keep,t-keep") == 1);
	CHECK(creations("t-keep,t-drop,t-keep") == 2);
	CHECK(creations("t-keep,t-all,t-keep") == 1);
	CHECK(creations("t-drop,t-drop,t-drop") == 3);
	/* Per function: two functions, two analyses, kept across passes. */
	CHECK(creations("func.func(t-keep,t-keep)") == 2);
	CHECK(creations("func.func(t-keep,t-drop,t-keep)") == 4);
	/* A function pass that does not preserve invalidates the module's. */
	CHECK(creations("t-keep,func.func(t-all),t-keep") == 1);
	CHECK(creations("t-keep,func.func(t-drop),t-keep") == 1 + 2 + 1);
	/* A module pass invalidates what it asked for about the functions
	 * (nested in it), and the functions' own. */
	CHECK(creations("t-children,t-children") == 2);
	CHECK(creations("t-children,t-drop,t-children") == 2 + 1 + 2);
	CHECK(creations("func.func(t-keep),t-all,func.func(t-keep)") == 2);
	CHECK(creations("func.func(t-keep),t-drop,func.func(t-keep)") == 2 + 1 + 2);
}

/* ------------------------------------------------------------ registry */

static void test_registry(void) {
	st_context *ctx = new_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	size_t base = st_context_num_passes(ctx);
	CHECK(st_succeeded(st_context_register_pass(ctx, &keep_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &drop_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &keep_def))); /* idempotent */
	CHECK(st_context_num_passes(ctx) == base + 2);
	static const st_pass_def other = {.name = "t-keep", .run = run_drop};
	CHECK(st_failed(st_context_register_pass(ctx, &other)));
	CHECK_CONTAINS("duplicate", sbuf_str(&ds.text), "error: pass 't-keep' is already registered");
	static const st_pass_def unnamed = {.run = run_drop};
	CHECK(st_failed(st_context_register_pass(ctx, &unnamed)));
	CHECK_CONTAINS("unnamed", sbuf_str(&ds.text), "error: a pass definition needs a name and a run hook");
	CHECK(st_context_lookup_pass(ctx, st_str_c("t-drop")) == &drop_def);
	CHECK(st_context_lookup_pass(ctx, st_str_c("t-dro")) == NULL);
	CHECK(st_succeeded(st_register_core_passes(ctx)));
	CHECK(st_succeeded(st_register_core_passes(ctx)));
	CHECK(st_context_lookup_pass(ctx, st_str_c("cse")) != NULL);
	for (size_t i = 1; i < st_context_num_passes(ctx); i++)
		CHECK(strcmp(st_context_pass_at(ctx, i - 1)->name, st_context_pass_at(ctx, i)->name) < 0);
	CHECK(st_context_pass_at(ctx, st_context_num_passes(ctx)) == NULL);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

/* ---------------------------------------------------- options and hooks */

typedef struct opts {
	bool b;
	int64_t i;
	const char *s;
	int e;
} opts;

static const char *const cases[] = {"low", "high", NULL};
static const st_pass_option_def opt_defs[] = {
	{"b", "", ST_PASS_OPT_BOOL, "true", offsetof(opts, b), NULL},
	{"i", "", ST_PASS_OPT_INT, "-7", offsetof(opts, i), NULL},
	{"s", "", ST_PASS_OPT_STRING, NULL, offsetof(opts, s), NULL},
	{"e", "", ST_PASS_OPT_ENUM, "high", offsetof(opts, e), cases},
};

typedef struct state {
	int runs;
	opts seen;
	int *destroyed;
} state;

static int ndestroyed_states;

static st_status opt_init(st_pass *pass) {
	state *s = calloc(1, sizeof *s);
	if (!s)
		return ST_FAIL;
	s->destroyed = &ndestroyed_states;
	st_pass_set_state(pass, s);
	return ST_OK;
}
static void opt_destroy(st_pass *pass) {
	state *s = st_pass_state(pass);
	(*s->destroyed)++;
	free(s);
}
static st_status opt_run(st_pass *pass, st_op *op) {
	(void)op;
	state *s = st_pass_state(pass);
	s->runs++;
	s->seen = *(const opts *)st_pass_options(pass);
	st_pass_write(pass, "ran\n", 4);
	CHECK(st_pass_get_def(pass)->run == opt_run);
	CHECK(st_pass_context(pass) != NULL);
	return ST_OK;
}
static const st_pass_def opt_def = {
	.name = "t-opts",
	.options = opt_defs,
	.noptions = 4,
	.options_size = sizeof(opts),
	.run = opt_run,
	.init = opt_init,
	.destroy = opt_destroy,
};

static void test_options_and_hooks(void) {
	st_context *ctx = pass_ctx();
	CHECK(st_succeeded(st_context_register_pass(ctx, &opt_def)));
	st_op *m = parse(ctx, two_funcs);
	ndestroyed_states = 0;
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	CHECK(st_succeeded(st_pass_manager_add(pm, "t-opts", NULL)));
	CHECK(st_succeeded(st_pass_manager_add(pm, "t-opts", "b=false i=42 s={x y} e=low")));
	sbuf text = {0};
	st_pass_manager_print(pm, sbuf_write, &text);
	CHECK_STR("printed", sbuf_str(&text),
	          "builtin.module(t-opts{b=true i=-7 s=\"\" e=high},t-opts{b=false i=42 s=\"x y\" e=low})");
	/* The printed form parses to the same pipeline. */
	st_pass_manager *pm2 = st_pass_manager_create(ctx, "builtin.module");
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm2, st_str_c(sbuf_str(&text)), "<pass-pipeline>")));
	sbuf text2 = {0};
	st_pass_manager_print(pm2, sbuf_write, &text2);
	CHECK_STR("reprinted", sbuf_str(&text2), sbuf_str(&text));
	st_pass_manager_destroy(pm2);
	CHECK(ndestroyed_states == 2);
	ndestroyed_states = 0;

	/* The report output goes where the instrument says. */
	sbuf out = {0};
	st_pass_instrument ins = {.verify_each = true, .out = sbuf_write, .out_ud = &out};
	st_pass_manager_set_instrument(pm, &ins);
	CHECK(st_succeeded(st_pass_manager_run(pm, m)));
	CHECK_STR("output", sbuf_str(&out), "ran\nran\n");
	st_pass_manager_destroy(pm);
	CHECK(ndestroyed_states == 2);
	sbuf_free(&text);
	sbuf_free(&text2);
	sbuf_free(&out);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------- building */

static void test_building(void) {
	st_context *ctx = pass_ctx();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	st_pass_manager *f = st_pass_manager_nest(pm, "func.func");
	CHECK(st_succeeded(st_pass_manager_add(f, "t-keep", NULL)));
	CHECK(st_succeeded(st_pass_manager_add(pm, "t-children", NULL)));
	CHECK(st_pass_manager_size(pm) == 2);
	/* A failed parse leaves the manager as it was. */
	CHECK(st_failed(st_pass_manager_parse_pipeline(pm, st_str_c("t-keep,nope"), "<pass-pipeline>")));
	CHECK_CONTAINS("unknown", sbuf_str(&ds.text), "<pass-pipeline>:1:8: error: 'nope' does not refer to a registered pass");
	CHECK(st_pass_manager_size(pm) == 2);
	/* Without an origin, errors have no location. */
	diag_sink_reset(&ds);
	CHECK(st_failed(st_pass_manager_parse_pipeline(pm, st_str_c("nope"), NULL)));
	CHECK_CONTAINS("no origin", sbuf_str(&ds.text), "error: 'nope' does not refer to a registered pass");
	/* A module-anchored pass cannot be added to a function manager. */
	CHECK(st_failed(st_pass_manager_parse_pipeline(f, st_str_c("t-children"), "<pass-pipeline>")));
	/* ... but the flat form nests a function pass into the module's. */
	st_pass_manager *top = st_pass_manager_create(ctx, NULL);
	CHECK(st_succeeded(st_pass_manager_add(top, "t-children", NULL)));
	sbuf text = {0};
	st_pass_manager_print(top, sbuf_write, &text);
	CHECK_STR("any", sbuf_str(&text), "any(builtin.module(t-children))");
	sbuf_free(&text);
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c("func.func(t-keep)"), "<pass-pipeline>")));
	st_pass_manager_print(pm, sbuf_write, &text);
	CHECK_STR("appended", sbuf_str(&text), "builtin.module(func.func(t-keep),t-children,func.func(t-keep))");
	sbuf_free(&text);

	/* Running a module pipeline on a function is refused. */
	st_op *m = parse(ctx, two_funcs);
	st_op *fn = st_block_first_op(st_region_first_block(st_op_region(m, 0)));
	diag_sink_reset(&ds);
	CHECK(st_failed(st_pass_manager_run(pm, fn)));
	CHECK_CONTAINS("wrong op", sbuf_str(&ds.text),
	               "error: a pass pipeline on 'builtin.module' ops cannot run on a 'func.func' op");
	/* A manager on any op runs on what it is given. */
	CHECK(st_succeeded(st_pass_manager_run(top, m)));
	st_pass_manager_destroy(pm);
	st_pass_manager_destroy(top);
	st_op_destroy(m);
	diag_sink_remove(&ds);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------ callbacks */

/* What the callbacks saw, in order: "+pass@op" before, "-pass@op" after
 * (with "!" for a failure). */
typedef struct trace {
	sbuf text;
	st_op *module;
	int open; /* before without after: callbacks must pair */
} trace;

static void trace_op(trace *t, st_op *op) {
	if (op == t->module)
		sbuf_write(&t->text, "module", 6);
	else
		sbuf_write(&t->text, st_ident_cstr(st_symbol_name(op)), strlen(st_ident_cstr(st_symbol_name(op))));
}
static void before_cb(void *ud, const st_pass *pass, st_op *op) {
	trace *t = ud;
	CHECK(t->open == 0);
	t->open++;
	sbuf_write(&t->text, "+", 1);
	sbuf_write(&t->text, st_pass_get_def(pass)->name, strlen(st_pass_get_def(pass)->name));
	sbuf_write(&t->text, "@", 1);
	trace_op(t, op);
	sbuf_write(&t->text, " ", 1);
}
static void after_cb(void *ud, const st_pass *pass, st_op *op, st_status s) {
	trace *t = ud;
	CHECK(t->open == 1);
	t->open--;
	sbuf_write(&t->text, st_failed(s) ? "!" : "-", 1);
	sbuf_write(&t->text, st_pass_get_def(pass)->name, strlen(st_pass_get_def(pass)->name));
	sbuf_write(&t->text, "@", 1);
	trace_op(t, op);
	sbuf_write(&t->text, " ", 1);
}
/* Fails on @g only, after reporting why. */
static st_status run_fail_g(st_pass *pass, st_op *op) {
	if (strcmp(st_ident_cstr(st_symbol_name(op)), "g"))
		return ST_OK;
	st_op_error(op, "t-fail-g fails here");
	(void)pass;
	return ST_FAIL;
}
/* Leaves an op that does not verify: an empty function body block
 * without a terminator. */
static st_status run_break(st_pass *pass, st_op *op) {
	(void)pass;
	st_block *b = st_region_first_block(st_op_region(op, 0));
	st_op_erase(st_block_last_op(b));
	return ST_OK;
}
static const st_pass_def fail_g_def = {.name = "t-fail-g", .anchor = "func.func", .run = run_fail_g};
static const st_pass_def break_def = {.name = "t-break", .anchor = "func.func", .run = run_break};

static void test_callbacks(void) {
	st_context *ctx = pass_ctx();
	CHECK(st_succeeded(st_context_register_pass(ctx, &fail_g_def)));
	CHECK(st_succeeded(st_context_register_pass(ctx, &break_def)));
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	st_op *m = parse(ctx, two_funcs);
	trace t = {.module = m};
	st_pass_instrument ins = {
		.verify_each = true, .before_pass = before_cb, .after_pass = after_cb, .callback_ud = &t};
	/* Nested and top-level passes, each on the op it runs on. */
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	st_pass_manager_set_instrument(pm, &ins);
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c("t-all,func.func(t-keep,t-drop),t-children"),
	                                                  "<pass-pipeline>")));
	CHECK(st_succeeded(st_pass_manager_run(pm, m)));
	CHECK_STR("order", sbuf_str(&t.text),
	          "+t-all@module -t-all@module +t-keep@f -t-keep@f +t-drop@f -t-drop@f +t-keep@g -t-keep@g "
	          "+t-drop@g -t-drop@g +t-children@module -t-children@module ");
	st_pass_manager_destroy(pm);
	/* A failing pass: its after callback says so, and nothing runs after. */
	sbuf_clear(&t.text);
	pm = st_pass_manager_create(ctx, "builtin.module");
	st_pass_manager_set_instrument(pm, &ins);
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c("func.func(t-fail-g),t-all"), "<pass-pipeline>")));
	CHECK(st_failed(st_pass_manager_run(pm, m)));
	CHECK_STR("failure", sbuf_str(&t.text), "+t-fail-g@f -t-fail-g@f +t-fail-g@g !t-fail-g@g ");
	st_pass_manager_destroy(pm);
	/* Without callbacks nothing is called (the default instrument). */
	sbuf_clear(&t.text);
	pm = st_pass_manager_create(ctx, "builtin.module");
	CHECK(st_succeeded(st_pass_manager_add(pm, "t-all", NULL)));
	CHECK(st_succeeded(st_pass_manager_run(pm, m)));
	CHECK_STR("none", sbuf_str(&t.text), "");
	st_pass_manager_destroy(pm);
	/* A pass that leaves invalid IR fails in its after callback, since
	 * the callback comes after the verification. */
	sbuf_clear(&t.text);
	pm = st_pass_manager_create(ctx, "builtin.module");
	st_pass_manager_set_instrument(pm, &ins);
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c("func.func(t-break)"), "<pass-pipeline>")));
	CHECK(st_failed(st_pass_manager_run(pm, m)));
	CHECK_STR("invalid", sbuf_str(&t.text), "+t-break@f !t-break@f ");
	CHECK(t.open == 0);
	st_pass_manager_destroy(pm);
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
	sbuf_free(&t.text);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

int main(void) {
	test_registry();
	test_options_and_hooks();
	test_building();
	test_analyses();
	test_callbacks();
	return test_summary();
}
