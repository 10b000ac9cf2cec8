/* The interpreter under allocation failures: for every N, the N-th
 * allocation after parsing fails (and every one after it, or just that
 * one).  A run either succeeds with the right results or fails, and once
 * the interpreter is destroyed every block it took is back: no crash, no
 * leak, whatever allocation failed (compiling, frames, wide integers,
 * buffers, the trace).  Also the C API's own checks of a call. */
#include "core_test.h"

#include "strata/interp.h"

typedef struct tracker {
	long live;
	long attempts;
	long fail_at;
	bool fail_after;
} tracker;

static void *track(void *ud, void *ptr, size_t osize, size_t nsize) {
	tracker *t = ud;
	(void)osize;
	if (nsize == 0) {
		if (ptr)
			t->live--;
		free(ptr);
		return NULL;
	}
	t->attempts++;
	if (t->fail_at && (t->attempts == t->fail_at || (t->fail_after && t->attempts > t->fail_at)))
		return NULL;
	void *p = realloc(ptr, nsize);
	if (p && !ptr)
		t->live++;
	return p;
}

static const char *program =
	"func.func @wide(%a: i130, %n: i32) -> (i130, i32) {\n"
	"  %c0 = arith.constant 0 : i32\n"
	"  %c1 = arith.constant 1 : i32\n"
	"  %one = arith.constant 1 : i130\n"
	"  cf.br ^h(%c0, %a : i32, i130)\n"
	"^h(%i: i32, %x: i130):\n"
	"  %more = arith.cmpi slt, %i, %n : i32\n"
	"  cf.cond_br %more, ^b, ^e\n"
	"^b:\n"
	"  %y = arith.muli %x, %x : i130\n"
	"  %z = arith.addi %y, %one : i130\n"
	"  %q = func.call @half(%z) : (i130) -> i130\n"
	"  %j = arith.addi %i, %c1 : i32\n"
	"  cf.br ^h(%j, %q : i32, i130)\n"
	"^e:\n"
	"  return %x, %i : i130, i32\n"
	"}\n"
	"func.func @half(%v: i130) -> i130 {\n"
	"  %two = arith.constant 2 : i130\n"
	"  %r = arith.divui %v, %two : i130\n"
	"  return %r : i130\n"
	"}\n"
	"memref.global \"private\" @g : memref<4xi32> = dense<[1, 2, 3, 4]>\n"
	"func.func @mem(%n: index) -> i32 {\n"
	"  %c0 = arith.constant 0 : index\n"
	"  %c1 = arith.constant 1 : index\n"
	"  %z = arith.constant 0 : i32\n"
	"  %g = memref.get_global @g : memref<4xi32>\n"
	"  %a = memref.alloc(%n) : memref<?xi32>\n"
	"  %s = memref.alloca() : memref<2xi32>\n"
	"  %v = memref.subview %g[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>\n"
	"  memref.copy %v, %s : memref<2xi32, strided<[1], offset: 1>> to memref<2xi32>\n"
	"  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {\n"
	"    %j = arith.remui %i, %c1 : index\n"
	"    %x = memref.load %s[%j] : memref<2xi32>\n"
	"    memref.store %x, %a[%i] : memref<?xi32>\n"
	"    %y = memref.load %a[%i] : memref<?xi32>\n"
	"    %acc2 = arith.addi %acc, %y : i32\n"
	"    scf.yield %acc2 : i32\n"
	"  }\n"
	"  memref.dealloc %a : memref<?xi32>\n"
	"  return %t : i32\n"
	"}\n";

static void discard(void *ud, const char *d, size_t n) {
	(void)ud;
	(void)d;
	(void)n;
}

/* One run with the failure armed at `n` allocations from now. */
static bool run_once(st_context *ctx, tracker *t, st_op *fn, long n, bool after, bool trace, char *out,
                     size_t outlen) {
	long base = t->live;
	t->fail_at = t->attempts + n;
	t->fail_after = after;
	st_interp_options o = {.trace = trace ? discard : NULL};
	st_interp *it = st_interp_create(ctx, &o);
	bool ok = false;
	if (it) {
		st_ival args[2], res[2];
		uint64_t w[3] = {3, 0, 0};
		t->fail_at = 0; /* the arguments are the caller's business */
		bool made = st_succeeded(st_ival_from_words(it, st_integer_type(ctx, 130, ST_SIGNLESS), w, 3, &args[0]));
		t->fail_at = t->attempts + n;
		args[1] = st_ival_bits(st_integer_type(ctx, 32, ST_SIGNLESS), 3);
		bool called = made && st_succeeded(st_interp_call(it, fn, 2, args, 2, res));
		t->fail_at = 0; /* printing the result is not under test */
		if (called) {
			ok = true;
			st_ival_str(it, &res[0], out, outlen);
			st_ival_release(it, &res[0]);
			st_ival_release(it, &res[1]);
		}
		if (made)
			st_ival_release(it, &args[0]);
		st_interp_destroy(it);
	}
	t->fail_at = 0;
	CHECK(t->live == base);
	return ok;
}

/* The memref program: buffers of every kind, views and copies in a loop;
 * 4 trips of s[0] = g[1] = 2 make 8. */
static bool run_mem(st_context *ctx, tracker *t, st_op *fn, long n, bool after) {
	long base = t->live;
	t->fail_at = t->attempts + n;
	t->fail_after = after;
	st_interp *it = st_interp_create(ctx, NULL);
	bool ok = false;
	if (it) {
		st_ival arg = st_ival_bits(st_index_type(ctx), 4), res;
		ok = st_succeeded(st_interp_call(it, fn, 1, &arg, 1, &res));
		t->fail_at = 0;
		CHECK(!ok || (!res.poison && res.u.bits == 8));
		st_interp_destroy(it);
	}
	t->fail_at = 0;
	CHECK(t->live == base);
	return ok;
}

static void test_memory_failures(void) {
	tracker t = {0};
	st_context *ctx = st_context_create_with_alloc(track, &t);
	CHECK(ctx && st_succeeded(st_register_all_dialects(ctx)));
	st_op *m = st_parse_source(ctx, st_str_c(program), "alloc.mlir", NULL);
	CHECK(m && st_succeeded(st_verify(m)));
	if (!m)
		return;
	st_op *fn = st_symbol_lookup(m, st_str_c("mem"));
	diag_sink diags;
	diag_sink_install(&diags, ctx);
	long before = t.attempts;
	CHECK(run_mem(ctx, &t, fn, 0, false));
	long needed = t.attempts - before;
	for (long n = 1; n <= needed + 2; n++)
		for (int mode = 0; mode < 2; mode++)
			run_mem(ctx, &t, fn, n, mode);
	diag_sink_remove(&diags);
	st_op_destroy(m);
	st_context_destroy(ctx);
	CHECK(t.live == 0);
}

static void test_failures(void) {
	tracker t = {0};
	st_context *ctx = st_context_create_with_alloc(track, &t);
	CHECK(ctx && st_succeeded(st_register_all_dialects(ctx)));
	st_op *m = st_parse_source(ctx, st_str_c(program), "alloc.mlir", NULL);
	CHECK(m && st_succeeded(st_verify(m)));
	if (!m)
		return;
	st_op *fn = st_symbol_lookup(m, st_str_c("wide"));
	diag_sink diags;
	diag_sink_install(&diags, ctx);
	char want[256], got[256];
	long before = t.attempts;
	CHECK(run_once(ctx, &t, fn, 0, false, true, want, sizeof want));
	long needed = t.attempts - before;
	/* x -> (x*x + 1) / 2 three times from 3: 5, 13, 85. */
	CHECK_STR("result", want, "i130:85");
	CHECK(needed > 10);
	int succeeded = 0;
	for (long n = 1; n <= needed + 2; n++)
		for (int mode = 0; mode < 4; mode++) {
			got[0] = 0;
			if (run_once(ctx, &t, fn, n, mode & 1, mode & 2, got, sizeof got)) {
				succeeded++;
				CHECK_STR("result after a failure", got, want);
			}
		}
	CHECK(succeeded > 0);
	diag_sink_remove(&diags);
	st_op_destroy(m);
	st_context_destroy(ctx);
	CHECK(t.live == 0);
}

/* st_interp_call checks what it is given. */
static void test_call_checks(void) {
	st_context *ctx = new_ctx();
	st_op *m = parse(ctx, program);
	CHECK(m && st_succeeded(st_verify(m)));
	st_op *fn = st_symbol_lookup(m, st_str_c("half"));
	st_interp *it = st_interp_create(ctx, NULL);
	diag_sink d;
	diag_sink_install(&d, ctx);
	st_ival res[2], a = st_ival_bits(st_integer_type(ctx, 32, ST_SIGNLESS), 1);
	CHECK(st_failed(st_interp_call(it, fn, 0, NULL, 1, res)));
	CHECK_CONTAINS("count", sbuf_str(&d.text), "'@half' takes 1 arguments, 0 given");
	CHECK(st_interp_last_failure(it) == ST_INTERP_UNSUPPORTED);
	CHECK(st_failed(st_interp_call(it, fn, 1, &a, 1, res)));
	CHECK_CONTAINS("type", sbuf_str(&d.text), "argument #0 of '@half' has type 'i32', expected 'i130'");
	CHECK(st_failed(st_interp_call(it, fn, 1, &a, 2, res)));
	CHECK_CONTAINS("results", sbuf_str(&d.text), "'@half' returns 1 values, 2 expected");
	CHECK(st_failed(st_interp_call(it, m, 0, NULL, 0, res)));
	CHECK_CONTAINS("not a function", sbuf_str(&d.text), "'builtin.module' is not a function");
	diag_sink_remove(&d);
	st_interp_destroy(it);
	st_op_destroy(m);
	st_context_destroy(ctx);
}

int main(void) {
	test_failures();
	test_memory_failures();
	test_call_checks();
	return test_summary();
}
