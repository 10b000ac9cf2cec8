/* The allocation-failure sweep (issue 13, docs/reliability.md): for each
 * of the inputs below, parse -> verify -> a pass pipeline -> print runs once
 * cleanly to count its allocations, then once per allocation k with only
 * the k-th failing, for every k.  Each failing run must end in an "out of
 * memory" diagnostic and a stage that reports failure (parse NULL, verify
 * or the pipeline ST_FAIL, or the context marked out of memory after
 * printing), with no crash and every block back once the context is
 * destroyed (and no leak under ASan).  A second sweep fails every
 * allocation from the k-th on.  test_alloc.c checks the allocator's
 * size bookkeeping on one module; this sweep is about breadth: the
 * dialects, the custom syntaxes and the passes.  STRATA_SWEEP_TRACE=1
 * prints each (input, k) before it runs.
 */
#include "core_test.h"

#include "strata/pass.h"

typedef struct sweep_input {
	const char *pipeline;
	const char *text;
} sweep_input;

static const sweep_input inputs[] = {
	{"builtin.module(canonicalize,cse)",
	 "func.func @f(%a: i32) -> i32 {\n"
	 "  %c0 = arith.constant 0 : i32\n"
	 "  %0 = arith.addi %a, %c0 : i32\n"
	 "  %1 = arith.muli %0, %0 : i32\n"
	 "  %2 = arith.muli %0, %0 : i32\n"
	 "  %3 = arith.subi %1, %2 : i32\n"
	 "  return %3 : i32\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n"
	 "  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)\n"
	 "^bb1(%x: i32):\n"
	 "  cf.br ^bb2\n"
	 "^bb2:\n"
	 "  return %x : i32\n"
	 "}\n"},
	{"builtin.module(inline,canonicalize)",
	 "func.func private @g(%x: i32) -> i32 {\n"
	 "  %c = arith.constant 3 : i32\n"
	 "  %0 = arith.addi %x, %c : i32\n"
	 "  return %0 : i32\n"
	 "}\n"
	 "func.func @f(%a: i32) -> i32 {\n"
	 "  %0 = func.call @g(%a) : (i32) -> i32\n"
	 "  %1 = func.call @g(%0) : (i32) -> i32\n"
	 "  return %1 : i32\n"
	 "}\n"},
	{"builtin.module(sccp)",
	 "func.func @f(%c: i1) -> i32 {\n"
	 "  %one = arith.constant 1 : i32\n"
	 "  cf.cond_br %c, ^a, ^b\n"
	 "^a:\n"
	 "  cf.br ^m(%one : i32)\n"
	 "^b:\n"
	 "  cf.br ^m(%one : i32)\n"
	 "^m(%x: i32):\n"
	 "  %y = arith.addi %x, %x : i32\n"
	 "  return %y : i32\n"
	 "}\n"},
	{"builtin.module(symbol-dce)",
	 "func.func private @dead() {\n  return\n}\n"
	 "func.func private @used() {\n  return\n}\n"
	 "func.func @f() {\n  func.call @used() : () -> ()\n  return\n}\n"},
	{"builtin.module(loop-invariant-code-motion)",
	 "func.func @f(%lb: index, %ub: index, %s: index, %a: f32) -> f32 {\n"
	 "  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %a) -> (f32) {\n"
	 "    %k = arith.mulf %a, %a : f32\n"
	 "    %n = arith.addf %acc, %k : f32\n"
	 "    scf.yield %n : f32\n"
	 "  }\n"
	 "  return %r : f32\n"
	 "}\n"},
	{"builtin.module(canonicalize,cse)",
	 "func.func @f(%c: i1, %a: i32) -> i32 {\n"
	 "  %r = scf.if %c -> (i32) {\n"
	 "    scf.yield %a : i32\n"
	 "  } else {\n"
	 "    %z = arith.constant 0 : i32\n"
	 "    scf.yield %z : i32\n"
	 "  }\n"
	 "  return %r : i32\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%n: index) -> i32 {\n"
	 "  %m = memref.alloc(%n) : memref<?x4xi32>\n"
	 "  %c0 = arith.constant 0 : index\n"
	 "  %v = memref.load %m[%c0, %c0] : memref<?x4xi32>\n"
	 "  memref.store %v, %m[%c0, %c0] : memref<?x4xi32>\n"
	 "  memref.dealloc %m : memref<?x4xi32>\n"
	 "  return %v : i32\n"
	 "}\n"},
	{"builtin.module(cse)",
	 "memref.global \"private\" constant @c : memref<2xf32> = dense<[1.0, 2.0]>\n"
	 "func.func @f() -> memref<2xf32> {\n"
	 "  %0 = memref.get_global @c : memref<2xf32>\n"
	 "  %1 = memref.get_global @c : memref<2xf32>\n"
	 "  return %1 : memref<2xf32>\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%x: f32) -> f32 {\n"
	 "  %0 = math.sqrt %x : f32\n"
	 "  %1 = math.absf %0 : f32\n"
	 "  %2 = math.absf %1 : f32\n"
	 "  %3 = math.fma %2, %x, %0 : f32\n"
	 "  return %3 : f32\n"
	 "}\n"},
	{"builtin.module(dce)",
	 "func.func @f(%a: i64) -> i64 {\n"
	 "  %0 = arith.index_cast %a : i64 to index\n"
	 "  %1 = arith.shli %a, %a : i64\n"
	 "  cf.br ^x\n"
	 "^y:\n"
	 "  cf.br ^x\n"
	 "^x:\n"
	 "  return %a : i64\n"
	 "}\n"},
	{"builtin.module(canonicalize,cse)",
	 "\"t.op\"() ({\n"
	 "^bb0(%x: i32):\n"
	 "  %0 = \"t.inner\"(%x) {d = dense<[1, 2]> : tensor<2xi32>, "
	 "m = affine_map<(d0)[s0] -> (d0 + s0 * 2)>, s = @sym::@n} : (i32) -> i32\n"
	 "  \"t.term\"(%0) : (i32) -> ()\n"
	 "}) {a = [1, 2.5, \"s\", unit], b = {c = 1 : i8}} : () -> ()\n"},
	{"builtin.module(strip-debuginfo,cse)",
	 "func.func @f(%a: i32 loc(\"a.c\":1:2)) -> i32 {\n"
	 "  %0 = arith.addi %a, %a : i32 loc(fused[\"x.c\":3:4, \"n\"(\"y.c\":5:6)])\n"
	 "  return %0 : i32 loc(callsite(\"f\" at \"z.c\":7:8))\n"
	 "} loc(unknown)\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%a: i8, %b: i8) -> (i1, i8, i8) {\n"
	 "  %0 = arith.cmpi ult, %a, %b : i8\n"
	 "  %1 = arith.select %0, %a, %b : i8\n"
	 "  %c = arith.constant -1 : i8\n"
	 "  %2 = arith.xori %1, %c : i8\n"
	 "  %3 = arith.xori %2, %c : i8\n"
	 "  return %0, %1, %3 : i1, i8, i8\n"
	 "}\n"},
	{"builtin.module(canonicalize,cse)",
	 "func.func @f(%a: vector<4xf32>, %t: tensor<2x?xi32>) -> vector<4xf32> {\n"
	 "  %0 = arith.addf %a, %a : vector<4xf32>\n"
	 "  %1 = arith.addf %a, %a : vector<4xf32>\n"
	 "  %2 = arith.mulf %0, %1 fastmath<fast> : vector<4xf32>\n"
	 "  return %2 : vector<4xf32>\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%n: i32) -> i32 {\n"
	 "  %c0 = arith.constant 0 : i32\n"
	 "  %c1 = arith.constant 1 : i32\n"
	 "  %r:2 = scf.while (%i = %c0, %s = %c0) : (i32, i32) -> (i32, i32) {\n"
	 "    %p = arith.cmpi slt, %i, %n : i32\n"
	 "    scf.condition(%p) %i, %s : i32, i32\n"
	 "  } do {\n"
	 "  ^bb0(%i: i32, %s: i32):\n"
	 "    %j = arith.addi %i, %c1 : i32\n"
	 "    %t = arith.addi %s, %i : i32\n"
	 "    scf.yield %j, %t : i32, i32\n"
	 "  }\n"
	 "  return %r#1 : i32\n"
	 "}\n"},
	{"builtin.module(canonicalize,cse)",
	 "func.func @f(%lb: index, %ub: index, %m: memref<?xf32>) {\n"
	 "  %c1 = arith.constant 1 : index\n"
	 "  scf.parallel (%i) = (%lb) to (%ub) step (%c1) {\n"
	 "    %v = memref.load %m[%i] : memref<?xf32>\n"
	 "    memref.store %v, %m[%i] : memref<?xf32>\n"
	 "    scf.yield\n"
	 "  }\n"
	 "  return\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%x: index) -> i32 {\n"
	 "  %r = scf.index_switch %x -> i32\n"
	 "  case 2 {\n"
	 "    %a = arith.constant 10 : i32\n"
	 "    scf.yield %a : i32\n"
	 "  }\n"
	 "  default {\n"
	 "    %b = arith.constant 20 : i32\n"
	 "    scf.yield %b : i32\n"
	 "  }\n"
	 "  return %r : i32\n"
	 "}\n"},
	{"builtin.module(inline,symbol-dce)",
	 "func.func private @rec(%x: i32) -> i32 {\n"
	 "  %0 = func.call @rec(%x) : (i32) -> i32\n"
	 "  return %0 : i32\n"
	 "}\n"
	 "func.func @f(%a: i32) -> i32 {\n"
	 "  %fn = func.constant @rec : (i32) -> i32\n"
	 "  %0 = func.call_indirect %fn(%a) : (i32) -> i32\n"
	 "  return %0 : i32\n"
	 "}\n"},
	{"builtin.module(func.func(canonicalize,cse))",
	 "module attributes {t.attr = 1 : i64} {\n"
	 "  func.func @f(%a: f64, %b: i130) -> (f64, i130) {\n"
	 "    %c = arith.constant 1.5e3 : f64\n"
	 "    %0 = arith.addf %a, %c : f64\n"
	 "    %w = arith.constant 12345678901234567890123 : i130\n"
	 "    %1 = arith.addi %b, %w : i130\n"
	 "    return %0, %1 : f64, i130\n"
	 "  }\n"
	 "}\n"},
	{"builtin.module(sccp,canonicalize)",
	 "func.func @f(%a: i32) -> i32 {\n"
	 "  %c2 = arith.constant 2 : i32\n"
	 "  %c3 = arith.constant 3 : i32\n"
	 "  %0 = arith.muli %c2, %c3 : i32\n"
	 "  %1 = arith.divsi %a, %0 : i32\n"
	 "  %2 = arith.remui %1, %c3 : i32\n"
	 "  %3 = arith.maxsi %2, %c2 : i32\n"
	 "  return %3 : i32\n"
	 "}\n"},
	{"builtin.module(canonicalize)",
	 "func.func @f(%m: memref<8x8xf32>, %i: index) -> memref<4x4xf32, strided<[8, 1], offset: ?>> {\n"
	 "  %s = memref.subview %m[%i, 0] [4, 4] [1, 1] : memref<8x8xf32> to "
	 "memref<4x4xf32, strided<[8, 1], offset: ?>>\n"
	 "  %u = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>\n"
	 "  %d = memref.dim %u, %i : memref<?x?xf32>\n"
	 "  return %s : memref<4x4xf32, strided<[8, 1], offset: ?>>\n"
	 "}\n"},
};
enum { NINPUTS = sizeof inputs / sizeof inputs[0] };

/* ------------------------------------------------------------- one run */

typedef struct run_result {
	bool failed;  /* some stage reported failure */
	bool silent;  /* a stage that saw its allocation fail still succeeded */
	bool oom, oom_diag;
	size_t print_len;
} run_result;

static void count_len(void *ud, const char *d, size_t n) {
	(void)d;
	*(size_t *)ud += n;
}

/* Runs input `in` with the `fail_at`-th allocation after setup failing (0:
 * none); returns the number of allocations attempted after setup. */
static long run_one(const sweep_input *in, long fail_at, bool fail_after, fail_alloc *t, run_result *r) {
	memset(r, 0, sizeof *r);
	memset(t, 0, sizeof *t);
	st_context *ctx = st_context_create_with_alloc(fail_alloc_fn, t);
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_passes(ctx)))
		abort();
	st_context_set_allow_unregistered(ctx, true);
	oom_diags diag;
	oom_diags_install(&diag, ctx, fail_after);
	t->counting = true;
	t->fail_at = fail_at;
	t->fail_after = fail_after;

	long f0 = t->failures;
	st_op *m = st_parse_source(ctx, st_str_c(in->text), "sweep.mlir", NULL);
	if (!m) {
		r->failed = true;
		goto done;
	}
	r->silent |= t->failures != f0;
	f0 = t->failures;
	if (st_failed(st_verify(m))) {
		r->failed = true;
		goto done;
	}
	r->silent |= t->failures != f0;
	f0 = t->failures;
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	st_status ps = pm ? st_pass_manager_parse_pipeline(pm, st_str_c(in->pipeline), "<pipeline>") : ST_FAIL;
	if (st_succeeded(ps)) {
		st_pass_instrument ins = {.verify_each = true, .out = sbuf_write, .out_ud = &diag.out};
		st_pass_manager_set_instrument(pm, &ins);
		ps = st_pass_manager_run(pm, m);
	}
	st_pass_manager_destroy(pm);
	if (st_failed(ps)) {
		r->failed = true;
		goto done;
	}
	r->silent |= t->failures != f0;
	st_print_options po = {0};
	st_print_op(m, &po, count_len, &r->print_len);
	r->failed = st_context_out_of_memory(ctx);
done:
	if (m)
		st_op_destroy(m);
	r->oom = st_context_out_of_memory(ctx);
	r->oom_diag = oom_diags_finish(&diag);
	long attempts = t->attempts;
	t->counting = false;
	st_context_destroy(ctx);
	return attempts;
}

static void sweep(size_t idx, bool fail_after, const char *trace, long *points) {
	const sweep_input *in = &inputs[idx];
	fail_alloc t;
	run_result ref, r;
	long total = run_one(in, 0, false, &t, &ref);
	CHECK(!ref.failed && !ref.oom && ref.print_len > 0 && t.live == 0 && t.bytes == 0);
	if (ref.failed)
		fprintf(stderr, "input %zu fails without allocation failures\n", idx);
	int leaks = 0, no_diag = 0, silent = 0, unreported = 0;
	long first_bad = 0;
	for (long k = 1; k <= total; k++) {
		if (trace) {
			fprintf(stderr, "input %zu k=%ld%s of %ld\n", idx, k, fail_after ? " (and after)" : "", total);
			fflush(stderr);
		}
		run_one(in, k, fail_after, &t, &r);
		bool ok = true;
		if (t.live || t.bytes)
			leaks++, ok = false;
		if (t.failures && (!r.oom || !r.oom_diag))
			no_diag++, ok = false;
		if (r.silent)
			silent++, ok = false;
		if (t.failures && !r.failed)
			unreported++, ok = false;
		if (!ok && !first_bad)
			first_bad = k;
	}
	*points += total;
	CHECK(total > 0);
	CHECK(leaks == 0);
	CHECK(no_diag == 0);
	CHECK(silent == 0);
	CHECK(unreported == 0);
	if (first_bad)
		fprintf(stderr,
		        "input %zu (%s)%s: %ld allocation points; first bad k = %ld; leaks %d, no diagnostic %d, "
		        "silent %d, unreported %d\n",
		        idx, in->pipeline, fail_after ? " failing from k on" : "", total, first_bad, leaks, no_diag, silent,
		        unreported);
}

int main(void) {
	const char *trace = getenv("STRATA_SWEEP_TRACE");
	long points = 0;
	CHECK(NINPUTS >= 20);
	for (size_t i = 0; i < NINPUTS; i++)
		sweep(i, false, trace, &points);
	printf("alloc sweep: %d inputs, %ld allocation points failed in turn\n", (int)NINPUTS, points);
	/* Every allocation from the k-th on failing: the error paths of the
	 * error paths. */
	points = 0;
	for (size_t i = 0; i < NINPUTS; i++)
		sweep(i, true, trace, &points);
	printf("alloc sweep: every allocation from the k-th on failing, for each of the %ld points\n", points);
	return test_summary();
}
