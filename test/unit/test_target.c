/* The target registry (strata/target.h): lookup by class, sorted listing,
 * the definitions it refuses (a second definition of a class, no class, no
 * compile hook, options without a struct); and the typed options of pass.h
 * used outside a pass, as the driver fills a target's options: defaults,
 * setting by name with the errors naming the owner, printing, release. */
#include "core_test.h"
#include "strata/target.h"

#include <stddef.h>

static st_status compile_nothing(st_target_run *run) {
	(void)run;
	return ST_OK;
}

typedef struct toy_options {
	bool fast;
	int64_t lanes;
	int flow;
	const char *name;
} toy_options;

static const char *const flows[] = {"auto", "calyx", "stream", NULL};
static const st_pass_option_def toy_opts[] = {
	{"fast", "go fast", ST_PASS_OPT_BOOL, "false", offsetof(toy_options, fast), NULL},
	{"lanes", "lanes", ST_PASS_OPT_INT, "4", offsetof(toy_options, lanes), NULL},
	{"flow", "which flow", ST_PASS_OPT_ENUM, "auto", offsetof(toy_options, flow), flows},
	{"name", "a name", ST_PASS_OPT_STRING, NULL, offsetof(toy_options, name), NULL},
};

static void test_registry(void) {
	st_context *ctx = st_context_create();
	static const st_target_def fpga = {.class_ = "fpga", .summary = "f", .compile = compile_nothing};
	static const st_target_def cgra = {.class_ = "cgra", .summary = "c", .compile = compile_nothing,
	                                   .options = toy_opts, .noptions = 4, .options_size = sizeof(toy_options)};
	static const st_target_def fpga2 = {.class_ = "fpga", .summary = "another", .compile = compile_nothing};
	static const st_target_def nameless = {.class_ = "", .compile = compile_nothing};
	static const st_target_def no_compile = {.class_ = "rda"};
	static const st_target_def no_struct = {.class_ = "vliw", .compile = compile_nothing, .options = toy_opts,
	                                        .noptions = 4};

	CHECK(st_context_num_targets(ctx) == 0);
	CHECK(st_context_lookup_target(ctx, st_str_c("fpga")) == NULL);
	CHECK(st_succeeded(st_context_register_target(ctx, &fpga)));
	CHECK(st_succeeded(st_context_register_target(ctx, &cgra)));
	CHECK(st_succeeded(st_context_register_target(ctx, &fpga))); /* again: no-op */
	CHECK(st_context_num_targets(ctx) == 2);
	CHECK(st_context_target_at(ctx, 0) == &cgra); /* sorted by class */
	CHECK(st_context_target_at(ctx, 1) == &fpga);
	CHECK(st_context_target_at(ctx, 2) == NULL);
	CHECK(st_context_lookup_target(ctx, st_str_c("fpga")) == &fpga);
	CHECK(st_context_lookup_target(ctx, st_str_c("cgra")) == &cgra);
	CHECK(st_context_lookup_target(ctx, st_str_c("fpg")) == NULL);
	CHECK(st_context_lookup_target(ctx, st_str_c("fpgaa")) == NULL);

	diag_sink ds;
	diag_sink_install(&ds, ctx);
	CHECK(st_failed(st_context_register_target(ctx, &fpga2)));
	CHECK_CONTAINS("clash", sbuf_str(&ds.text), "target class 'fpga' is already registered");
	CHECK(st_failed(st_context_register_target(ctx, &nameless)));
	CHECK(st_failed(st_context_register_target(ctx, &no_compile)));
	CHECK_CONTAINS("incomplete", sbuf_str(&ds.text), "a target needs an ACG class and a compile hook");
	CHECK(st_failed(st_context_register_target(ctx, &no_struct)));
	CHECK_CONTAINS("no struct", sbuf_str(&ds.text), "target 'vliw' has options but no options struct to hold them");
	CHECK(ds.nerrors == 4);
	CHECK(st_context_num_targets(ctx) == 2);
	CHECK(st_context_lookup_target(ctx, st_str_c("fpga")) == &fpga);
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
	st_context_destroy(ctx);
}

static void test_options(void) {
	st_context *ctx = st_context_create();
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	toy_options o;
	memset(&o, 0xff, sizeof o); /* init must not rely on a zeroed struct */
	CHECK(st_succeeded(st_options_init(ctx, toy_opts, 4, &o, sizeof o, "target 'toy'")));
	CHECK(!o.fast && o.lanes == 4 && o.flow == 0 && o.name == NULL);
	CHECK(st_options_find(toy_opts, 4, st_str_c("flow")) == &toy_opts[2]);
	CHECK(st_options_find(toy_opts, 4, st_str_c("flo")) == NULL);
	CHECK(st_succeeded(st_option_set(ctx, &toy_opts[0], &o, "target 'toy'", st_str_c("1"), NULL)));
	CHECK(st_succeeded(st_option_set(ctx, &toy_opts[1], &o, "target 'toy'", st_str_c("-3"), NULL)));
	CHECK(st_succeeded(st_option_set(ctx, &toy_opts[2], &o, "target 'toy'", st_str_c("stream"), NULL)));
	CHECK(st_succeeded(st_option_set(ctx, &toy_opts[3], &o, "target 'toy'", st_str_c("a b"), NULL)));
	CHECK(st_succeeded(st_option_set(ctx, &toy_opts[3], &o, "target 'toy'", st_str_c("c"), NULL))); /* replaced */
	CHECK(o.fast && o.lanes == -3 && o.flow == 2 && o.name && strcmp(o.name, "c") == 0);
	sbuf text = {0};
	for (size_t i = 0; i < 4; i++) {
		st_option_print(&toy_opts[i], &o, sbuf_write, &text);
		sbuf_write(&text, ";", 1);
	}
	CHECK_STR("printed", sbuf_str(&text), "true;-3;stream;c;");
	/* Errors name the value, the option, its owner and what it takes;
	 * the option keeps its value. */
	CHECK(st_failed(st_option_set(ctx, &toy_opts[2], &o, "target 'toy'", st_str_c("fast"), NULL)));
	CHECK_CONTAINS("enum", sbuf_str(&ds.text),
	               "invalid value 'fast' for option 'flow' of target 'toy': expected one of auto, calyx, stream");
	CHECK(st_failed(st_option_set(ctx, &toy_opts[1], &o, "target 'toy'", st_str_c("four"), NULL)));
	CHECK_CONTAINS("int", sbuf_str(&ds.text), "invalid value 'four' for option 'lanes' of target 'toy': expected an integer");
	CHECK(st_failed(st_option_set(ctx, &toy_opts[0], &o, "target 'toy'", st_str_c("yes"), NULL)));
	CHECK_CONTAINS("bool", sbuf_str(&ds.text),
	               "invalid value 'yes' for option 'fast' of target 'toy': expected true or false");
	CHECK(o.flow == 2 && o.lanes == -3 && o.fast);
	CHECK(ds.nerrors == 3);
	st_options_release(ctx, toy_opts, 4, &o);
	CHECK(o.name == NULL);
	sbuf_free(&text);
	diag_sink_remove(&ds);
	sbuf_free(&ds.text);
	/* Under ASan a string not released shows up as a leak of the context. */
	st_context_destroy(ctx);
}

int main(void) {
	test_registry();
	test_options();
	return test_summary();
}
