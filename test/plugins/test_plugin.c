/* The plugins the tests of test/Plugins/ load into the tools: one source,
 * built once per variant (test/plugins/CMakeLists.txt), so that every way a
 * plugin can be wrong is a real shared library:
 *   TPLUG_OK           a dialect (tplug), a pass (tplug-strip), a
 *                      translation (export-tplug-count) and a target
 *                      (class tplug)
 *   TPLUG_BAD_VERSION  built "against" the next API version
 *   TPLUG_PASSES_ONLY  no dialects and no targets to register
 *   TPLUG_CLASH        a dialect named like a built-in one (registration fails)
 *   TPLUG_TARGET_CLASH no dialects; two different targets of one class
 *                      (the second registration fails)
 *   TPLUG_NO_ENTRY     no entry point at all */
#include "strata/pass.h"
#include "strata/plugin.h"
#include "strata/rewrite.h"
#include "strata/target.h"
#include "strata/translate.h"

#include <stddef.h>
#include <stdio.h>

static const st_value_def id_operands[] = {{"input", &st_tc_any, ST_ONE, NULL}};
static const st_value_def id_results[] = {{"result", &st_tc_any, ST_ONE, "$input"}};

static const st_opdef ops[] = {{
	.name = "tplug.id",
	.summary = "forwards its operand",
	.operands = id_operands,
	.noperands = 1,
	.results = id_results,
	.nresults = 1,
	.traits = ST_TRAIT_PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,
	.format = "$input attr-dict `:` type($input)",
}};

static const st_dialect_def tplug = {
	.name = "tplug", .summary = "a dialect loaded from a test plugin", .ops = ops, .nops = 1};
/* Same op table, a taken name: registering it must fail. */
static const st_dialect_def clash = {.name = "arith", .ops = ops, .nops = 1};

#ifdef TPLUG_CLASH
#define clash_variant 1
#else
#define clash_variant 0
#endif

static st_status register_dialects(st_context *ctx) {
	return st_context_register_dialect(ctx, clash_variant ? &clash : &tplug);
}

static st_walk_result strip(st_op *op, void *ud) {
	(void)ud;
	if (st_str_eq_c(st_ident_str(st_op_name(op)), "tplug.id")) {
		st_value_replace_all_uses(st_op_result(op, 0), st_op_operand(op, 0));
		st_op_erase(op);
	}
	return ST_WALK_ADVANCE;
}

static st_status run_strip(st_pass *pass, st_op *op) {
	(void)pass;
	st_walk(op, ST_WALK_POST, strip, NULL);
	return ST_OK;
}

static const st_pass_def strip_pass = {
	.name = "tplug-strip", .summary = "replaces every tplug.id by its operand", .run = run_strip};

static st_walk_result count(st_op *op, void *ud) {
	*(unsigned *)ud += st_str_eq_c(st_ident_str(st_op_name(op)), "tplug.id");
	return ST_WALK_ADVANCE;
}

/* Writes how many tplug.id ops the module holds. */
static st_status export_count(st_op *module, st_write_fn w, void *ud) {
	unsigned n = 0;
	st_walk(module, ST_WALK_PRE, count, &n);
	char buf[32];
	int len = snprintf(buf, sizeof buf, "tplug.id: %u\n", n);
	w(ud, buf, (size_t)len);
	return ST_OK;
}

static const st_translation_def count_translation = {
	.name = "export-tplug-count", .summary = "counts the tplug.id ops", .export_ = export_count};

/* Translations come with the passes: strata-translate loads them with
 * --load-pass-plugin. */
static st_status register_passes(st_context *ctx) {
	if (st_failed(st_context_register_pass(ctx, &strip_pass)))
		return ST_FAIL;
	return st_context_register_translation(ctx, &count_translation);
}

#ifdef TPLUG_PASSES_ONLY
#define passes_only 1
#else
#define passes_only 0
#endif

/* The target of class tplug: the registry and the loader are what the
 * tests of test/Plugins exercise; compiling with it is refused (the toy
 * target of test/install/toy-target is the one that runs). */
typedef struct tplug_options {
	int64_t level;
} tplug_options;
static const st_pass_option_def tplug_target_opts[] = {
	{"level", "how hard to try", ST_PASS_OPT_INT, "1", offsetof(tplug_options, level), NULL}};
static st_status compile_refused(st_target_run *run) {
	(void)run;
	return ST_FAIL;
}
static const st_target_def tplug_target = {
	.class_ = "tplug",
	.summary = "a target loaded from a test plugin",
	.options = tplug_target_opts,
	.noptions = 1,
	.options_size = sizeof(tplug_options),
	.compile = compile_refused,
};
static const st_target_def tplug_target_again = {.class_ = "tplug", .compile = compile_refused};

#ifdef TPLUG_TARGET_CLASH
#define target_clash 1
#else
#define target_clash 0
#endif

static st_status register_targets(st_context *ctx) {
	if (st_failed(st_context_register_target(ctx, &tplug_target)))
		return ST_FAIL;
	return target_clash ? st_context_register_target(ctx, &tplug_target_again) : ST_OK;
}

#ifndef TPLUG_NO_ENTRY
const st_plugin_info *st_get_plugin_info(void) {
	static const st_plugin_info info = {
#ifdef TPLUG_BAD_VERSION
		.api_version = ST_API_VERSION + 1,
#else
		.api_version = ST_API_VERSION,
#endif
		.name = "tplug",
		.version = "1",
		/* Referenced either way, so that every variant compiles cleanly. */
		.register_dialects = passes_only || target_clash ? NULL : register_dialects,
		.register_passes = register_passes,
		.register_targets = passes_only ? NULL : register_targets,
	};
	return &info;
}
#else
/* The hooks are exported under other names, so that the library has
 * everything but the entry point. */
st_status (*const tplug_hooks[3])(st_context *) = {register_dialects, register_passes, register_targets};
#endif
