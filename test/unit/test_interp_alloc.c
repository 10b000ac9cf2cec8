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
	"func.func @wide(%a: i130, %n: i32) -> i130 {\n"
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
	"  return %x : i130\n"
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

/* One call of `fn` with the failure armed at `n` allocations from now (the
 * arguments are made before, the result printed after, unarmed).  Every
 * block the interpreter took must be back once it is destroyed. */
static bool run_once(st_context *ctx, tracker *t, st_op *fn, size_t nargs, const st_ival *proto, long n, bool after,
                     bool trace, char *out, size_t outlen) {
	long base = t->live;
	st_interp_options o = {.trace = trace ? discard : NULL};
	st_interp *it = st_interp_create(ctx, &o);
	bool ok = false;
	if (it) {
		st_ival args[2], res;
		size_t made = 0;
		for (; made < nargs; made++) {
			st_ival a = proto[made];
			/* Wide arguments get words of their own in this interpreter. */
			if (a.kind == ST_IVAL_WIDE &&
			    st_failed(st_ival_from_words(it, a.type, a.u.wide->w, a.u.wide->nwords, &a)))
				break;
			args[made] = a;
		}
		t->fail_at = t->attempts + n;
		t->fail_after = after;
		bool called = made == nargs && st_succeeded(st_interp_call(it, fn, nargs, args, 1, &res));
		t->fail_at = 0; /* printing the result is not under test */
		if (called) {
			ok = true;
			st_ival_str(it, &res, out, outlen);
			st_ival_release(it, &res);
		}
		for (size_t i = 0; i < made; i++)
			st_ival_release(it, &args[i]);
		st_interp_destroy(it);
	}
	t->fail_at = 0;
	CHECK(t->live == base);
	return ok;
}

static st_walk_result touch_loc(st_op *op, void *ud) {
	(void)ud;
	(void)st_op_loc(op);
	return ST_WALK_ADVANCE;
}

/* Every N for the n-th allocation of a call of @name, with and without the
 * trace; each run that succeeds gives `want`. */
static void sweep(const char *name, size_t nargs, st_ival *(*make)(st_context *ctx, st_ival *args),
                  const char *want) {
	tracker t = {0};
	st_context *ctx = st_context_create_with_alloc(track, &t);
	CHECK(ctx && st_succeeded(st_register_all_dialects(ctx)));
	st_op *m = st_parse_source(ctx, st_str_c(program), "alloc.mlir", NULL);
	CHECK(m && st_succeeded(st_verify(m)));
	if (!m)
		return;
	st_op *fn = st_symbol_lookup(m, st_str_c(name));
	/* The trace names each op's location, which the context makes (and
	 * keeps) on first use: make them all now, so that what a run takes
	 * and gives back is the interpreter's alone, however full the
	 * context's arena happens to be. */
	st_walk(m, ST_WALK_PRE, touch_loc, NULL);
	diag_sink diags;
	diag_sink_install(&diags, ctx);
	st_ival proto[2];
	make(ctx, proto);
	char got[256];
	long before = t.attempts;
	CHECK(run_once(ctx, &t, fn, nargs, proto, 0, false, true, got, sizeof got));
	CHECK_STR(name, got, want);
	long needed = t.attempts - before;
	CHECK(needed > 10);
	int succeeded = 0;
	for (long n = 1; n <= needed + 2; n++)
		for (int mode = 0; mode < 4; mode++) {
			got[0] = 0;
			if (run_once(ctx, &t, fn, nargs, proto, n, mode & 1, mode & 2, got, sizeof got)) {
				succeeded++;
				CHECK_STR("result after a failure", got, want);
			}
		}
	CHECK(succeeded > 0);
	for (size_t i = 0; i < nargs; i++)
		if (proto[i].kind == ST_IVAL_WIDE)
			st_ctx_free(ctx, proto[i].u.wide, sizeof *proto[i].u.wide + proto[i].u.wide->nwords * sizeof(uint64_t));
	diag_sink_remove(&diags);
	st_op_destroy(m);
	st_context_destroy(ctx);
	CHECK(t.live == 0);
}

/* @wide(3, 3): x -> (x*x + 1) / 2 three times from 3: 5, 13, 85. */
static st_ival *wide_args(st_context *ctx, st_ival *args) {
	st_interp_words *w = st_ctx_alloc(ctx, sizeof *w + 3 * sizeof(uint64_t));
	if (!w)
		abort();
	*w = (st_interp_words){.refs = 1, .nwords = 3};
	w->w[0] = 3;
	w->w[1] = w->w[2] = 0;
	args[0] = (st_ival){.type = st_integer_type(ctx, 130, ST_SIGNLESS), .kind = ST_IVAL_WIDE, .u.wide = w};
	args[1] = st_ival_bits(st_integer_type(ctx, 32, ST_SIGNLESS), 3);
	return args;
}

/* @mem(4): buffers of every kind, views and copies in a loop; 4 trips of
 * s[0] = g[1] = 2 make 8. */
static st_ival *mem_args(st_context *ctx, st_ival *args) {
	args[0] = st_ival_bits(st_index_type(ctx), 4);
	return args;
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
	sweep("wide", 2, wide_args, "i130:85");
	sweep("mem", 1, mem_args, "i32:8");
	test_call_checks();
	return test_summary();
}
