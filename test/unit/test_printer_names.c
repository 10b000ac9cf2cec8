/* Result name hints in the printer: a registered op names its results from
 * its `names` array attribute, and the printed names must be what MLIR's
 * SSANameState makes of the same hints (sanitizeIdentifier and _N
 * suffixes).  Through the C API because no committed dialect gives
 * arbitrary hints. */
#include "core_test.h"

static void hint_names(st_op *op, st_name_fn fn, void *ud) {
	st_attr *names = st_op_get_attr(op, "names");
	if (!names)
		return;
	for (size_t i = 0; i < st_attr_array_size(names) && i < st_op_num_results(op); i++) {
		st_str s = st_attr_string(st_attr_array_elt(names, i));
		if (!s.len)
			continue; /* "" leaves the result unhinted */
		char buf[256];
		snprintf(buf, sizeof buf, "%.*s", (int)s.len, s.data);
		fn(ud, st_op_result(op, i), buf);
	}
}

static const st_value_def any_results[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_value_def any_operands[] = {{.name = "operands", .arity = ST_VARIADIC}};
static const st_opdef hint_ops[] = {{
	.name = "hint.named",
	.operands = any_operands,
	.noperands = 1,
	.results = any_results,
	.nresults = 1,
	.format = "$operands attr-dict `:` functional-type($operands, $results)",
	.result_names = hint_names,
}};
static const st_dialect_def hint_dialect = {.name = "hint", .ops = hint_ops, .nops = 1};

static char *print_text(st_context *ctx, const char *text, bool generic) {
	st_op *m = parse(ctx, text);
	CHECK(m != NULL);
	if (!m)
		return NULL;
	char *s = print_op_str(m, generic);
	st_op_destroy(m);
	return s;
}

int main(void) {
	st_context *ctx = new_ctx();
	CHECK(st_succeeded(st_context_register_dialect(ctx, &hint_dialect)));

	/* Sanitising: $._- and alphanumerics stay, a space is '_', other bytes
	 * are hex digits (one for a byte below 16), a leading digit -- also one
	 * an escape made, as for the tab -- gets '_'; the print reads back. */
	char *s = print_text(ctx,
	                     "%0:7 = hint.named {names = [\"ok.$_-9\", \"a b\", \"a+b\", \"0x\", \"1\", \"\\09t\", \"\\C3\\A9\"]}"
	                     " : () -> (i1, i1, i1, i1, i1, i1, i1)\n"
	                     "\"u.use\"(%0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6) : (i1, i1, i1, i1, i1, i1, i1) -> ()\n",
	                     false);
	CHECK_CONTAINS("sanitised names", s,
	               "%ok.$_-9, %a_b, %a2Bb, %_0x, %_1, %_9t, %C3A9 = hint.named");
	CHECK_CONTAINS("uses", s, "\"u.use\"(%ok.$_-9, %a_b, %a2Bb, %_0x, %_1, %_9t, %C3A9)");
	char *again = s ? print_text(ctx, s, false) : NULL;
	CHECK_STR("reads back", again, s ? s : "");
	free(again);
	free(s);

	/* Collisions take _0, _1, ... from one counter; a hint equal to an
	 * argument name collides too.  Result groups as in MLIR: an unhinted
	 * result joins the group before it (%x_2:2), an unhinted first result
	 * is numbered (%0, %y:2). */
	s = print_text(ctx,
	               "\"u.region\"() ({\n"
	               "^bb0(%a: i1):\n"
	               "  %0:3 = hint.named {names = [\"x\", \"x\", \"arg0\"]} : () -> (i1, i1, i1)\n"
	               "  %1:2 = hint.named {names = [\"x\"]} : () -> (i1, i1)\n"
	               "  %2:3 = hint.named {names = [\"\", \"y\"]} : () -> (i1, i1, i1)\n"
	               "  \"u.use\"(%2#0, %2#1, %2#2) : (i1, i1, i1) -> ()\n"
	               "  \"u.use\"(%a, %0#0, %0#1, %0#2, %1#0, %1#1) : (i1, i1, i1, i1, i1, i1) -> ()\n"
	               "}) : () -> ()\n",
	               false);
	CHECK_CONTAINS("collisions", s, "%x, %x_0, %arg0_1 = hint.named");
	CHECK_CONTAINS("partly hinted", s, "%x_2:2 = hint.named");
	CHECK_CONTAINS("first unhinted", s, "%0, %y:2 = hint.named");
	CHECK_CONTAINS("its uses", s, "\"u.use\"(%0, %y#0, %y#1)");
	CHECK_CONTAINS("uses", s, "\"u.use\"(%arg0, %x, %x_0, %arg0_1, %x_2#0, %x_2#1)");
	free(s);

	/* Sibling regions may reuse a name; the generic form uses no hints. */
	s = print_text(ctx,
	               "\"u.two\"() ({\n"
	               "  %0 = hint.named {names = [\"v\"]} : () -> i1\n"
	               "}, {\n"
	               "  %0 = hint.named {names = [\"v\"]} : () -> i1\n"
	               "}) : () -> ()\n",
	               false);
	CHECK_CONTAINS("first region", s, "{\n    %v = hint.named");
	CHECK_CONTAINS("second region", s, "}, {\n    %v = hint.named");
	free(s);
	s = print_text(ctx, "%0 = hint.named {names = [\"v\"]} : () -> i1\n", true);
	CHECK_CONTAINS("generic", s, "%0 = \"hint.named\"() {names = [\"v\"]} : () -> i1");
	free(s);

	st_context_destroy(ctx);
	return test_summary();
}
