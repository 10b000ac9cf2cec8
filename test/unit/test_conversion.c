/* Unit tests of dialect conversion (core/conversion*.c, type_converter.c):
 * legality (op, dialect, dynamic, unknown-op callback, recursively legal),
 * the type converter (rules newest first, failure), a full conversion of
 * i32 arithmetic and function signatures to i64 with the operands remapped
 * and no casts left, materialisations for users left unconverted, folding
 * (and not folding, no_fold),
 * recursive legalisation and its bound, per-pattern rollback, and the
 * rollback of a whole failed conversion (printed IR identical) with the
 * located error. */
#include "core_test.h"
#include "strata/conversion.h"

/* ------------------------------------------------------------ the setup */

typedef struct fixture {
	st_context *ctx;
	st_op *module;
	st_type_converter *tc;
	st_conversion_target *target;
	st_pattern_set *set;
	diag_sink diags;
} fixture;

static st_type *i32_to_i64(void *ud, st_type *t, bool *fail) {
	(void)fail;
	st_context *ctx = ud;
	return st_type_is_signless_integer(t, 32) ? st_integer_type(ctx, 64, ST_SIGNLESS) : NULL;
}

static st_type *reject_i16(void *ud, st_type *t, bool *fail) {
	(void)ud;
	if (st_type_is_signless_integer(t, 16))
		*fail = true;
	return NULL;
}

/* func.func is legal once its signature is. */
static bool func_legal(void *ud, const st_op *op) {
	st_type_converter *tc = ud;
	if (strcmp(st_op_name_cstr(op), "func.func") != 0)
		return st_type_converter_is_op_legal(tc, op);
	st_type *ft = st_attr_type_value(st_op_get_attr(op, "function_type"));
	for (size_t i = 0; i < st_type_num_inputs(ft); i++)
		if (!st_type_converter_is_legal(tc, st_type_input(ft, i)))
			return false;
	for (size_t i = 0; i < st_type_num_results(ft); i++)
		if (!st_type_converter_is_legal(tc, st_type_result(ft, i)))
			return false;
	return true;
}

static bool types_legal(void *ud, const st_op *op) { return st_type_converter_is_op_legal(ud, op); }

static void setup(fixture *f, const char *src) {
	f->ctx = new_ctx();
	diag_sink_install(&f->diags, f->ctx);
	f->module = parse(f->ctx, src);
	CHECK(f->module != NULL);
	f->tc = st_type_converter_create(f->ctx);
	st_type_converter_add_identity(f->tc);
	st_type_converter_add_rule(f->tc, i32_to_i64, f->ctx);
	f->target = st_conversion_target_create(f->ctx);
	st_target_add_legal_op(f->target, "builtin.module");
	st_target_add_dynamic_dialect(f->target, "arith", types_legal, f->tc);
	st_target_add_dynamic_dialect(f->target, "func", func_legal, f->tc);
	f->set = st_pattern_set_create(f->ctx);
}

static void teardown(fixture *f) {
	st_pattern_set_destroy(f->set);
	st_conversion_target_destroy(f->target);
	st_type_converter_destroy(f->tc);
	if (f->module)
		st_op_destroy(f->module);
	diag_sink_remove(&f->diags);
	st_context_destroy(f->ctx);
}

static char *print(fixture *f) { return print_op_str(f->module, false); }

/* ------------------------------------------------------------- patterns */

/* Any binary arith op: recreated on the converted operands. */
static bool convert_binary(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	st_type *t = st_type_converter_convert(st_rewriter_type_converter(rw), st_value_type(st_op_result(op, 0)));
	st_op_state s = {.name = st_ident_str(st_op_name(op)),
	                 .loc = st_op_loc(op),
	                 .noperands = 2,
	                 .operands = operands,
	                 .nresults = 1,
	                 .result_types = &t,
	                 .attrs = st_op_attrs(op)};
	st_op *n = st_rewriter_create(rw, &s);
	if (!n)
		return false;
	st_rewriter_replace_op_with_op(rw, op, n);
	return true;
}

/* func.func: the signature and the entry block's arguments. */
static bool convert_func(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p, (void)operands;
	st_context *ctx = st_rewriter_context(rw);
	st_type_converter *tc = st_rewriter_type_converter(rw);
	st_type *ft = st_attr_type_value(st_op_get_attr(op, "function_type"));
	st_type *in[8], *out[8];
	size_t ni = st_type_num_inputs(ft), no = st_type_num_results(ft);
	for (size_t i = 0; i < ni; i++)
		if (!(in[i] = st_type_converter_convert(tc, st_type_input(ft, i))))
			return false;
	for (size_t i = 0; i < no; i++)
		if (!(out[i] = st_type_converter_convert(tc, st_type_result(ft, i))))
			return false;
	if (st_failed(st_rewriter_convert_region_types(rw, st_op_region(op, 0), tc)))
		return false;
	st_rewriter_modify_start(rw, op);
	st_op_set_attr(op, "function_type", st_type_attr(ctx, st_function_type(ctx, ni, in, no, out)));
	st_rewriter_modify_end(rw, op);
	return true;
}

/* func.return: its operands become the converted ones. */
static bool convert_return(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	st_rewriter_modify_start(rw, op);
	st_op_set_operands(op, st_op_num_operands(op), operands);
	st_rewriter_modify_end(rw, op);
	return true;
}

static const st_pattern widen[] = {
	{.name = "addi", .root = "arith.addi", .benefit = 1, .convert = convert_binary},
	{.name = "muli", .root = "arith.muli", .benefit = 1, .convert = convert_binary},
	{.name = "func", .root = "func.func", .benefit = 1, .convert = convert_func},
	{.name = "return", .root = "func.return", .benefit = 1, .convert = convert_return},
};

static const char *chain_src = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
                               "  %0 = arith.addi %a, %b : i32\n"
                               "  %1 = arith.muli %0, %a : i32\n"
                               "  return %1 : i32\n"
                               "}\n";

/* --------------------------------------------------------------- tests */

static void test_legality(void) {
	fixture f;
	setup(&f, "func.func @f(%a: i32, %b: i64) {\n"
	          "  %0 = arith.addi %a, %a : i32\n"
	          "  %1 = arith.addi %b, %b : i64\n"
	          "  \"test.x\"() : () -> ()\n"
	          "  \"other.y\"() ({ \"other.z\"() : () -> () }) : () -> ()\n"
	          "  return\n"
	          "}\n");
	st_op *a32 = find_op(f.module, "arith.addi", 0), *a64 = find_op(f.module, "arith.addi", 1);
	st_op *x = find_op(f.module, "test.x", 0), *y = find_op(f.module, "other.y", 0);
	CHECK(st_target_legality(f.target, a32) == ST_LEGALITY_ILLEGAL);
	CHECK(st_target_legality(f.target, a64) == ST_LEGALITY_LEGAL);
	CHECK(st_target_legality(f.target, x) == ST_LEGALITY_UNKNOWN);
	st_target_add_illegal_dialect(f.target, "test");
	CHECK(st_target_legality(f.target, x) == ST_LEGALITY_ILLEGAL);
	/* An op entry overrides its dialect's. */
	st_target_add_legal_op(f.target, "test.x");
	CHECK(st_target_legality(f.target, x) == ST_LEGALITY_LEGAL);
	st_target_add_legal_op(f.target, "arith.addi");
	CHECK(st_target_legality(f.target, a32) == ST_LEGALITY_LEGAL);
	CHECK(st_target_legality(f.target, y) == ST_LEGALITY_UNKNOWN);
	st_target_set_unknown_legality(f.target, types_legal, f.tc);
	CHECK(st_target_legality(f.target, y) == ST_LEGALITY_LEGAL);
	teardown(&f);
}

static void test_type_converter(void) {
	fixture f;
	setup(&f, "");
	st_context *ctx = f.ctx;
	st_type *i16 = st_integer_type(ctx, 16, ST_SIGNLESS), *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS), *f32 = st_float_type(ctx, ST_TYPE_F32);
	CHECK(st_type_converter_convert(f.tc, i32) == i64);
	CHECK(st_type_converter_convert(f.tc, f32) == f32); /* identity, the oldest rule */
	CHECK(st_type_converter_convert(f.tc, i16) == i16);
	CHECK(!st_type_converter_is_legal(f.tc, i32) && st_type_converter_is_legal(f.tc, i64));
	/* Newest first: a rule that fails stops the search. */
	st_type_converter_add_rule(f.tc, reject_i16, NULL);
	CHECK(st_type_converter_convert(f.tc, i16) == NULL);
	CHECK(st_type_converter_convert(f.tc, i32) == i64);
	/* Without any rule nothing converts. */
	st_type_converter *empty = st_type_converter_create(ctx);
	CHECK(st_type_converter_convert(empty, f32) == NULL);
	st_type_converter_destroy(empty);
	teardown(&f);
}

static void test_full_conversion(void) {
	fixture f;
	setup(&f, chain_src);
	st_pattern_set_add_many(f.set, widen, sizeof widen / sizeof widen[0]);
	st_conversion_config cfg = {.type_converter = f.tc};
	CHECK(st_apply_full_conversion(f.module, f.target, f.set, &cfg) == ST_OK);
	char *out = print(&f);
	CHECK_STR("widened", out,
	          "module {\n"
	          "  func.func @f(%arg0: i64, %arg1: i64) -> i64 {\n"
	          "    %0 = arith.addi %arg0, %arg1 : i64\n"
	          "    %1 = arith.muli %0, %arg0 : i64\n"
	          "    return %1 : i64\n"
	          "  }\n"
	          "}\n");
	CHECK(st_verify(f.module) == ST_OK);
	CHECK(f.diags.count == 0);
	free(out);
	teardown(&f);
}

/* A failure anywhere undoes everything done before it, exactly. */
static void test_rollback_whole(void) {
	const char *src = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
	                  "  %0 = arith.addi %a, %b : i32\n"
	                  "  %1 = arith.muli %0, %a : i32\n"
	                  "  \"test.bad\"(%1) : (i32) -> ()\n"
	                  "  return %1 : i32\n"
	                  "}\n";
	fixture f;
	setup(&f, src);
	st_pattern_set_add_many(f.set, widen, sizeof widen / sizeof widen[0]);
	st_target_add_illegal_op(f.target, "test.bad");
	char *before = print(&f), *gbefore = print_op_str(f.module, true);
	st_conversion_config cfg = {.type_converter = f.tc};
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, &cfg) == ST_FAIL);
	char *after = print(&f), *gafter = print_op_str(f.module, true);
	CHECK_STR("rolled back", after, before);
	CHECK_STR("rolled back (generic)", gafter, gbefore);
	CHECK_CONTAINS("error", sbuf_str(&f.diags.text),
	               "test.mlir:4:3: error: failed to legalize operation 'test.bad' that was explicitly marked illegal");
	CHECK(st_verify(f.module) == ST_OK);
	free(before), free(after), free(gbefore), free(gafter);
	diag_sink_reset(&f.diags);
	/* Full conversion: an op the target does not know is an error too. */
	st_target_add_legal_op(f.target, "test.bad");
	st_op_state s = {.name = st_str_c("test.unknown"), .loc = st_loc_unknown(f.ctx)};
	st_op *u = st_op_create(f.ctx, &s);
	st_block *body = st_region_first_block(st_op_region(find_op(f.module, "func.func", 0), 0));
	st_block_insert_op_before(body, st_block_first_op(body), u);
	before = print(&f);
	CHECK(st_apply_full_conversion(f.module, f.target, f.set, &cfg) == ST_FAIL);
	after = print(&f);
	CHECK_STR("rolled back (full)", after, before);
	CHECK_CONTAINS("full error", sbuf_str(&f.diags.text), "error: failed to legalize operation 'test.unknown'");
	/* Partial conversion leaves unknown ops alone and converts the rest. */
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, &cfg) == ST_OK);
	after = (free(after), print(&f));
	CHECK_CONTAINS("partial", after, "arith.muli %0, %arg0 : i64");
	free(before), free(after);
	teardown(&f);
}

/* A pattern that changes the IR and then reports failure is undone; the
 * next pattern applies to the untouched op. */
static bool half_then_fail(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)p;
	st_type *t = st_integer_type(st_rewriter_context(rw), 64, ST_SIGNLESS);
	st_op_state s = {.name = st_str_c("test.junk"), .loc = st_op_loc(op), .noperands = 1, .operands = operands,
	                 .nresults = 1, .result_types = &t};
	st_op *j = st_rewriter_create(rw, &s);
	st_rewriter_modify_start(rw, op);
	st_op_set_attr(op, "junk", st_unit_attr(st_rewriter_context(rw)));
	st_rewriter_modify_end(rw, op);
	st_rewriter_replace_all_uses(rw, operands[0], st_op_result(j, 0));
	return false;
}

static void test_pattern_rollback(void) {
	fixture f;
	setup(&f, chain_src);
	static const st_pattern bad = {.name = "bad", .root = "arith.addi", .benefit = 5, .convert = half_then_fail};
	st_pattern_set_add(f.set, &bad);
	st_pattern_set_add_many(f.set, widen, sizeof widen / sizeof widen[0]);
	st_conversion_config cfg = {.type_converter = f.tc};
	CHECK(st_apply_full_conversion(f.module, f.target, f.set, &cfg) == ST_OK);
	char *out = print(&f);
	CHECK(out && !strstr(out, "junk") && strstr(out, "arith.addi %arg0, %arg1 : i64"));
	free(out);
	teardown(&f);
}

/* test.a -> test.b -> test.c: test.b is illegal too and is legalised in
 * turn; a -> b -> a is a cycle the driver refuses. */
static bool rename_op(const st_pattern *p, st_op *op, st_rewriter *rw) {
	st_op_state s = {.name = st_str_c((const char *)p->data), .loc = st_op_loc(op)};
	st_op *n = st_rewriter_create(rw, &s);
	st_rewriter_replace_op_with_op(rw, op, n);
	return true;
}

static void test_recursive(void) {
	fixture f;
	setup(&f, "\"test.a\"() : () -> ()\n");
	static const st_pattern chain[] = {
		{.name = "a-b", .root = "test.a", .benefit = 1, .rewrite = rename_op, .data = "test.b"},
		{.name = "b-c", .root = "test.b", .benefit = 1, .rewrite = rename_op, .data = "test.c"},
	};
	st_pattern_set_add_many(f.set, chain, 2);
	st_target_add_illegal_op(f.target, "test.a");
	st_target_add_illegal_op(f.target, "test.b");
	st_target_add_legal_op(f.target, "test.c");
	CHECK(st_apply_full_conversion(f.module, f.target, f.set, NULL) == ST_OK);
	char *out = print(&f);
	CHECK_CONTAINS("chained", out, "\"test.c\"()");
	free(out);
	teardown(&f);

	setup(&f, "\"test.a\"() : () -> ()\n");
	static const st_pattern cycle[] = {
		{.name = "a-b", .root = "test.a", .benefit = 1, .rewrite = rename_op, .data = "test.b"},
		{.name = "b-a", .root = "test.b", .benefit = 1, .rewrite = rename_op, .data = "test.a"},
	};
	st_pattern_set_add_many(f.set, cycle, 2);
	st_target_add_illegal_op(f.target, "test.a");
	st_target_add_illegal_op(f.target, "test.b");
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, NULL) == ST_FAIL);
	out = print(&f);
	CHECK_CONTAINS("cycle undone", out, "\"test.a\"()");
	CHECK_CONTAINS("cycle error", sbuf_str(&f.diags.text), "failed to legalize operation 'test.a'");
	free(out);
	teardown(&f);
}

/* A user the conversion leaves alone keeps its old type through a cast:
 * builtin.unrealized_conversion_cast by default, the source
 * materialisation when there is one. */
static st_value *trunc_back(void *ud, st_rewriter *rw, st_type *type, st_value *input, st_attr *loc) {
	(void)ud;
	st_op_state s = {.name = st_str_c("arith.trunci"), .loc = loc, .noperands = 1, .operands = &input,
	                 .nresults = 1, .result_types = &type};
	st_op *op = st_rewriter_create(rw, &s);
	return op ? st_op_result(op, 0) : NULL;
}

static void test_materialization(void) {
	const char *src = "func.func @f(%a: i64) {\n"
	                  "  %t = arith.trunci %a : i64 to i32\n"
	                  "  %0 = arith.addi %t, %t : i32\n"
	                  "  \"test.use\"(%0) : (i32) -> ()\n"
	                  "  return\n"
	                  "}\n";
	for (int hook = 0; hook < 2; hook++) {
		fixture f;
		setup(&f, src);
		st_pattern_set_add_many(f.set, widen, 1);
		st_target_add_legal_op(f.target, "arith.trunci");
		if (hook)
			st_type_converter_add_source_materialization(f.tc, trunc_back, NULL);
		st_conversion_config cfg = {.type_converter = f.tc};
		CHECK(st_apply_partial_conversion(f.module, f.target, f.set, &cfg) == ST_OK);
		char *out = print(&f);
		/* The addi's operand needs i64: a target cast of %t; its result
		 * goes back to i32 for test.use. */
		CHECK_CONTAINS("addi converted", out, " : i64\n");
		if (hook) {
			CHECK_CONTAINS("hook", out, "arith.trunci %2 : i64 to i32\n    \"test.use\"(%3)");
		} else {
			CHECK_CONTAINS("cast", out, "builtin.unrealized_conversion_cast %2 : i64 to i32");
		}
		CHECK(st_verify(f.module) == ST_OK);
		free(out);
		teardown(&f);
	}
}

/* An illegal op whose operands are constants folds away, when the
 * constants it makes are legal. */
static void test_fold(void) {
	fixture f;
	setup(&f, "func.func @f() -> i64 {\n"
	          "  %c1 = arith.constant 1 : i64\n"
	          "  %c2 = arith.constant 2 : i64\n"
	          "  %0 = arith.addi %c1, %c2 : i64\n"
	          "  return %0 : i64\n"
	          "}\n");
	st_target_add_illegal_op(f.target, "arith.addi");
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, NULL) == ST_OK);
	char *out = print(&f);
	CHECK(out && !strstr(out, "arith.addi") && strstr(out, "arith.constant 3 : i64"));
	free(out);
	teardown(&f);
}

/* With no_fold the same op is left to the patterns: none here, so the
 * partial conversion fails on it and changes nothing. */
static void test_no_fold(void) {
	fixture f;
	setup(&f, "func.func @f() -> i64 {\n"
	          "  %c1 = arith.constant 1 : i64\n"
	          "  %c2 = arith.constant 2 : i64\n"
	          "  %0 = arith.addi %c1, %c2 : i64\n"
	          "  return %0 : i64\n"
	          "}\n");
	st_target_add_illegal_op(f.target, "arith.addi");
	st_conversion_config cfg = {.no_fold = true};
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, &cfg) == ST_FAIL);
	char *out = print(&f);
	CHECK(out && strstr(out, "arith.addi") && !strstr(out, "arith.constant 3 : i64"));
	free(out);
	teardown(&f);
}

/* Ops inside a recursively legal op are not looked at. */
static void test_recursively_legal(void) {
	fixture f;
	setup(&f, "\"test.box\"() ({\n  \"test.a\"() : () -> ()\n}) : () -> ()\n");
	st_target_add_illegal_op(f.target, "test.a");
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, NULL) == ST_FAIL);
	diag_sink_reset(&f.diags);
	st_target_add_recursively_legal_op(f.target, "test.box");
	CHECK(st_apply_partial_conversion(f.module, f.target, f.set, NULL) == ST_OK);
	CHECK(f.diags.count == 0);
	teardown(&f);
}

int main(void) {
	test_legality();
	test_type_converter();
	test_full_conversion();
	test_rollback_whole();
	test_pattern_rollback();
	test_recursive();
	test_materialization();
	test_fold();
	test_no_fold();
	test_recursively_legal();
	return test_summary();
}
