/* The test-* passes of strata-opt, registered only on request: the pass
 * manager's tests need a pass that fails, one that breaks the IR, one
 * anchored on a particular op, and one with options of every type.  They
 * live in the tool, not the core, because they name a dialect's op. */
#include "test_passes.h"
#include "strata/affine.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void say(st_pass *pass, const char *text) { st_pass_write(pass, text, strlen(text)); }

/* ---------------------------------------------------------- test-fail */

typedef struct fail_options {
	const char *message;
	bool silent;
} fail_options;

static st_status run_fail(st_pass *pass, st_op *op) {
	const fail_options *o = st_pass_options(pass);
	if (o->silent)
		return ST_FAIL;
	return st_op_error(op, "test-fail: %s", o->message);
}

static const st_pass_option_def fail_opts[] = {
	{"message", "The error to report", ST_PASS_OPT_STRING, "failing as asked", offsetof(fail_options, message), NULL},
	{"silent", "Fail without reporting an error", ST_PASS_OPT_BOOL, "false", offsetof(fail_options, silent), NULL},
};

static const st_pass_def test_fail = {
	.name = "test-fail",
	.summary = "Fail on the op (test only)",
	.options = fail_opts,
	.noptions = 2,
	.options_size = sizeof(fail_options),
	.run = run_fail,
	.display_name = "TestFail",
};

/* ------------------------------------------------------ test-break-ir */

typedef struct find {
	st_op *user, *def;
} find;

/* The first op (not a terminator) whose operand is defined earlier in its
 * own block. */
static st_walk_result find_user(st_op *op, void *ud) {
	find *f = ud;
	if (st_op_has_trait(op, ST_TRAIT_TERMINATOR))
		return ST_WALK_ADVANCE;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_op *d = st_value_defining_op(st_op_operand(op, i));
		if (d && st_op_block(d) == st_op_block(op)) {
			f->user = op;
			f->def = d;
			return ST_WALK_INTERRUPT;
		}
	}
	return ST_WALK_ADVANCE;
}

/* Moves a user above the definition of its operand: a dominance error
 * the verifier after the pass must catch. */
static st_status run_break(st_pass *pass, st_op *op) {
	(void)pass;
	find f = {NULL, NULL};
	st_walk(op, ST_WALK_PRE, find_user, &f);
	if (!f.user)
		return st_op_error(op, "test-break-ir: no op but a terminator uses a value defined before it in its block");
	st_op_move_before(f.user, f.def);
	return ST_OK;
}

static const st_pass_def test_break_ir = {
	.name = "test-break-ir",
	.summary = "Move an op above the definition of its operand (test only)",
	.run = run_break,
	.display_name = "TestBreakIR",
};

/* ----------------------------------------------------- test-func-pass */

static st_status run_func(st_pass *pass, st_op *op) {
	st_ident *name = st_symbol_name(op);
	say(pass, "test-func-pass: @");
	say(pass, name ? st_ident_cstr(name) : "?");
	say(pass, "\n");
	st_pass_preserve_all_analyses(pass);
	return ST_OK;
}

static const st_pass_def test_func_pass = {
	.name = "test-func-pass",
	.summary = "Print the name of each function it runs on (test only)",
	.anchor = "func.func",
	.run = run_func,
	.display_name = "TestFuncPass",
};

/* ------------------------------------------------------ test-options */

typedef struct test_options {
	bool flag;
	int64_t count;
	const char *label;
	int mode;
} test_options;

static const char *const modes[] = {"fast", "careful", "exhaustive", NULL};

static st_status run_options(st_pass *pass, st_op *op) {
	(void)op;
	const test_options *o = st_pass_options(pass);
	char buf[512];
	snprintf(buf, sizeof buf, "test-options: flag=%s count=%" PRId64 " label='%s' mode=%s\n", o->flag ? "true" : "false",
	         o->count, o->label ? o->label : "", modes[o->mode]);
	say(pass, buf);
	st_pass_preserve_all_analyses(pass);
	return ST_OK;
}

static const st_pass_option_def options_opts[] = {
	{"flag", "A bool", ST_PASS_OPT_BOOL, NULL, offsetof(test_options, flag), NULL},
	{"count", "An int", ST_PASS_OPT_INT, "1", offsetof(test_options, count), NULL},
	{"label", "A string", ST_PASS_OPT_STRING, "none", offsetof(test_options, label), NULL},
	{"mode", "An enum", ST_PASS_OPT_ENUM, "fast", offsetof(test_options, mode), modes},
};

static const st_pass_def test_options_pass = {
	.name = "test-options",
	.summary = "Print its options (test only)",
	.options = options_opts,
	.noptions = 4,
	.options_size = sizeof(test_options),
	.run = run_options,
	.display_name = "TestOptions",
};

st_status strata_opt_register_test_passes(st_context *ctx) {
	const st_pass_def *defs[] = {&test_fail, &test_break_ir, &test_func_pass, &test_options_pass};
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		if (st_failed(st_context_register_pass(ctx, defs[i])))
			return ST_FAIL;
	return st_register_affine_test_passes(ctx);
}
