/* The translation validator (test/lib/tv.h): it must see each special value
 * of every argument type whatever the seed (a transformation wrong only at
 * 0, 1, -1, the minimum, the maximum, -0, +-inf or NaN is caught), redraw
 * inputs on which the original is undefined, let a poison result of the
 * original match anything, and reject a transformed function that is
 * undefined or poison where the original is not. */
#include "core_test.h"
#include "tv.h"

#include "strata/pass.h"

/* Texts must outlive the context (diagnostics quote them). */
static char *texts[2048];
static size_t ntexts;

static st_op *parse_owned(st_context *ctx, const char *text) {
	char *copy = strdup(text);
	if (!copy || ntexts == 2048)
		abort();
	texts[ntexts++] = copy;
	st_op *m = st_parse_source(ctx, st_str_c(copy), "tv.mlir", NULL);
	if (m && st_failed(st_verify(m))) {
		st_op_destroy(m);
		return NULL;
	}
	return m;
}

/* Runs the validator on two texts; its report goes to `out`. */
static st_status check_texts(st_context *ctx, const char *before, const char *after, uint64_t seed, unsigned trials,
                             sbuf *out) {
	st_op *b = parse_owned(ctx, before), *a = parse_owned(ctx, after);
	CHECK(b && a);
	if (!b || !a)
		return ST_FAIL;
	st_tv_options o = {.seed = seed, .seed_set = true, .trials = trials, .out = sbuf_write, .out_ud = out};
	st_status s = st_tv_check(ctx, b, a, "f", &o);
	st_op_destroy(b);
	st_op_destroy(a);
	return s;
}

/* `after` differs from `before` on one input only: caught whatever the seed. */
static void expect_caught(st_context *ctx, const char *before, const char *after, const char *what) {
	for (uint64_t seed = 1; seed <= 3; seed++) {
		sbuf out = {0};
		st_status s = check_texts(ctx, before, after, seed, 0, &out);
		if (st_succeeded(s))
			fprintf(stderr, "missed %s with seed %llu in\n%s", what, (unsigned long long)seed, after);
		CHECK(st_failed(s));
		CHECK_CONTAINS(what, sbuf_str(&out), "<-- differs");
		sbuf_free(&out);
	}
}

static const char *identity(char *buf, size_t n, const char *type) {
	snprintf(buf, n, "func.func @f(%%a: %s) -> %s {\n  return %%a : %s\n}\n", type, type, type);
	return buf;
}

/* Each integer special value: the transformed function differs only there. */
static void test_int_specials(st_context *ctx) {
	static const struct {
		const char *type;
		const char *vals[5]; /* 0, 1, -1, min, max */
	} cases[] = {
		{"i8", {"0", "1", "-1", "-128", "127"}},
		{"i32", {"0", "1", "-1", "-2147483648", "2147483647"}},
		{"i65", {"0", "1", "-1", "-18446744073709551616", "18446744073709551615"}},
		{"index", {"0", "1", "-1", "-9223372036854775808", "9223372036854775807"}},
	};
	char before[256], after[1024];
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const char *t = cases[c].type;
		identity(before, sizeof before, t);
		for (size_t k = 0; k < 5; k++) {
			snprintf(after, sizeof after,
			         "func.func @f(%%a: %s) -> %s {\n"
			         "  %%v = arith.constant %s : %s\n"
			         "  %%one = arith.constant 1 : %s\n"
			         "  %%e = arith.cmpi eq, %%a, %%v : %s\n"
			         "  %%x = arith.xori %%a, %%one : %s\n"
			         "  %%r = arith.select %%e, %%x, %%a : %s\n"
			         "  return %%r : %s\n}\n",
			         t, t, cases[c].vals[k], t, t, t, t, t, t);
			expect_caught(ctx, before, after, cases[c].vals[k]);
		}
		sbuf out = {0};
		CHECK(st_succeeded(check_texts(ctx, before, before, 1, 0, &out)));
		CHECK_CONTAINS("identity", sbuf_str(&out), "64 inputs agree");
		sbuf_free(&out);
	}
}

/* Each float special value, found by its bit pattern. */
static void test_float_specials(st_context *ctx) {
	static const struct {
		const char *type, *itype;
		const char *bits[9]; /* 0, -0, 1, -1, inf, -inf, NaN, max, lowest */
	} cases[] = {
		{"f16", "i16", {"0", "0x8000", "0x3c00", "0xbc00", "0x7c00", "0xfc00", "0x7e00", "0x7bff", "0xfbff"}},
		{"bf16", "i16", {"0", "0x8000", "0x3f80", "0xbf80", "0x7f80", "0xff80", "0x7fc0", "0x7f7f", "0xff7f"}},
		{"f32", "i32",
		 {"0", "0x80000000", "0x3f800000", "0xbf800000", "0x7f800000", "0xff800000", "0x7fc00000", "0x7f7fffff",
		  "0xff7fffff"}},
		{"f64", "i64",
		 {"0", "0x8000000000000000", "0x3ff0000000000000", "0xbff0000000000000", "0x7ff0000000000000",
		  "0xfff0000000000000", "0x7ff8000000000000", "0x7fefffffffffffff", "0xffefffffffffffff"}},
	};
	char before[256], after[1024];
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const char *t = cases[c].type, *it = cases[c].itype;
		identity(before, sizeof before, t);
		for (size_t k = 0; k < 9; k++) {
			snprintf(after, sizeof after,
			         "func.func @f(%%a: %s) -> %s {\n"
			         "  %%b = arith.bitcast %%a : %s to %s\n"
			         "  %%v = arith.constant %s : %s\n"
			         "  %%e = arith.cmpi eq, %%b, %%v : %s\n"
			         "  %%c = arith.constant 42.0 : %s\n"
			         "  %%r = arith.select %%e, %%c, %%a : %s\n"
			         "  return %%r : %s\n}\n",
			         t, t, t, it, cases[c].bits[k], it, it, t, t, t);
			expect_caught(ctx, before, after, cases[c].bits[k]);
		}
	}
}

/* Two arguments: each sees every special (a difference at a = MIN only). */
static void test_two_args(st_context *ctx) {
	const char *before = "func.func @f(%a: i16, %b: f32) -> i16 {\n  return %a : i16\n}\n";
	const char *after = "func.func @f(%a: i16, %b: f32) -> i16 {\n"
	                    "  %min = arith.constant -32768 : i16\n"
	                    "  %e = arith.cmpi eq, %a, %min : i16\n"
	                    "  %z = arith.constant 0 : i16\n"
	                    "  %r = arith.select %e, %z, %a : i16\n"
	                    "  return %r : i16\n}\n";
	expect_caught(ctx, before, after, "i16 minimum");
}

/* Division by a drawn value: zero divisors are redrawn, not reported. */
static void test_redraw(st_context *ctx) {
	const char *f = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
	                "  %r = arith.divsi %a, %b : i32\n"
	                "  return %r : i32\n}\n";
	sbuf out = {0};
	CHECK(st_succeeded(check_texts(ctx, f, f, 5, 0, &out)));
	CHECK_CONTAINS("redraw", sbuf_str(&out), "64 inputs agree");
	CHECK(!strstr(sbuf_str(&out), "(0 redrawn"));
	sbuf_free(&out);
	/* Undefined on every input: the validator gives up, saying so. */
	const char *ub = "func.func @f(%a: i32) -> i32 {\n"
	                 "  %z = arith.constant 0 : i32\n"
	                 "  %r = arith.divsi %a, %z : i32\n"
	                 "  return %r : i32\n}\n";
	CHECK(st_failed(check_texts(ctx, ub, ub, 5, 8, &out)));
	CHECK_CONTAINS("always undefined", sbuf_str(&out), "only 0 of 8 inputs were defined for the original");
	sbuf_free(&out);
}

/* Poison: the original's poison matches anything, not the other way. */
static void test_poison(st_context *ctx) {
	const char *shl = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
	                  "  %r = arith.shli %a, %b : i32\n"
	                  "  return %r : i32\n}\n";
	const char *shl_or_7 = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
	                       "  %r = arith.shli %a, %b : i32\n"
	                       "  %w = arith.constant 32 : i32\n"
	                       "  %big = arith.cmpi uge, %b, %w : i32\n"
	                       "  %c7 = arith.constant 7 : i32\n"
	                       "  %s = arith.select %big, %c7, %r : i32\n"
	                       "  return %s : i32\n}\n";
	sbuf out = {0};
	CHECK(st_succeeded(check_texts(ctx, shl, shl_or_7, 3, 0, &out)));
	sbuf_free(&out);
	CHECK(st_failed(check_texts(ctx, shl_or_7, shl, 3, 0, &out)));
	CHECK_CONTAINS("more poison", sbuf_str(&out), "transformed i32:poison");
	sbuf_free(&out);
}

/* Undefined behaviour introduced by the transformation is a mismatch. */
static void test_new_ub(st_context *ctx) {
	const char *id = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n";
	const char *div = "func.func @f(%a: i32) -> i32 {\n"
	                  "  %q = arith.divui %a, %a : i32\n"
	                  "  %r = arith.muli %q, %a : i32\n"
	                  "  return %r : i32\n}\n";
	sbuf out = {0};
	CHECK(st_failed(check_texts(ctx, id, div, 3, 0, &out)));
	CHECK_CONTAINS("new ub", sbuf_str(&out),
	               "the transformed one failed: tv.mlir:2:8: undefined behaviour: division by zero in 'arith.divui'");
	sbuf_free(&out);
}

static void test_errors(st_context *ctx) {
	const char *i32 = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n";
	const char *i64 = "func.func @f(%a: i64) -> i64 {\n  return %a : i64\n}\n";
	sbuf out = {0};
	CHECK(st_failed(check_texts(ctx, i32, i64, 1, 0, &out)));
	CHECK_CONTAINS("types", sbuf_str(&out), "'@f' has type (i32) -> i32 before and (i64) -> i64 after");
	sbuf_free(&out);
	const char *g = "func.func @g(%a: i32) -> i32 {\n  return %a : i32\n}\n";
	CHECK(st_failed(check_texts(ctx, i32, g, 1, 0, &out)));
	CHECK_CONTAINS("missing", sbuf_str(&out), "no function '@f' in the transformed module");
	sbuf_free(&out);
	const char *fnarg = "func.func @f(%a: (i32) -> i32) -> i32 {\n"
	                    "  %c = arith.constant 1 : i32\n"
	                    "  %r = func.call_indirect %a(%c) : (i32) -> i32\n"
	                    "  return %r : i32\n}\n";
	CHECK(st_failed(check_texts(ctx, fnarg, fnarg, 1, 0, &out)));
	CHECK_CONTAINS("fn arg", sbuf_str(&out), "cannot draw inputs of type '(i32) -> i32' (argument #0 of '@f')");
	sbuf_free(&out);
	const char *vec = "func.func @f(%a: i32) -> i32 {\n"
	                  "  %v = arith.constant dense<1> : vector<2xi32>\n"
	                  "  return %a : i32\n}\n";
	CHECK(st_failed(check_texts(ctx, vec, vec, 1, 0, &out)));
	CHECK_CONTAINS("unsupported", sbuf_str(&out),
	               "the original '@f' cannot be interpreted: tv.mlir:2:8: no interpreter semantics for "
	               "'arith.constant' on vectors or tensors");
	sbuf_free(&out);
}

/* A pass pipeline on a copy of the module (canonicalize folds the
 * arithmetic); the original module is left as it was. */
static void test_pipeline(st_context *ctx) {
	const char *f = "func.func @f(%a: i32) -> i32 {\n"
	                "  %c2 = arith.constant 2 : i32\n"
	                "  %c3 = arith.constant 3 : i32\n"
	                "  %c6 = arith.muli %c2, %c3 : i32\n"
	                "  %r = arith.addi %a, %c6 : i32\n"
	                "  %z = arith.subi %r, %r : i32\n"
	                "  %s = arith.addi %r, %z : i32\n"
	                "  return %s : i32\n}\n";
	st_op *m = parse_owned(ctx, f);
	CHECK(m != NULL);
	if (!m)
		return;
	char *before = print_op_str(m, true);
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	CHECK(st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c("builtin.module(canonicalize)"), "<test>")));
	sbuf out = {0};
	st_tv_options o = {.seed = 9, .seed_set = true, .out = sbuf_write, .out_ud = &out};
	CHECK(st_succeeded(st_tv_check_pass(ctx, m, pm, "f", &o)));
	CHECK_CONTAINS("pipeline", sbuf_str(&out), "64 inputs agree");
	char *after = print_op_str(m, true);
	CHECK_STR("original untouched", after, before);
	free(before);
	free(after);
	sbuf_free(&out);
	st_pass_manager_destroy(pm);
	st_op_destroy(m);
}

/* A memref result: an element the original never wrote matches anything;
 * one it wrote must be the same. */
static void test_memref_results(st_context *ctx) {
	const char *one = "func.func @f(%x: i32) -> memref<2xi32> {\n"
	                  "  %c0 = arith.constant 0 : index\n"
	                  "  %m = memref.alloc() : memref<2xi32>\n"
	                  "  memref.store %x, %m[%c0] : memref<2xi32>\n"
	                  "  return %m : memref<2xi32>\n}\n";
	const char *both = "func.func @f(%x: i32) -> memref<2xi32> {\n"
	                   "  %c0 = arith.constant 0 : index\n"
	                   "  %c1 = arith.constant 1 : index\n"
	                   "  %m = memref.alloc() : memref<2xi32>\n"
	                   "  memref.store %x, %m[%c0] : memref<2xi32>\n"
	                   "  memref.store %x, %m[%c1] : memref<2xi32>\n"
	                   "  return %m : memref<2xi32>\n}\n";
	sbuf out = {0};
	CHECK(st_succeeded(check_texts(ctx, one, both, 4, 0, &out)));
	sbuf_free(&out);
	CHECK(st_failed(check_texts(ctx, both, one, 4, 0, &out)));
	CHECK_CONTAINS("memref result", sbuf_str(&out), "transformed memref<2xi32>:[");
	CHECK_CONTAINS("memref result", sbuf_str(&out), ", poison]");
	sbuf_free(&out);
}

static void test_seed(void) {
	st_tv_options o = {.seed = 77, .seed_set = true};
	unsetenv("STRATA_TV_SEED");
	CHECK(st_tv_seed("f", &o) == 77);
	CHECK(st_tv_seed("f", NULL) == st_tv_seed("f", NULL));
	CHECK(st_tv_seed("f", NULL) != st_tv_seed("g", NULL));
	setenv("STRATA_TV_SEED", "123", 1);
	CHECK(st_tv_seed("f", &o) == 123);
	setenv("STRATA_TV_SEED", "0x10", 1);
	CHECK(st_tv_seed("f", NULL) == 16);
	unsetenv("STRATA_TV_SEED");
}

static void test_trials(st_context *ctx) {
	const char *f = "func.func @f(%a: i8) -> i8 {\n  return %a : i8\n}\n";
	sbuf out = {0};
	CHECK(st_succeeded(check_texts(ctx, f, f, 1, 5, &out)));
	CHECK_CONTAINS("trials", sbuf_str(&out), "@f: 5 inputs agree (0 redrawn; seed 1)");
	sbuf_free(&out);
}

int main(void) {
	unsetenv("STRATA_TV_SEED");
	st_context *ctx = new_ctx();
	if (st_failed(st_register_all_passes(ctx)))
		abort();
	test_int_specials(ctx);
	test_float_specials(ctx);
	test_two_args(ctx);
	test_redraw(ctx);
	test_poison(ctx);
	test_new_ub(ctx);
	test_errors(ctx);
	test_pipeline(ctx);
	test_memref_results(ctx);
	test_seed();
	test_trials(ctx);
	st_context_destroy(ctx);
	for (size_t i = 0; i < ntexts; i++)
		free(texts[i]);
	return test_summary();
}
