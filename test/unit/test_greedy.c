/* Unit tests of the greedy pattern driver (core/greedy.c, fold.c,
 * region_simplify.c): folding with constant materialisation and
 * uniquing, dead-op removal, pattern order by benefit (op name, interface,
 * any op), top-down and bottom-up seeding, the iteration and rewrite limits
 * with their warnings, the pattern-contract check, and region
 * simplification (unreachable blocks, dead block arguments, identical
 * blocks). */
#include "core_test.h"
#include "strata/rewrite.h"

/* Parses `src`, runs the driver with `pats` on the module, and returns the
 * printed module (malloc'd), or NULL when the driver failed.  Diagnostics
 * go to `diags` when given. */
static char *run(const char *src, const st_pattern *pats, size_t npats, const st_greedy_config *cfg,
                 diag_sink *diags, st_status *status) {
	st_context *ctx = new_ctx();
	if (diags)
		diag_sink_install(diags, ctx);
	st_op *m = parse(ctx, src);
	CHECK(m != NULL);
	if (!m) {
		st_context_destroy(ctx);
		return NULL;
	}
	st_pattern_set *set = st_pattern_set_create(ctx);
	st_pattern_set_add_many(set, pats, npats);
	st_status s = st_apply_patterns_greedily(m, set, cfg, NULL);
	if (status)
		*status = s;
	char *out = print_op_str(m, false);
	st_pattern_set_destroy(set);
	st_op_destroy(m);
	if (diags) {
		/* Keep the text past the context. */
		char *t = strdup(sbuf_str(&diags->text));
		diag_sink_remove(diags);
		diags->text.data = t;
		diags->text.len = strlen(t);
		diags->text.cap = diags->text.len + 1;
	}
	st_context_destroy(ctx);
	return out;
}

/* ------------------------------------------------------------- folding */

static void test_fold_and_dedup(void) {
	const char *src = "func.func @f(%a: i32) -> i32 {\n"
	                  "  %c1 = arith.constant 1 : i32\n"
	                  "  %c2 = arith.constant 2 : i32\n"
	                  "  %s = arith.addi %c1, %c2 : i32\n"
	                  "  %t = arith.addi %a, %s : i32\n"
	                  "  %u = arith.muli %t, %c1 : i32\n"
	                  "  %dead = arith.subi %a, %c2 : i32\n"
	                  "  %c3 = arith.constant 3 : i32\n"
	                  "  %v = arith.addi %u, %c3 : i32\n"
	                  "  return %v : i32\n"
	                  "}\n";
	char *out = run(src, NULL, 0, NULL, NULL, NULL);
	/* 1+2 folds to the same constant 3 the input has: one constant left,
	 * x*1 folds away, the dead subi goes; (a+3)+3 stays (no patterns). */
	CHECK_STR("fold", out,
	          "module {\n"
	          "  func.func @f(%arg0: i32) -> i32 {\n"
	          "    %c3_i32 = arith.constant 3 : i32\n"
	          "    %0 = arith.addi %arg0, %c3_i32 : i32\n"
	          "    %1 = arith.addi %0, %c3_i32 : i32\n"
	          "    return %1 : i32\n"
	          "  }\n"
	          "}\n");
	free(out);
}

/* Constants are hoisted to the entry block of the enclosing isolated
 * region, in MLIR 14's order (each materialised at the top, so the input's
 * order reverses); an unregistered op might be isolated from above, so
 * constants stay in its region. */
static void test_hoist(void) {
	const char *src = "func.func private @use(i32, i32, i32)\n"
	                  "func.func @f(%a: i32, %c: i1) {\n"
	                  "  scf.if %c {\n"
	                  "    %c1 = arith.constant 1 : i32\n"
	                  "    %c2 = arith.constant 2 : i32\n"
	                  "    func.call @use(%c1, %c2, %a) : (i32, i32, i32) -> ()\n"
	                  "  }\n"
	                  "  \"test.region\"() ({\n"
	                  "    %c7 = arith.constant 7 : i32\n"
	                  "    \"test.use\"(%c7) : (i32) -> ()\n"
	                  "  }) : () -> ()\n"
	                  "  return\n"
	                  "}\n";
	char *out = run(src, NULL, 0, NULL, NULL, NULL);
	CHECK_STR("hoist", out,
	          "module {\n"
	          "  func.func private @use(i32, i32, i32)\n"
	          "  func.func @f(%arg0: i32, %arg1: i1) {\n"
	          "    %c2_i32 = arith.constant 2 : i32\n"
	          "    %c1_i32 = arith.constant 1 : i32\n"
	          "    scf.if %arg1 {\n"
	          "      func.call @use(%c1_i32, %c2_i32, %arg0) : (i32, i32, i32) -> ()\n"
	          "    }\n"
	          "    \"test.region\"() ({\n"
	          "      %c7_i32 = arith.constant 7 : i32\n"
	          "      \"test.use\"(%c7_i32) : (i32) -> ()\n"
	          "    }) : () -> ()\n"
	          "    return\n"
	          "  }\n"
	          "}\n");
	free(out);
}

/* A commutative op gets its constant operand last even when nothing
 * folds. */
static void test_commutative(void) {
	const char *src = "func.func @f(%a: i32) -> i32 {\n"
	                  "  %c5 = arith.constant 5 : i32\n"
	                  "  %s = arith.addi %c5, %a : i32\n"
	                  "  return %s : i32\n"
	                  "}\n";
	char *out = run(src, NULL, 0, NULL, NULL, NULL);
	CHECK_CONTAINS("commutative", out, "arith.addi %arg0, %c5_i32 : i32");
	free(out);
}

/* ------------------------------------------------------------- patterns */

/* test.a -> test.b (benefit 1); test.a -> test.c (benefit 2) wins. */
static bool rename_to(const st_pattern *p, st_op *op, st_rewriter *rw) {
	st_op_state s = {.name = st_str_c((const char *)p->data), .loc = st_op_loc(op)};
	st_op *n = st_rewriter_create(rw, &s);
	if (!n)
		return false;
	st_rewriter_replace_op_with_op(rw, op, n);
	return true;
}

static bool rename_a(const st_pattern *p, st_op *op, st_rewriter *rw) {
	return strcmp(st_op_name_cstr(op), "test.a") == 0 && rename_to(p, op, rw);
}

static void test_benefit(void) {
	const char *src = "\"test.a\"() : () -> ()\n";
	st_pattern pats[] = {
		{.name = "a-to-b", .root = "test.a", .benefit = 1, .rewrite = rename_to, .data = "test.b"},
		{.name = "a-to-c", .root = "test.a", .benefit = 2, .rewrite = rename_to, .data = "test.c"},
	};
	char *out = run(src, pats, 2, NULL, NULL, NULL);
	CHECK_CONTAINS("benefit", out, "\"test.c\"()");
	free(out);
	/* Equal benefit: the op-specific pattern beats an any-op one even when
	 * added later; among equals, the first added. */
	st_pattern eq[] = {
		{.name = "any-to-d", .benefit = 1, .rewrite = rename_a, .data = "test.d"},
		{.name = "a-to-b", .root = "test.a", .benefit = 1, .rewrite = rename_to, .data = "test.b"},
		{.name = "a-to-c", .root = "test.a", .benefit = 1, .rewrite = rename_to, .data = "test.c"},
	};
	out = run(src, eq, 3, NULL, NULL, NULL);
	CHECK_CONTAINS("specific first", out, "\"test.b\"()");
	free(out);
}

/* Interface patterns match every op with the interface: func.call has the
 * call interface. */
static bool erase_call(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	if (!st_op_results_unused(op))
		return false;
	st_rewriter_erase_op(rw, op);
	return true;
}

static void test_interface_pattern(void) {
	const char *src = "func.func private @g()\n"
	                  "func.func @f() {\n"
	                  "  func.call @g() : () -> ()\n"
	                  "  return\n"
	                  "}\n";
	st_pattern pats[] = {{.name = "erase-calls", .interface = ST_IFACE_CALL, .benefit = 1, .rewrite = erase_call}};
	char *out = run(src, pats, 1, NULL, NULL, NULL);
	CHECK(out && !strstr(out, "call"));
	free(out);
}

/* Visiting order: an any-op pattern that records the ops it sees. */
typedef struct visit_log {
	char names[256];
} visit_log;

static bool record(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)rw;
	visit_log *log = (visit_log *)p->data;
	const char *n = st_op_name_cstr(op);
	if (strncmp(n, "test.", 5) == 0) {
		strncat(log->names, n + 5, sizeof log->names - strlen(log->names) - 2);
		strcat(log->names, " ");
	}
	return false;
}

static void test_order(void) {
	const char *src = "\"test.p\"() ({\n"
	                  "  \"test.q\"() : () -> ()\n"
	                  "  \"test.r\"() : () -> ()\n"
	                  "}) : () -> ()\n"
	                  "\"test.s\"() : () -> ()\n";
	visit_log log = {{0}};
	st_pattern pats[] = {{.name = "record", .benefit = 1, .rewrite = record, .data = &log}};
	char *out = run(src, pats, 1, NULL, NULL, NULL);
	CHECK_STR("top-down", log.names, "p q r s ");
	free(out);
	memset(&log, 0, sizeof log);
	st_greedy_config bu = {.bottom_up = true};
	out = run(src, pats, 1, &bu, NULL, NULL);
	/* Post-order seeding, popped from the back (as MLIR 14 does). */
	CHECK_STR("bottom-up", log.names, "s p r q ");
	free(out);
}

/* A replaced op's users are revisited within the sweep: test.a -> test.b,
 * and test.use(test.b) -> test.done is found without a second sweep. */
static bool use_of_b(const st_pattern *p, st_op *op, st_rewriter *rw) {
	st_value *v = st_op_num_operands(op) ? st_op_operand(op, 0) : NULL;
	st_op *d = v ? st_value_defining_op(v) : NULL;
	if (!d || strcmp(st_op_name_cstr(d), "test.b1") != 0)
		return false;
	return rename_to(p, op, rw);
}

static bool a_to_b1(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_type *t = st_value_type(st_op_result(op, 0));
	st_op_state s = {.name = st_str_c("test.b1"), .loc = st_op_loc(op), .nresults = 1, .result_types = &t};
	st_op *n = st_rewriter_create(rw, &s);
	st_rewriter_replace_op_with_op(rw, op, n);
	return true;
}

static void test_users_revisited(void) {
	const char *src = "\"test.use\"(%0) : (i32) -> ()\n"
	                  "%0 = \"test.a1\"() : () -> i32\n";
	/* The use comes first (graph region of the module): top-down sees it
	 * before the producer changes. */
	st_pattern pats[] = {
		{.name = "a1", .root = "test.a1", .benefit = 1, .rewrite = a_to_b1},
		{.name = "use", .root = "test.use", .benefit = 1, .rewrite = use_of_b, .data = "test.done"},
	};
	st_greedy_config two = {.max_iterations = 2};
	diag_sink d;
	st_status s;
	char *out = run(src, pats, 2, &two, &d, &s);
	CHECK(s == ST_OK);
	CHECK_CONTAINS("revisited", out, "\"test.done\"()");
	sbuf_free(&d.text);
	free(out);
}

/* ------------------------------------------------------------- limits */

/* Always changes: bumps a counter attribute. */
static bool bump(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_attr *a = st_op_get_attr(op, "n");
	int64_t n = a ? st_attr_int_value(a) : 0;
	st_rewriter_modify_start(rw, op);
	st_op_set_attr(op, "n", st_integer_attr(st_rewriter_context(rw), st_integer_type(st_rewriter_context(rw), 64, ST_SIGNLESS), n + 1));
	st_rewriter_modify_end(rw, op);
	return true;
}

static void test_limits(void) {
	const char *src = "\"test.x\"() : () -> ()\n";
	st_pattern pats[] = {{.name = "bump", .root = "test.x", .benefit = 1, .rewrite = bump}};
	st_greedy_config three = {.max_iterations = 3};
	diag_sink d;
	st_status s;
	char *out = run(src, pats, 1, &three, &d, &s);
	CHECK(s == ST_FAIL);
	CHECK_CONTAINS("3 sweeps", out, "n = 3 : i64");
	CHECK_CONTAINS("warning", sbuf_str(&d.text),
	               "warning: 'builtin.module' op greedy pattern rewriting did not converge after max-iterations=3");
	sbuf_free(&d.text);
	free(out);
	st_greedy_config rewrites = {.max_iterations = 100, .max_rewrites = 5};
	out = run(src, pats, 1, &rewrites, &d, &s);
	CHECK(s == ST_FAIL);
	CHECK_CONTAINS("5 rewrites", out, "n = 5 : i64");
	CHECK_CONTAINS("warning", sbuf_str(&d.text), "stopped after max-num-rewrites=5 rewrites");
	sbuf_free(&d.text);
	free(out);
	st_greedy_config quiet = {.max_iterations = 2, .no_warning = true};
	out = run(src, pats, 1, &quiet, &d, &s);
	CHECK(s == ST_FAIL && d.count == 0);
	sbuf_free(&d.text);
	free(out);
}

/* ----------------------------------------------------------- contract */

static bool lies_success(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p, (void)op, (void)rw;
	return true;
}

/* Changes the op behind the rewriter's back and reports failure. */
static bool lies_failure(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p, (void)rw;
	if (!st_op_get_attr(op, "touched"))
		st_op_set_attr(op, "touched", st_unit_attr(st_op_context(op)));
	return false;
}

/* Changes another op through the rewriter and reports failure. */
static bool lies_failure_rw(const st_pattern *p, st_op *op, st_rewriter *rw) {
	(void)p;
	st_op_state s = {.name = st_str_c("test.extra"), .loc = st_op_loc(op)};
	st_rewriter_create(rw, &s);
	return false;
}

static void test_contract(void) {
	const char *src = "\"test.x\"() : () -> ()\n";
	st_greedy_config chk = {.check_patterns = true};
	diag_sink d;
	st_status s;
	st_pattern p1[] = {{.name = "liar", .root = "test.x", .benefit = 1, .rewrite = lies_success}};
	char *out = run(src, p1, 1, &chk, &d, &s);
	CHECK(s == ST_FAIL);
	CHECK_CONTAINS("success", sbuf_str(&d.text),
	               "error: 'test.x' op pattern 'liar' returned success but did not change the IR");
	sbuf_free(&d.text);
	free(out);
	st_pattern p2[] = {{.name = "sneaky", .root = "test.x", .benefit = 1, .rewrite = lies_failure}};
	out = run(src, p2, 1, &chk, &d, &s);
	CHECK(s == ST_FAIL);
	CHECK_CONTAINS("failure", sbuf_str(&d.text), "pattern 'sneaky' returned failure but changed the IR");
	sbuf_free(&d.text);
	free(out);
	st_pattern p3[] = {{.name = "creator", .root = "test.x", .benefit = 1, .rewrite = lies_failure_rw}};
	out = run(src, p3, 1, &chk, &d, &s);
	CHECK(s == ST_FAIL);
	CHECK_CONTAINS("failure rw", sbuf_str(&d.text), "pattern 'creator' returned failure but changed the IR");
	sbuf_free(&d.text);
	free(out);
}

/* ------------------------------------------------------ region simplify */

static void test_region_simplify(void) {
	const char *src = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n"
	                  "  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b, %a : i32, i32)\n"
	                  "^bb1(%x: i32, %unused: i32):\n"
	                  "  cf.br ^bb3(%x : i32)\n"
	                  "^bb2(%y: i32, %unused2: i32):\n"
	                  "  cf.br ^bb3(%y : i32)\n"
	                  "^bb3(%r: i32):\n"
	                  "  return %r : i32\n"
	                  "^bb4:\n"
	                  "  cf.br ^bb3(%a : i32)\n"
	                  "}\n";
	char *out = run(src, NULL, 0, NULL, NULL, NULL);
	/* ^bb4 is unreachable, the second arguments are dead, and then ^bb1
	 * and ^bb2 are the same block. */
	CHECK_STR("simplified", out,
	          "module {\n"
	          "  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {\n"
	          "    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)\n"
	          "  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0\n"
	          "    cf.br ^bb2(%0 : i32)\n"
	          "  ^bb2(%1: i32):  // pred: ^bb1\n"
	          "    return %1 : i32\n"
	          "  }\n"
	          "}\n");
	free(out);
	st_greedy_config off = {.no_region_simplify = true};
	out = run(src, NULL, 0, &off, NULL, NULL);
	CHECK_CONTAINS("kept", out, "^bb4");
	free(out);
}

int main(void) {
	test_fold_and_dedup();
	test_hoist();
	test_commutative();
	test_benefit();
	test_interface_pattern();
	test_order();
	test_users_revisited();
	test_limits();
	test_contract();
	test_region_simplify();
	return test_summary();
}
