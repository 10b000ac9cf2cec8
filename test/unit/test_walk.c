/* Unit tests of st_walk: pre- and post-order visiting over nested regions
 * and several blocks, ST_WALK_SKIP (pre-order: the op's regions are skipped,
 * its siblings are not), ST_WALK_INTERRUPT from either order, and erasing
 * the visited op in post-order walks.
 */
#include "core_test.h"

static const char *src =
	"func.func @f(%a: i32) -> i32 {\n"
	"  %0 = \"t.a\"(%a) : (i32) -> i32\n"
	"  \"t.b\"() ({\n"
	"    \"t.c\"() : () -> ()\n"
	"    \"t.d\"() ({\n"
	"      \"t.e\"() : () -> ()\n"
	"    }, {\n"
	"      \"t.f\"() : () -> ()\n"
	"    ^bb1:\n"
	"      \"t.g\"() : () -> ()\n"
	"    }) : () -> ()\n"
	"  }) : () -> ()\n"
	"  cf.br ^bb1\n"
	"^bb1:\n"
	"  \"t.h\"() : () -> ()\n"
	"  return %0 : i32\n"
	"}\n";

/* Records the visited names (short: the part after the dot). */
typedef struct trace {
	char seq[512];
	const char *skip_at;      /* return SKIP when visiting this op */
	const char *interrupt_at; /* return INTERRUPT when visiting this op */
	const char *erase;        /* erase ops with this name (post-order) */
	int visits;
} trace;

static st_walk_result trace_cb(st_op *op, void *ud) {
	trace *t = ud;
	const char *n = st_op_name_cstr(op);
	const char *dot = strchr(n, '.');
	const char *shortname = dot ? dot + 1 : n;
	size_t len = strlen(t->seq);
	snprintf(t->seq + len, sizeof t->seq - len, "%s%s", len ? " " : "", shortname);
	t->visits++;
	if (t->erase && strcmp(n, t->erase) == 0) {
		st_op_erase(op);
		return ST_WALK_ADVANCE;
	}
	if (t->interrupt_at && strcmp(n, t->interrupt_at) == 0)
		return ST_WALK_INTERRUPT;
	if (t->skip_at && strcmp(n, t->skip_at) == 0)
		return ST_WALK_SKIP;
	return ST_WALK_ADVANCE;
}

static void test_orders(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	CHECK(m && st_succeeded(st_verify(m)));

	trace t = {0};
	CHECK(st_walk(m, ST_WALK_PRE, trace_cb, &t) == ST_WALK_ADVANCE);
	CHECK_STR("pre-order", t.seq, "module func a b c d e f g br h return");

	memset(&t, 0, sizeof t);
	CHECK(st_walk(m, ST_WALK_POST, trace_cb, &t) == ST_WALK_ADVANCE);
	CHECK_STR("post-order", t.seq, "a c e f g d b br h return func module");

	/* Skip: the op is visited, its regions are not, its siblings are. */
	memset(&t, 0, sizeof t);
	t.skip_at = "t.d";
	CHECK(st_walk(m, ST_WALK_PRE, trace_cb, &t) == ST_WALK_ADVANCE);
	CHECK_STR("skip d", t.seq, "module func a b c d br h return");
	memset(&t, 0, sizeof t);
	t.skip_at = "t.b";
	st_walk(m, ST_WALK_PRE, trace_cb, &t);
	CHECK_STR("skip b", t.seq, "module func a b br h return");
	/* Skip on the root: only the root. */
	memset(&t, 0, sizeof t);
	t.skip_at = "builtin.module";
	CHECK(st_walk(m, ST_WALK_PRE, trace_cb, &t) == ST_WALK_ADVANCE);
	CHECK_STR("skip root", t.seq, "module");
	/* Skip means nothing in post-order (the regions are already done). */
	memset(&t, 0, sizeof t);
	t.skip_at = "t.d";
	st_walk(m, ST_WALK_POST, trace_cb, &t);
	CHECK_STR("skip in post", t.seq, "a c e f g d b br h return func module");

	/* Interrupt stops everything at once, from any depth. */
	memset(&t, 0, sizeof t);
	t.interrupt_at = "t.e";
	CHECK(st_walk(m, ST_WALK_PRE, trace_cb, &t) == ST_WALK_INTERRUPT);
	CHECK_STR("interrupt pre", t.seq, "module func a b c d e");
	memset(&t, 0, sizeof t);
	t.interrupt_at = "t.e";
	CHECK(st_walk(m, ST_WALK_POST, trace_cb, &t) == ST_WALK_INTERRUPT);
	CHECK_STR("interrupt post", t.seq, "a c e");
	memset(&t, 0, sizeof t);
	t.interrupt_at = "builtin.module";
	CHECK(st_walk(m, ST_WALK_POST, trace_cb, &t) == ST_WALK_INTERRUPT);
	CHECK(t.visits == 12);
	memset(&t, 0, sizeof t);
	t.interrupt_at = "builtin.module";
	CHECK(st_walk(m, ST_WALK_PRE, trace_cb, &t) == ST_WALK_INTERRUPT && t.visits == 1);

	/* Walking a nested op visits only its subtree; an op without regions
	 * is visited alone. */
	memset(&t, 0, sizeof t);
	st_walk(find_op(m, "t.d", 0), ST_WALK_PRE, trace_cb, &t);
	CHECK_STR("subtree", t.seq, "d e f g");
	memset(&t, 0, sizeof t);
	st_walk(find_op(m, "t.h", 0), ST_WALK_POST, trace_cb, &t);
	CHECK_STR("leaf", t.seq, "h");
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* Erasing the visited op in post-order: nested ops, the first and last op
 * of a block, an op whose region held erased ops, and every op in a row. */
static void test_erase(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	trace t = {0};
	t.erase = "t.g"; /* the last op of a later block of a nested region */
	st_walk(m, ST_WALK_POST, trace_cb, &t);
	CHECK_STR("erase g", t.seq, "a c e f g d b br h return func module");
	CHECK(find_op(m, "t.g", 0) == NULL && find_op(m, "t.f", 0) != NULL);
	memset(&t, 0, sizeof t);
	t.erase = "t.c"; /* first op of its block */
	st_walk(m, ST_WALK_POST, trace_cb, &t);
	CHECK_STR("erase c", t.seq, "a c e f d b br h return func module");
	memset(&t, 0, sizeof t);
	t.erase = "t.b"; /* holds d, e, f */
	st_walk(m, ST_WALK_POST, trace_cb, &t);
	CHECK_STR("erase b", t.seq, "a e f d b br h return func module");
	CHECK(find_op(m, "t.e", 0) == NULL);
	memset(&t, 0, sizeof t);
	st_walk(m, ST_WALK_PRE, trace_cb, &t);
	CHECK_STR("after erasing", t.seq, "module func a br h return");
	CHECK(st_succeeded(st_verify(m)));
	st_op_destroy(m);

	/* Erase all ops of a module body, one after the other. */
	st_op *m2 = parse(ctx, "\"t.x\"() : () -> ()\n\"t.x\"() ({\n  \"t.x\"() : () -> ()\n}) : () -> ()\n"
	                       "\"t.x\"() : () -> ()\n");
	memset(&t, 0, sizeof t);
	t.erase = "t.x";
	st_walk(m2, ST_WALK_POST, trace_cb, &t);
	CHECK_STR("erase all", t.seq, "x x x x module");
	CHECK(st_block_is_empty(module_body(m2)));
	st_op_destroy(m2);
	st_context_destroy(ctx);
}

/* Dead-code removal by repeated post-order walks: in a block a def is
 * visited before its users, so each walk erases one more link of a dead
 * chain, until a walk erases nothing. */
typedef struct dce {
	int erased;
} dce;

static st_walk_result dce_cb(st_op *op, void *ud) {
	dce *d = ud;
	if (strncmp(st_op_name_cstr(op), "t.pure", 6) == 0 && st_op_results_unused(op)) {
		st_op_erase(op);
		d->erased++;
	}
	return ST_WALK_ADVANCE;
}

static void test_dce(void) {
	st_context *ctx = new_ctx();
	const char *text = "func.func @f(%a: i32) -> i32 {\n"
	                   "  %0 = \"t.pure\"(%a) : (i32) -> i32\n"
	                   "  %1 = \"t.pure\"(%0) : (i32) -> i32\n"
	                   "  %2 = \"t.pure\"(%1) : (i32) -> i32\n"
	                   "  %3 = \"t.pure\"(%a) : (i32) -> i32\n"
	                   "  return %3 : i32\n"
	                   "}\n";
	st_op *m = parse(ctx, text);
	int rounds = 0, total = 0;
	for (;;) {
		dce d = {0};
		st_walk(m, ST_WALK_POST, dce_cb, &d);
		rounds++;
		total += d.erased;
		if (!d.erased || rounds > 10)
			break;
	}
	CHECK(total == 3 && rounds == 4);
	CHECK(find_op(m, "t.pure", 0) != NULL && find_op(m, "t.pure", 1) == NULL);
	CHECK(st_succeeded(st_verify(m)));
	st_op_destroy(m);
	st_context_destroy(ctx);
}

int main(void) {
	test_orders();
	test_erase();
	test_dce();
	return test_summary();
}
