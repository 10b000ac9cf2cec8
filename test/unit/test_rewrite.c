/* Unit tests of the rewriter (core/rewriter.c) and its journal
 * (rewriter_journal.c): each change (create, clone, replace, erase, modify
 * in place, move, create/split/erase block, inline region, inline and merge
 * blocks, retype block arguments) reaches the listener, and each is undone
 * exactly when a conversion pattern that made it reports failure: the IR
 * prints the same, generic form included, and verifies. */
#include "core_test.h"
#include "strata/conversion.h"

/* --------------------------------------------------------------- listener */

typedef struct events {
	char log[1024];
} events;

static void note(events *e, const char *what, const char *name) {
	size_t n = strlen(e->log);
	snprintf(e->log + n, sizeof e->log - n, "%s:%s ", what, name);
}

static void ev_inserted(void *ud, st_op *op) { note(ud, "ins", st_op_name_cstr(op)); }
static void ev_erasing(void *ud, st_op *op) { note(ud, "erase", st_op_name_cstr(op)); }
static void ev_replacing(void *ud, st_op *op, st_value *const *with) {
	(void)with;
	note(ud, "repl", st_op_name_cstr(op));
}
static void ev_modified(void *ud, st_op *op) { note(ud, "mod", st_op_name_cstr(op)); }
static void ev_block(void *ud, st_block *b) {
	(void)b;
	note(ud, "block", "+");
}
static void ev_block_erasing(void *ud, st_block *b) {
	(void)b;
	note(ud, "block", "-");
}
static void ev_failure(void *ud, st_op *op, const char *why) {
	(void)op;
	note(ud, "why", why);
}

static const char *src = "func.func @f(%a: i32, %c: i1) -> i32 {\n"
                         "  %0 = \"test.a\"(%a) : (i32) -> i32\n"
                         "  %1 = \"test.b\"(%0) : (i32) -> i32\n"
                         "  \"test.region\"() ({\n"
                         "  ^bb0(%x: i32):\n"
                         "    \"test.inner\"(%x) : (i32) -> ()\n"
                         "    \"test.end\"() : () -> ()\n"
                         "  }) : () -> ()\n"
                         "  cf.cond_br %c, ^bb1(%1 : i32), ^bb2\n"
                         "^bb1(%y: i32):\n"
                         "  \"test.c\"(%y) : (i32) -> ()\n"
                         "  return %y : i32\n"
                         "^bb2:\n"
                         "  return %1 : i32\n"
                         "}\n";

static void test_listener(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, src);
	CHECK(m != NULL);
	events e = {{0}};
	st_rewriter_listener l = {.ud = &e,
	                          .inserted = ev_inserted,
	                          .erasing = ev_erasing,
	                          .replacing = ev_replacing,
	                          .modified = ev_modified,
	                          .block_inserted = ev_block,
	                          .block_erasing = ev_block_erasing,
	                          .match_failure = ev_failure};
	st_rewriter *rw = st_rewriter_create_with_listener(ctx, &l);
	st_op *a = find_op(m, "test.a", 0), *b = find_op(m, "test.b", 0);
	st_type *i32 = st_value_type(st_op_result(a, 0));
	st_rewriter_set_insertion_before(rw, b);
	st_value *in = st_op_operand(a, 0);
	st_op_state s = {.name = st_str_c("test.new"), .noperands = 1, .operands = &in, .nresults = 1,
	                 .result_types = &i32};
	st_op *n = st_rewriter_create(rw, &s);
	CHECK(n && st_op_next(n) == b && st_rewriter_insertion_block(rw) == st_op_block(b));
	st_rewriter_replace_op_with_op(rw, a, n);
	CHECK(st_op_operand(b, 0) == st_op_result(n, 0));
	st_rewriter_modify_start(rw, b);
	st_op_set_attr(b, "k", st_unit_attr(ctx));
	st_rewriter_modify_end(rw, b);
	st_rewriter_match_failure(rw, b, "no %s", "reason");
	CHECK_STR("events", e.log, "ins:test.new repl:test.a erase:test.a mod:test.b why:no reason ");
	CHECK(st_rewriter_num_changes(rw) >= 4);
	/* Blocks: split after test.c, erase the empty tail's return... */
	memset(&e, 0, sizeof e);
	st_op *c = find_op(m, "test.c", 0);
	st_block *bb1 = st_op_block(c);
	st_block *tail = st_rewriter_split_block(rw, bb1, st_op_next(c));
	CHECK(tail && st_block_next(bb1) == tail && st_block_first_op(tail) && st_op_next(c) == NULL);
	/* ... and merge it back. */
	st_rewriter_merge_blocks(rw, tail, bb1, NULL);
	CHECK(st_op_next(c) != NULL && st_block_next(bb1) != tail);
	CHECK_STR("block events", e.log, "block:+ block:- ");
	/* Inline the region of test.region before it: its block's argument
	 * becomes %1. */
	st_op *reg = find_op(m, "test.region", 0);
	st_block *inner = st_region_first_block(st_op_region(reg, 0));
	st_op *end = st_block_last_op(inner);
	st_rewriter_erase_op(rw, end);
	st_value *arg = st_op_result(b, 0);
	st_rewriter_inline_block_before(rw, inner, reg, &arg);
	st_op *innerop = find_op(m, "test.inner", 0);
	CHECK(st_op_next(innerop) == reg && st_op_operand(innerop, 0) == arg);
	CHECK(st_region_is_empty(st_op_region(reg, 0)));
	st_rewriter_erase_op(rw, reg);
	/* Move and clone. */
	st_rewriter_move_op_before(rw, n, st_block_first_op(st_op_block(n)));
	CHECK(st_block_first_op(st_op_block(n)) == n);
	st_rewriter_set_insertion_after(rw, innerop);
	st_op *cl = st_rewriter_clone(rw, innerop, NULL);
	CHECK(cl && st_op_prev(cl) == innerop && st_op_operand(cl, 0) == arg);
	st_rewriter_set_insertion_end(rw, st_op_block(innerop));
	CHECK(st_rewriter_insertion_block(rw) == st_op_block(innerop));
	/* A constant through the dialect's hook, arith first. */
	st_rewriter_set_insertion_start(rw, st_op_block(innerop));
	st_op *k = st_rewriter_create_constant(rw, NULL, st_integer_attr(ctx, i32, 7), i32, NULL);
	CHECK(k && strcmp(st_op_name_cstr(k), "arith.constant") == 0 && st_block_first_op(st_op_block(innerop)) == k);
	st_rewriter_erase_op(rw, k);
	CHECK(st_verify(m) == ST_OK);
	st_rewriter_destroy(rw);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------------- rollback */

typedef enum action {
	A_CREATE,
	A_REPLACE,
	A_ERASE_BLOCK,
	A_MODIFY,
	A_MOVE,
	A_SPLIT,
	A_INLINE_REGION,
	A_MERGE,
	A_NEW_BLOCK,
	A_RETYPE,
	A_CLONE,
	A_COUNT
} action;

/* Makes one change (plus a use of what it made), then reports failure. */
static bool change_then_fail(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)operands;
	action a = (action)(uintptr_t)p->data;
	st_context *ctx = st_rewriter_context(rw);
	st_op *fn = st_op_parent_op(op);
	st_region *body = st_op_region(fn, 0);
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_op *b = find_op(fn, "test.b", 0);
	switch (a) {
	case A_CREATE: {
		st_value *v = st_op_result(b, 0);
		st_op_state s = {.name = st_str_c("test.new"), .noperands = 1, .operands = &v, .nresults = 1,
		                 .result_types = &i32};
		st_rewriter_create(rw, &s);
		break;
	}
	case A_REPLACE: {
		st_op_state s = {.name = st_str_c("test.new"), .nresults = 1, .result_types = &i32};
		st_op *n = st_rewriter_create(rw, &s);
		st_rewriter_replace_op_with_op(rw, b, n);
		break;
	}
	case A_ERASE_BLOCK: {
		st_block *bb2 = st_block_next(st_block_next(st_region_first_block(body)));
		st_op *br = find_op(fn, "cf.cond_br", 0);
		st_rewriter_modify_start(rw, br);
		st_op_set_successor(br, 1, st_block_next(st_region_first_block(body)));
		st_op_erase_operands(br, 1, 1);
		st_rewriter_modify_end(rw, br);
		st_rewriter_erase_block(rw, bb2);
		break;
	}
	case A_MODIFY:
		st_rewriter_modify_start(rw, b);
		st_op_set_attr(b, "k", st_unit_attr(ctx));
		st_op_set_operand(b, 0, st_block_arg(st_region_first_block(body), 0));
		st_rewriter_modify_end(rw, b);
		break;
	case A_MOVE:
		st_rewriter_move_op_before(rw, find_op(fn, "test.c", 0), b);
		break;
	case A_SPLIT: {
		st_block *tail = st_rewriter_split_block(rw, st_op_block(b), st_op_next(b));
		st_op_state s = {.name = st_str_c("test.term"), .nsuccessors = 1, .successors = &tail};
		st_rewriter_set_insertion_end(rw, st_op_block(b));
		st_rewriter_create(rw, &s);
		break;
	}
	case A_INLINE_REGION: {
		st_op *reg = find_op(fn, "test.region", 0);
		st_rewriter_inline_region_before(rw, st_op_region(reg, 0), body, NULL);
		break;
	}
	case A_MERGE: {
		st_op *reg = find_op(fn, "test.region", 0);
		st_block *inner = st_region_first_block(st_op_region(reg, 0));
		st_value *v = st_op_result(b, 0);
		st_rewriter_erase_op(rw, st_block_last_op(inner));
		st_rewriter_inline_block_before(rw, inner, reg, &v);
		st_rewriter_erase_op(rw, reg);
		break;
	}
	case A_NEW_BLOCK: {
		st_block *nb = st_rewriter_create_block(rw, body, NULL, 1, &i32, NULL);
		st_value *arg = st_block_arg(nb, 0);
		st_op_state s = {.name = st_str_c("test.use"), .noperands = 1, .operands = &arg};
		st_rewriter_create(rw, &s);
		break;
	}
	case A_RETYPE: {
		st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
		st_block *bb1 = st_block_next(st_region_first_block(body));
		st_rewriter_set_entry_arg_types(rw, bb1, 1, &i64);
		break;
	}
	case A_CLONE: {
		st_rewriter_set_insertion_before(rw, b);
		st_rewriter_clone(rw, find_op(fn, "test.region", 0), NULL);
		break;
	}
	case A_COUNT:
		break;
	}
	return false;
}

static void test_rollback_each(void) {
	for (uintptr_t a = 0; a < A_COUNT; a++) {
		st_context *ctx = new_ctx();
		st_op *m = parse(ctx, src);
		CHECK(m != NULL);
		char *before = print_op_str(m, false), *gbefore = print_op_str(m, true);
		st_pattern pat = {.name = "change-then-fail", .root = "test.a", .benefit = 1, .convert = change_then_fail,
		                  .data = (const void *)a};
		st_pattern_set *set = st_pattern_set_create(ctx);
		st_pattern_set_add(set, &pat);
		st_conversion_target *t = st_conversion_target_create(ctx);
		st_target_add_illegal_op(t, "test.a");
		diag_sink d;
		diag_sink_install(&d, ctx);
		CHECK(st_apply_partial_conversion(m, t, set, NULL) == ST_FAIL);
		CHECK_CONTAINS("error", sbuf_str(&d.text), "failed to legalize operation 'test.a'");
		diag_sink_remove(&d);
		char *after = print_op_str(m, false), *gafter = print_op_str(m, true);
		if (strcmp(before, after) || strcmp(gbefore, gafter))
			fprintf(stderr, "action %u not undone\n", (unsigned)a);
		CHECK_STR("restored", after, before);
		CHECK_STR("restored (generic)", gafter, gbefore);
		CHECK(st_verify(m) == ST_OK);
		free(before), free(after), free(gbefore), free(gafter);
		st_conversion_target_destroy(t);
		st_pattern_set_destroy(set);
		st_op_destroy(m);
		st_context_destroy(ctx);
	}
}

/* The same changes, kept: a conversion that succeeds commits them (the
 * journal frees what was erased). */
static bool change_and_succeed(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	change_then_fail(p, op, operands, rw);
	st_op_state s = {.name = st_str_c("test.done"), .nresults = 1,
	                 .result_types = (st_type *const[]){st_value_type(st_op_result(op, 0))}};
	st_op *n = st_rewriter_create(rw, &s);
	st_rewriter_set_insertion_before(rw, op);
	st_rewriter_replace_op_with_op(rw, op, n);
	return true;
}

static void test_commit_each(void) {
	for (uintptr_t a = 0; a < A_COUNT; a++) {
		st_context *ctx = new_ctx();
		st_op *m = parse(ctx, src);
		st_pattern pat = {.name = "change", .root = "test.a", .benefit = 1, .convert = change_and_succeed,
		                  .data = (const void *)a};
		st_pattern_set *set = st_pattern_set_create(ctx);
		st_pattern_set_add(set, &pat);
		st_conversion_target *t = st_conversion_target_create(ctx);
		st_target_add_legal_dialect(t, "test");
		st_target_add_legal_dialect(t, "builtin");
		st_target_add_legal_dialect(t, "cf");
		st_target_add_illegal_op(t, "test.a");
		if (st_failed(st_apply_partial_conversion(m, t, set, NULL)))
			fprintf(stderr, "action %u not committed\n", (unsigned)a), nfailed++;
		char *out = print_op_str(m, true);
		CHECK(out && strstr(out, "test.done") && !strstr(out, "test.a"));
		free(out);
		st_conversion_target_destroy(t);
		st_pattern_set_destroy(set);
		st_op_destroy(m);
		st_context_destroy(ctx);
	}
}

int main(void) {
	test_listener();
	test_rollback_each();
	test_commit_each();
	return test_summary();
}
