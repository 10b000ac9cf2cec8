/* Unit tests of affine expressions, maps and integer sets: uniquing, MLIR's
 * simplifications, printing (the expected strings are what mlir-opt-14
 * prints for the same input, see test/unit/affine_vs_mlir.sh), parsing and
 * its errors, evaluation, composition and allocation failures.
 *
 * `test_affine --canon` reads lines `map <text>` / `set <text>` on stdin
 * and prints the canonical form of each (or `error: <offset>: <message>`);
 * affine_vs_mlir.sh uses it to compare with mlir-opt-14.
 */
#include "strata/affine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int npassed, nfailed;

#define CHECK(cond)                                                                                                \
	do {                                                                                                           \
		if (cond)                                                                                                  \
			npassed++;                                                                                             \
		else {                                                                                                     \
			nfailed++;                                                                                             \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                               \
		}                                                                                                          \
	} while (0)

static void check_str(int line, const char *what, const char *got, const char *want) {
	if (strcmp(got, want) == 0) {
		npassed++;
		return;
	}
	nfailed++;
	fprintf(stderr, "%s:%d: %s\n  got:  %s\n  want: %s\n", __FILE__, line, what, got, want);
}
#define CHECK_STR(what, got, want) check_str(__LINE__, what, got, want)

/* ------------------------------------------------------------- printing */

typedef struct sbuf {
	char data[4096];
	size_t len;
} sbuf;

static void sbuf_write(void *ud, const char *d, size_t n) {
	sbuf *b = ud;
	if (b->len + n >= sizeof b->data)
		n = sizeof b->data - 1 - b->len;
	memcpy(b->data + b->len, d, n);
	b->len += n;
	b->data[b->len] = 0;
}

static const char *expr_str(const st_affine_expr *e) {
	static sbuf b;
	b.len = 0;
	b.data[0] = 0;
	if (!e)
		return "<null>";
	st_affine_expr_print(e, sbuf_write, &b);
	return b.data;
}

static const char *map_str(const st_affine_map *m) {
	static sbuf b;
	b.len = 0;
	b.data[0] = 0;
	if (!m)
		return "<null>";
	st_affine_map_print(m, sbuf_write, &b);
	return b.data;
}

static const char *set_str(const st_integer_set *s) {
	static sbuf b;
	b.len = 0;
	b.data[0] = 0;
	if (!s)
		return "<null>";
	st_integer_set_print(s, sbuf_write, &b);
	return b.data;
}

static const st_affine_map *pmap(st_context *ctx, const char *text) {
	const st_affine_map *m = NULL;
	char err[256];
	size_t off = 0;
	if (st_failed(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err))) {
		fprintf(stderr, "unexpected parse error in '%s' at %zu: %s\n", text, off, err);
		return NULL;
	}
	return m;
}

static const st_integer_set *pset(st_context *ctx, const char *text) {
	const st_integer_set *s = NULL;
	char err[256];
	size_t off = 0;
	if (st_failed(st_integer_set_parse(ctx, st_str_c(text), &s, &off, err, sizeof err))) {
		fprintf(stderr, "unexpected parse error in '%s' at %zu: %s\n", text, off, err);
		return NULL;
	}
	return s;
}

/* ------------------------------------------------ canonical prints vs MLIR */

/* Input -> what `mlir-opt-14 --mlir-print-local-scope` prints for
 * affine_map<input> (checked with test/unit/affine_vs_mlir.sh). */
static const struct {
	const char *in, *out;
} map_cases[] = {
	{"(d0, d1) -> (d1 + d0 * 2 - 3)", "(d0, d1) -> (d1 + d0 * 2 - 3)"},
	{"(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)", "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)"},
	{"(i, j)[N] -> (i + N, -j)", "(d0, d1)[s0] -> (d0 + s0, -d1)"},
	{"() -> (0)", "() -> (0)"},
	{"(d0) -> ()", "(d0) -> ()"},
	{"()[s0] -> (s0 - 1)", "()[s0] -> (s0 - 1)"},
	{"(d0) [s0] -> (d0)", "(d0)[s0] -> (d0)"},
	{"(d0)[s0] -> (s0 + d0)", "(d0)[s0] -> (d0 + s0)"},
	{"(d0)[s0] -> (d0 - s0)", "(d0)[s0] -> (d0 - s0)"},
	{"(d0)[s0] -> (d0 + s0 * -1)", "(d0)[s0] -> (d0 - s0)"},
	{"(d0) -> (d0 + 0, d0 * 1, d0 * 0, 0 * d0)", "(d0) -> (d0, d0, 0, 0)"},
	{"(d0) -> (4 + d0, 3 * d0, 2 * d0 * 3)", "(d0) -> (d0 + 4, d0 * 3, d0 * 6)"},
	{"(d0) -> ((d0 + 1) + 2, (d0 * 2) * 3)", "(d0) -> (d0 + 3, d0 * 6)"},
	{"(d0, d1) -> ((d0 + 2) + d1)", "(d0, d1) -> (d0 + d1 + 2)"},
	{"(d0) -> (d0 floordiv 1, d0 ceildiv 1, d0 mod 1)", "(d0) -> (d0, d0, 0)"},
	{"(d0) -> ((d0 * 4) floordiv 2, (d0 * 4) ceildiv 4, (d0 * 4) mod 2, (d0 * 6) floordiv 4)",
	 "(d0) -> (d0 * 2, d0, 0, (d0 * 6) floordiv 4)"},
	{"(d0) -> ((d0 floordiv 2) floordiv 3)", "(d0) -> ((d0 floordiv 2) floordiv 3)"},
	{"(d0) -> (d0 mod 4, d0 * 2, (d0 + 1) floordiv 2)", "(d0) -> (d0 mod 4, d0 * 2, (d0 + 1) floordiv 2)"},
	{"(d0) -> ((d0 mod 8) mod 4, (d0 mod 4) mod 8)", "(d0) -> (d0 mod 4, (d0 mod 4) mod 8)"},
	{"(d0) -> ((d0 * 4 + 3) floordiv 4)", "(d0) -> (d0)"},
	{"(d0)[s0] -> ((d0 * 4 + s0 * 8) floordiv 4, (d0 * 4 + s0 * 8) mod 4)", "(d0)[s0] -> (d0 + s0 * 2, 0)"},
	{"(d0)[s0] -> ((d0 * 4 + s0 * 3) mod 4, (d0 * 4 + s0 * 3) ceildiv 4)",
	 "(d0)[s0] -> ((s0 * 3) mod 4, (d0 * 4 + s0 * 3) ceildiv 4)"},
	{"(d0) -> (d0 * 2 + d0 * 3, d0 + d0, d0 - d0)", "(d0) -> (d0 * 5, d0 * 2, 0)"},
	{"(d0) -> (d0 - (d0 floordiv 4) * 4)", "(d0) -> (d0 mod 4)"},
	{"(d0)[s0] -> (d0 - (d0 floordiv s0) * s0)", "(d0)[s0] -> (d0 mod s0)"},
	{"(d0, d1) -> (-d0, -(d0 + d1), d0 - d1 * 3, (d0 * -1) floordiv 2, -(d0 floordiv 2), d0 * -3)",
	 "(d0, d1) -> (-d0, -(d0 + d1), d0 - d1 * 3, (-d0) floordiv 2, -(d0 floordiv 2), d0 * -3)"},
	{"(d0, d1) -> (d0 + (d1 + 2), d0 - (d1 - 3), 3 - d0, -3 - d0)",
	 "(d0, d1) -> (d0 + d1 + 2, d0 - (d1 - 3), -d0 + 3, -d0 - 3)"},
	{"(d0) -> (7 floordiv -2, -7 mod 3, -7 floordiv 2, -7 ceildiv 2, 7 ceildiv 2, 7 mod -2)",
	 "(d0) -> (7 floordiv -2, 2, -4, -3, 4, 7 mod -2)"},
	{"(d0) -> (d0 floordiv 0, d0 mod -2)", "(d0) -> (d0 floordiv 0, d0 mod -2)"},
	{"(d0)[s0, s1] -> (s0 * s1, s1 * s0 * d0, d0 mod s0, d0 ceildiv s1, (d0 + s0) mod s0)",
	 "(d0)[s0, s1] -> (s0 * s1, d0 * (s1 * s0), d0 mod s0, d0 ceildiv s1, (d0 + s0) mod s0)"},
	{"(d0)[s0] -> ((d0 * 2) * s0, s0 * d0, 2 + s0 + d0, s0 + d0 * 2)",
	 "(d0)[s0] -> ((d0 * s0) * 2, d0 * s0, d0 + s0 + 2, d0 * 2 + s0)"},
	{"(d0, d1) -> (d1 * 3 + d0)", "(d0, d1) -> (d1 * 3 + d0)"},
	{"(d0) -> (0x10 + d0)", "(d0) -> (d0 + 16)"},
	{"(d0) -> (9223372036854775807)", "(d0) -> (9223372036854775807)"},
	{"(d0) -> (d0 - 9223372036854775808)", "(d0) -> (d0 - 9223372036854775808)"},
	{"(d0, d1, d2) -> (d0 - (d1 + d2), d0 - d1 - d2, d0 + d1 * -2 - d2 * -3)",
	 "(d0, d1, d2) -> (d0 - (d1 + d2), d0 - d1 - d2, d0 - d1 * 2 + d2 * 3)"},
	{"(d0, d1) -> ((d0 + d1) * 2, (d0 - d1) * -1, ((d0 - d1) * -1) * 3)",
	 "(d0, d1) -> ((d0 + d1) * 2, -(d0 - d1), (d0 - d1) * -3)"},
	{"(d0, d1) -> ((d0 + d1) floordiv 3 mod 5, d0 mod 3 * 7)",
	 "(d0, d1) -> (((d0 + d1) floordiv 3) mod 5, (d0 mod 3) * 7)"},
	{"(d0)[s0] -> (d0 floordiv s0 * s0, (d0 + s0) ceildiv (s0 * 2))",
	 "(d0)[s0] -> ((d0 floordiv s0) * s0, (d0 + s0) ceildiv (s0 * 2))"},
	{"(d0, d1, d2, d3) -> (d3, d2, d1, d0)", "(d0, d1, d2, d3) -> (d3, d2, d1, d0)"},
	{"(d0) -> (- - d0, -(-(d0)), --3)", "(d0) -> (d0, d0, 3)"},
	{"(d0)[s0] -> ((s0 + 3) * d0, d0 * (s0 - 1))", "(d0)[s0] -> (d0 * (s0 + 3), d0 * (s0 - 1))"},
	{"(d0, d1) -> (d0 * 3 - d0 * 3, d0 * 2 - d1 * 2 + d1 * 2)", "(d0, d1) -> (0, d0 * 2 - d1 * 2 + d1 * 2)"},
	{"(d0) -> (d0 // comment\n + 1)", "(d0) -> (d0 + 1)"},
};

static const struct {
	const char *in, *out;
} set_cases[] = {
	{"(d0)[s0] : (d0 - s0 >= 0, d0 == 0)", "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)"},
	{"(d0) : ()", "(d0) : (0 == 0)"},
	{"(d0) : (1 == 0)", "(d0) : (1 == 0)"},
	{"(d0, d1) : (d1 - d0 >= 0, d0 - 5 >= 0, d1 - d0 * 2 == 0)",
	 "(d0, d1) : (d1 - d0 >= 0, d0 - 5 >= 0, d1 - d0 * 2 == 0)"},
	{"(i, j)[N] : (i >= 0, N - i - 1 >= 0, i - j >= 0, i - j * 2 == 0)",
	 "(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 - d1 >= 0, d0 - d1 * 2 == 0)"},
	{"(d0) : (d0 mod 2 == 0, (d0 + 1) floordiv 2 - 3 >= 0)", "(d0) : (d0 mod 2 == 0, (d0 + 1) floordiv 2 - 3 >= 0)"},
	{"(d0)[s0] : (-d0 + s0 >= 0, s0 * 2 - d0 * 3 == 0, 0 >= 0)",
	 "(d0)[s0] : (-d0 + s0 >= 0, d0 * -3 + s0 * 2 == 0, 0 >= 0)"},
};

/* Current MLIR also reads `a >= b`, `a <= b` and `a == b` (MLIR 14 only
 * `e >= 0` / `e == 0`), normalised to `a - b >= 0`, `b - a >= 0`, `a - b == 0`. */
static const struct {
	const char *in, *out;
} set_cases_general[] = {
	{"(i, j)[N] : (i >= 0, N - i - 1 >= 0, j <= i, i == j * 2)",
	 "(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 - d1 >= 0, d0 - d1 * 2 == 0)"},
	{"(d0) : (d0 mod 2 == 0, (d0 + 1) floordiv 2 >= 3)", "(d0) : (d0 mod 2 == 0, (d0 + 1) floordiv 2 - 3 >= 0)"},
	{"(d0)[s0] : (s0 >= d0, d0 <= 7, d0 * 3 == s0 * 2)", "(d0)[s0] : (-d0 + s0 >= 0, -d0 + 7 >= 0, d0 * 3 - s0 * 2 == 0)"},
};

static void test_canonical_prints(st_context *ctx) {
	for (size_t i = 0; i < sizeof map_cases / sizeof *map_cases; i++) {
		const st_affine_map *m = pmap(ctx, map_cases[i].in);
		CHECK_STR(map_cases[i].in, map_str(m), map_cases[i].out);
		/* The print parses back to the same map (prints are fixed points). */
		if (m) {
			char again[4096];
			snprintf(again, sizeof again, "%s", map_str(m));
			const st_affine_map *m2 = pmap(ctx, again);
			CHECK_STR(again, map_str(m2), again);
		}
	}
	for (size_t i = 0; i < sizeof set_cases / sizeof *set_cases; i++) {
		const st_integer_set *s = pset(ctx, set_cases[i].in);
		CHECK_STR(set_cases[i].in, set_str(s), set_cases[i].out);
		if (s) {
			char again[4096];
			snprintf(again, sizeof again, "%s", set_str(s));
			CHECK(pset(ctx, again) == s);
		}
	}
	for (size_t i = 0; i < sizeof set_cases_general / sizeof *set_cases_general; i++)
		CHECK_STR(set_cases_general[i].in, set_str(pset(ctx, set_cases_general[i].in)), set_cases_general[i].out);
}

/* ------------------------------------------------- construction & uniquing */

static void test_construction(st_context *ctx) {
	st_affine_expr *d0 = st_affine_dim(ctx, 0), *d1 = st_affine_dim(ctx, 1), *s0 = st_affine_symbol(ctx, 0);
	st_affine_expr *c2 = st_affine_const(ctx, 2);
	CHECK(d0 && d1 && s0 && c2);
	CHECK(st_affine_dim(ctx, 0) == d0);
	CHECK(st_affine_const(ctx, 2) == c2);
	CHECK((void *)st_affine_symbol(ctx, 0) != (void *)d0);
	CHECK(st_affine_const(ctx, 0) != st_affine_const(ctx, 1));
	CHECK(st_affine_add(ctx, d0, d1) == st_affine_add(ctx, d0, d1));
	CHECK(st_affine_add(ctx, d0, d1) != st_affine_add(ctx, d1, d0));
	CHECK(st_affine_expr_kind(d0) == ST_AFFINE_DIM && st_affine_expr_position(d1) == 1);
	CHECK(st_affine_expr_kind(s0) == ST_AFFINE_SYMBOL && st_affine_expr_position(s0) == 0);
	CHECK(st_affine_expr_kind(c2) == ST_AFFINE_CONST && st_affine_expr_value(c2) == 2);

	/* The simplifications, one by one. */
	CHECK(st_affine_add(ctx, d0, st_affine_const(ctx, 0)) == d0);
	CHECK(st_affine_mul(ctx, d0, st_affine_const(ctx, 1)) == d0);
	CHECK(st_affine_mul(ctx, d0, st_affine_const(ctx, 0)) == st_affine_const(ctx, 0));
	CHECK(st_affine_add(ctx, c2, d0) == st_affine_add(ctx, d0, c2));
	CHECK(st_affine_expr_rhs(st_affine_add(ctx, c2, d0)) == c2);
	CHECK(st_affine_mul(ctx, c2, d0) == st_affine_mul(ctx, d0, c2));
	CHECK(st_affine_add(ctx, s0, d0) == st_affine_add(ctx, d0, s0));
	CHECK(st_affine_expr_lhs(st_affine_add(ctx, s0, d0)) == d0);
	CHECK(st_affine_add(ctx, st_affine_add(ctx, d0, c2), st_affine_const(ctx, 3)) ==
	      st_affine_add(ctx, d0, st_affine_const(ctx, 5)));
	CHECK(st_affine_mul(ctx, st_affine_mul(ctx, d0, c2), st_affine_const(ctx, 3)) ==
	      st_affine_mul(ctx, d0, st_affine_const(ctx, 6)));
	CHECK(st_affine_floordiv(ctx, d0, st_affine_const(ctx, 1)) == d0);
	CHECK(st_affine_mod(ctx, d0, st_affine_const(ctx, 1)) == st_affine_const(ctx, 0));
	CHECK(st_affine_floordiv(ctx, st_affine_mul(ctx, d0, st_affine_const(ctx, 6)), st_affine_const(ctx, 3)) ==
	      st_affine_mul(ctx, d0, c2));
	CHECK(st_affine_mod(ctx, st_affine_mul(ctx, d0, st_affine_const(ctx, 6)), st_affine_const(ctx, 3)) ==
	      st_affine_const(ctx, 0));
	CHECK(st_affine_ceildiv(ctx, st_affine_mul(ctx, d0, st_affine_const(ctx, 6)), st_affine_const(ctx, 6)) == d0);
	CHECK_STR("sub", expr_str(st_affine_sub(ctx, d0, s0)), "d0 - s0");
	CHECK_STR("neg", expr_str(st_affine_neg(ctx, d0)), "-d0");
	CHECK_STR("neg const", expr_str(st_affine_neg(ctx, c2)), "-2");

	/* Constant folding with floor semantics. */
	st_affine_expr *m7 = st_affine_const(ctx, -7), *p7 = st_affine_const(ctx, 7);
	st_affine_expr *c3 = st_affine_const(ctx, 3);
	CHECK(st_affine_expr_value(st_affine_floordiv(ctx, m7, c2)) == -4);
	CHECK(st_affine_expr_value(st_affine_ceildiv(ctx, m7, c2)) == -3);
	CHECK(st_affine_expr_value(st_affine_floordiv(ctx, p7, c2)) == 3);
	CHECK(st_affine_expr_value(st_affine_ceildiv(ctx, p7, c2)) == 4);
	CHECK(st_affine_expr_value(st_affine_mod(ctx, m7, c3)) == 2);
	CHECK(st_affine_expr_value(st_affine_mod(ctx, p7, c3)) == 1);
	CHECK(st_affine_expr_value(st_affine_add(ctx, m7, c3)) == -4);
	CHECK(st_affine_expr_value(st_affine_mul(ctx, m7, c3)) == -21);

	/* Non-affine forms are refused; semi-affine ones are kept. */
	CHECK(st_affine_mul(ctx, d0, d1) == NULL);
	CHECK(st_affine_mul(ctx, st_affine_add(ctx, d0, c2), d1) == NULL);
	CHECK(st_affine_floordiv(ctx, d0, d1) == NULL);
	CHECK(st_affine_ceildiv(ctx, d0, d1) == NULL);
	CHECK(st_affine_mod(ctx, s0, d1) == NULL);
	CHECK(st_affine_add(ctx, NULL, d0) == NULL);
	CHECK(st_affine_mul(ctx, d0, s0) != NULL && st_affine_mul(ctx, s0, d0) == st_affine_mul(ctx, d0, s0));
	CHECK(st_affine_floordiv(ctx, d0, s0) != NULL);
	CHECK(st_affine_expr_is_pure_affine(st_affine_mul(ctx, d0, c2)));
	CHECK(!st_affine_expr_is_pure_affine(st_affine_mul(ctx, d0, s0)));
	CHECK(!st_affine_expr_is_pure_affine(st_affine_mod(ctx, d0, s0)));
	CHECK(st_affine_expr_is_symbolic_or_constant(st_affine_mul(ctx, s0, c2)));
	CHECK(!st_affine_expr_is_symbolic_or_constant(st_affine_add(ctx, s0, d0)));
	CHECK(st_affine_binary(ctx, ST_AFFINE_CONST, d0, d1) == NULL);
	CHECK(st_affine_binary(ctx, ST_AFFINE_MOD, d0, c3) == st_affine_mod(ctx, d0, c3));

	/* Maps and sets are uniqued too. */
	st_affine_expr *res[2] = {st_affine_add(ctx, d0, s0), d1};
	const st_affine_map *m = st_affine_map_get(ctx, 2, 1, 2, res);
	CHECK(m && m == st_affine_map_get(ctx, 2, 1, 2, res));
	CHECK(m != st_affine_map_get(ctx, 3, 1, 2, res));
	CHECK(m != st_affine_map_get(ctx, 2, 1, 1, res));
	CHECK(m == pmap(ctx, "(a, b)[c] -> (a + c, b)"));
	CHECK(st_affine_map_num_dims(m) == 2 && st_affine_map_num_symbols(m) == 1 && st_affine_map_num_results(m) == 2);
	CHECK(st_affine_map_result(m, 1) == d1 && st_affine_map_result(m, 2) == NULL);
	CHECK(st_affine_map_get(ctx, 1, 1, 2, res) == NULL);   /* d1 out of range */
	CHECK(st_affine_map_get(ctx, 2, 0, 2, res) == NULL);   /* s0 out of range */
	CHECK_STR("identity", map_str(st_affine_map_identity(ctx, 3)), "(d0, d1, d2) -> (d0, d1, d2)");
	CHECK_STR("identity0", map_str(st_affine_map_identity(ctx, 0)), "() -> ()");
	CHECK_STR("constant", map_str(st_affine_map_constant(ctx, -5)), "() -> (-5)");
	CHECK(st_affine_map_is_identity(st_affine_map_identity(ctx, 3)));
	CHECK(st_affine_map_is_identity(pmap(ctx, "(a, b)[s] -> (a, b)")));
	CHECK(!st_affine_map_is_identity(pmap(ctx, "(a, b) -> (b, a)")));
	CHECK(!st_affine_map_is_identity(pmap(ctx, "(a, b) -> (a)")));
	CHECK(st_affine_map_identity(ctx, 40) != NULL && st_affine_map_is_identity(st_affine_map_identity(ctx, 40)));

	st_affine_expr *cons[2] = {st_affine_sub(ctx, d0, s0), d0};
	bool eq[2] = {false, true};
	const st_integer_set *s = st_integer_set_get(ctx, 1, 1, 2, cons, eq);
	CHECK(s && s == st_integer_set_get(ctx, 1, 1, 2, cons, eq));
	bool eq2[2] = {true, true};
	CHECK(s != st_integer_set_get(ctx, 1, 1, 2, cons, eq2));
	CHECK(s == pset(ctx, "(x)[y] : (x >= y, x == 0)"));
	CHECK(st_integer_set_num_dims(s) == 1 && st_integer_set_num_symbols(s) == 1);
	CHECK(st_integer_set_num_constraints(s) == 2 && st_integer_set_constraint(s, 1) == d0);
	CHECK(!st_integer_set_is_eq(s, 0) && st_integer_set_is_eq(s, 1));
	CHECK(st_integer_set_get(ctx, 1, 0, 0, NULL, NULL) == pset(ctx, "(d0) : (0 == 0)"));
	CHECK(st_integer_set_get(ctx, 1, 0, 1, &d0, NULL) == pset(ctx, "(d0) : (d0 >= 0)"));
	/* A set is not a map even with the same header fields. */
	CHECK((const void *)st_affine_map_get(ctx, 1, 1, 0, NULL) != (const void *)st_integer_set_get(ctx, 1, 1, 0, NULL, NULL));
}

/* ------------------------------------------------------------ evaluation */

static void test_eval(st_context *ctx) {
	const st_affine_map *m = pmap(ctx, "(d0, d1)[s0] -> ((d0 * 3 + s0) floordiv 4, d1 ceildiv 3, d0 mod 5, "
	                                   "d0 - d1 * 2 + s0, (d0 + d1) floordiv s0)");
	int64_t out[5];
	int64_t dims[2] = {-7, 8}, syms[1] = {2};
	CHECK(m && st_affine_map_eval(m, dims, syms, out));
	CHECK(out[0] == -5); /* (-21 + 2) floordiv 4 = floor(-19 / 4) */
	CHECK(out[1] == 3);
	CHECK(out[2] == 3);  /* -7 mod 5 */
	CHECK(out[3] == -21);
	CHECK(out[4] == 0);  /* 1 floordiv 2 */
	dims[1] = -8;
	CHECK(st_affine_map_eval(m, dims, syms, out) && out[1] == -2 && out[4] == -8);
	syms[0] = 0; /* (d0 + d1) floordiv s0: division by zero */
	CHECK(!st_affine_map_eval(m, dims, syms, out));
	syms[0] = -3; /* by a negative symbol: refused as well */
	CHECK(!st_affine_map_eval(m, dims, syms, out));

	int64_t v;
	st_affine_expr *big = st_affine_mul(ctx, st_affine_dim(ctx, 0), st_affine_const(ctx, 1 << 30));
	int64_t d[1] = {(int64_t)1 << 40};
	CHECK(!st_affine_expr_eval(big, d, NULL, &v)); /* overflow */
	d[0] = 3;
	CHECK(st_affine_expr_eval(big, d, NULL, &v) && v == 3 * ((int64_t)1 << 30));
	CHECK(!st_affine_expr_eval(st_affine_dim(ctx, 0), NULL, NULL, &v));
	st_affine_expr *div0 = st_affine_floordiv(ctx, st_affine_dim(ctx, 0), st_affine_const(ctx, 0));
	CHECK(div0 && st_affine_expr_kind(div0) == ST_AFFINE_FLOORDIV && !st_affine_expr_eval(div0, d, NULL, &v));

	const st_integer_set *s = pset(ctx, "(i, j)[N] : (i >= 0, N - 1 - i >= 0, j <= i, (i + j) mod 2 == 0)");
	int64_t n[1] = {10};
	int64_t pt[2] = {4, 2};
	CHECK(s && st_integer_set_contains(s, pt, n));
	pt[1] = 3;
	CHECK(!st_integer_set_contains(s, pt, n)); /* parity */
	pt[0] = 10;
	pt[1] = 0;
	CHECK(!st_integer_set_contains(s, pt, n)); /* i < N */
	pt[0] = 0;
	CHECK(st_integer_set_contains(s, pt, n));
	pt[0] = -2;
	pt[1] = -2;
	CHECK(!st_integer_set_contains(s, pt, n));
	CHECK(!st_integer_set_contains(pset(ctx, "(d0) : (1 == 0)"), pt, NULL));
	CHECK(st_integer_set_contains(pset(ctx, "(d0) : ()"), pt, NULL));
}

/* --------------------------------------------------- replace and compose */

static void test_compose(st_context *ctx) {
	st_affine_expr *d0 = st_affine_dim(ctx, 0), *d1 = st_affine_dim(ctx, 1), *s0 = st_affine_symbol(ctx, 0);
	st_affine_expr *e = st_affine_add(ctx, st_affine_mul(ctx, d0, st_affine_const(ctx, 2)), d1);
	st_affine_expr *swap[2] = {d1, d0};
	CHECK_STR("replace", expr_str(st_affine_expr_replace(ctx, e, swap, NULL)), "d1 * 2 + d0");
	st_affine_expr *consts[2] = {st_affine_const(ctx, 3), st_affine_const(ctx, 4)};
	CHECK(st_affine_expr_replace(ctx, e, consts, NULL) == st_affine_const(ctx, 10));
	CHECK(st_affine_expr_replace(ctx, e, NULL, NULL) == e);
	st_affine_expr *semi = st_affine_mul(ctx, d0, s0);
	st_affine_expr *to_dim[1] = {d1};
	CHECK(st_affine_expr_replace(ctx, semi, NULL, to_dim) == NULL); /* d0 * d1 */

	/* The example of MLIR's AffineMap::compose documentation. */
	const st_affine_map *m1 = pmap(ctx, "(d0, d1)[s0, s1] -> (d0 + 1 + s1, d1 - 1 - s0)");
	const st_affine_map *m2 = pmap(ctx, "(d0)[s0] -> (d0 + s0, d0 - s0)");
	CHECK_STR("compose", map_str(st_affine_map_compose(ctx, m1, m2)),
	          "(d0)[s0, s1, s2] -> (d0 + s2 + s1 + 1, d0 - s2 - s0 - 1)");
	const st_affine_map *id2 = st_affine_map_identity(ctx, 2);
	CHECK(st_affine_map_compose(ctx, m1, id2) == m1);
	const st_affine_map *tile = pmap(ctx, "(d0, d1) -> (d0 * 32 + d1)");
	const st_affine_map *split = pmap(ctx, "(d0) -> (d0 floordiv 32, d0 mod 32)");
	CHECK_STR("compose2", map_str(st_affine_map_compose(ctx, tile, split)),
	          "(d0) -> ((d0 floordiv 32) * 32 + d0 mod 32)");
	CHECK_STR("compose3", map_str(st_affine_map_compose(ctx, split, tile)),
	          "(d0, d1) -> (d0 + d1 floordiv 32, d1 mod 32)");
	CHECK(st_affine_map_compose(ctx, m1, m2 == NULL ? NULL : tile) == NULL); /* 2 dims vs 1 result */
	CHECK(st_affine_map_compose(ctx, st_affine_map_constant(ctx, 7), pmap(ctx, "(d0, d1) -> ()")) ==
	      pmap(ctx, "(d0, d1) -> (7)"));
}

/* ------------------------------------------------------------- parsing */

static const struct {
	const char *text;
	size_t off;
	const char *msg;
} map_errors[] = {
	{"", 0, "expected '(' in dimensional identifier list"},
	{"(d0 -> (d0)", 4, "expected ')' in dimensional identifier list"},
	{"(d0, d0) -> (d0)", 5, "redefinition of identifier 'd0'"},
	{"(d0) -> (d1)", 9, "use of undeclared identifier"},
	{"(d0) -> (d0 * d0)", 12, "non-affine expression: at least one of the multiply operands has to be either a "
	                          "constant or symbolic"},
	{"(d0) -> (d0 floordiv d0)", 12, "non-affine expression: right operand of floordiv has to be either a constant "
	                                 "or symbolic"},
	{"(d0) -> (d0 ceildiv d0)", 12, "non-affine expression: right operand of ceildiv has to be either a constant "
	                                "or symbolic"},
	{"(d0)[s0] -> (s0 mod (d0 + 1))", 16, "non-affine expression: right operand of mod has to be either a constant "
	                                      "or symbolic"},
	{"(d0) -> (d0 * 2 * d0)", 16, "non-affine expression: at least one of the multiply operands has to be either a "
	                              "constant or symbolic"},
	{"(d0) -> (d0 +)", 13, "missing right operand of binary operator"},
	{"(d0) -> (+ d0)", 9, "missing left operand of binary operator"},
	{"(d0) -> (* d0)", 9, "missing left operand of binary operator"},
	{"(d0) -> (d0 * )", 14, "missing right operand of binary operator"},
	{"(d0) -> (d0 + floordiv)", 14, "missing right operand of binary operator"},
	{"(d0) -> (())", 10, "no expression inside parentheses"},
	{"(d0) -> ((d0)", 13, "expected ')' in affine map range"},
	{"(d0) -> ((d0 + 1, d0)", 16, "expected ')'"},
	{"(d0) -> (d0", 11, "expected ')' in affine map range"},
	{"(d0) -> (d0 d0)", 12, "expected ')' in affine map range"},
	{"(d0) -> d0", 8, "expected '(' in affine map range"},
	{"(d0)[s0 -> (d0)", 8, "expected ']' in symbol list"},
	{"(d0)[s0] (d0)", 9, "expected '->' or ':'"},
	{"(d0) -> (-)", 10, "expected affine expression"},
	{"(d0) -> (99999999999999999999)", 9, "constant too large for index"},
	{"(d0) -> (9223372036854775809)", 9, "constant too large for index"},
	{"(1) -> (d0)", 1, "expected bare identifier"},
	{"(d0) -> (d0) x", 13, "encountered unexpected token"},
	{"(d0) -> (d0 @ 1)", 12, "unexpected character"},
	{"(d0) -> (%x)", 9, "unexpected ssa identifier"},
	{"(d0) : (d0 >= 0)", 0, "expected AffineMap, but got IntegerSet"},
};

static const struct {
	const char *text;
	size_t off;
	const char *msg;
} set_errors[] = {
	{"(d0) : (d0)", 10, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"},
	{"(d0) : (d0 > 0)", 13, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"},
	{"(d0) : (d0 >= 0", 15, "expected ')' in integer set constraint list"},
	{"(d0) : (d0 >= d1)", 14, "use of undeclared identifier"},
	{"(d0) : d0 >= 0", 7, "expected '(' in integer set constraint list"},
	{"(d0) -> (d0)", 0, "expected IntegerSet, but got AffineMap"},
};

static void test_parse_errors(st_context *ctx) {
	for (size_t i = 0; i < sizeof map_errors / sizeof *map_errors; i++) {
		const st_affine_map *m = (const st_affine_map *)1;
		size_t off = 12345;
		char err[256] = "";
		st_status st = st_affine_map_parse(ctx, st_str_c(map_errors[i].text), &m, &off, err, sizeof err);
		CHECK(st_failed(st) && m == NULL);
		CHECK_STR(map_errors[i].text, err, map_errors[i].msg);
		if (off != map_errors[i].off) {
			nfailed++;
			fprintf(stderr, "%s: error offset %zu, want %zu\n", map_errors[i].text, off, map_errors[i].off);
		} else {
			npassed++;
		}
	}
	for (size_t i = 0; i < sizeof set_errors / sizeof *set_errors; i++) {
		const st_integer_set *s = (const st_integer_set *)1;
		size_t off = 12345;
		char err[256] = "";
		st_status st = st_integer_set_parse(ctx, st_str_c(set_errors[i].text), &s, &off, err, sizeof err);
		CHECK(st_failed(st) && s == NULL);
		CHECK_STR(set_errors[i].text, err, set_errors[i].msg);
		if (off != set_errors[i].off) {
			nfailed++;
			fprintf(stderr, "%s: error offset %zu, want %zu\n", set_errors[i].text, off, set_errors[i].off);
		} else {
			npassed++;
		}
	}
	/* Optional error outputs, and a tiny buffer. */
	const st_affine_map *m;
	CHECK(st_failed(st_affine_map_parse(ctx, st_str_c("(d0) -> (d1)"), &m, NULL, NULL, 0)));
	char tiny[4];
	CHECK(st_failed(st_affine_map_parse(ctx, st_str_c("(d0) -> (d1)"), &m, NULL, tiny, sizeof tiny)));
	CHECK(strcmp(tiny, "use") == 0);

	/* Identifier names: any bare identifier, including keyword-like ones. */
	CHECK(pmap(ctx, "(i, j_1, k.2, x$)[N$] -> (i + j_1 + k.2 + N$)") != NULL);
	CHECK_STR("mod as a name", map_str(pmap(ctx, "(mod)[floordiv] -> (mod mod floordiv)")), "(d0)[s0] -> (d0 mod s0)");
	CHECK(pmap(ctx, "(d0)[] -> (d0)") == pmap(ctx, "(d0) -> (d0)"));
	CHECK(pmap(ctx, " \n( d0 )\t->\n( d0 )  ") == pmap(ctx, "(d0) -> (d0)"));
}

static void test_nesting_limits(st_context *ctx) {
	/* Deep parentheses and long chains fail cleanly instead of recursing
	 * without bound. */
	size_t depth = 100000;
	char *text = malloc(depth * 2 + 64);
	size_t n = 0;
	n += (size_t)sprintf(text + n, "(d0) -> (");
	for (size_t i = 0; i < depth; i++)
		text[n++] = '(';
	text[n++] = 'd';
	text[n++] = '0';
	for (size_t i = 0; i < depth; i++)
		text[n++] = ')';
	text[n++] = ')';
	text[n] = 0;
	const st_affine_map *m;
	char err[256];
	size_t off;
	CHECK(st_failed(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err)));
	CHECK_STR("deep parens", err, "affine expression is nested too deeply");
	n = (size_t)sprintf(text, "(d0) -> (");
	for (size_t i = 0; i < depth; i++)
		text[n++] = '-';
	text[n++] = 'd';
	text[n++] = '0';
	text[n++] = ')';
	text[n] = 0;
	CHECK(st_failed(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err)));
	free(text);

	/* A long sum: fine up to the depth bound, refused beyond. */
	size_t terms = 3000;
	text = malloc(terms * 16 + 64);
	n = (size_t)sprintf(text, "(d0)[s0] -> (d0");
	for (size_t i = 0; i < terms; i++)
		n += (size_t)sprintf(text + n, " + s0 * %zu", i % 2 ? i : 0);
	n += (size_t)sprintf(text + n, ")");
	CHECK(st_succeeded(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err)));
	free(text);
	text = malloc(terms * 2 * 8 + 64);
	n = (size_t)sprintf(text, "(d0, d1) -> (d0");
	for (size_t i = 0; i < terms * 2; i++)
		n += (size_t)sprintf(text + n, " + d0");
	n += (size_t)sprintf(text + n, ")");
	/* d0 + d0 + ... folds into d0 * k: shallow however long. */
	CHECK(st_succeeded(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err)));
	CHECK_STR("folded sum", map_str(m), "(d0, d1) -> (d0 * 6001)");
	free(text);
	terms = 5000;
	text = malloc(terms * 24 + 64);
	n = (size_t)sprintf(text, "(d0) -> (d0");
	for (size_t i = 0; i < terms; i++)
		n += (size_t)sprintf(text + n, " + d0 floordiv %zu", i + 2);
	n += (size_t)sprintf(text + n, ")");
	CHECK(st_failed(st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err)));
	CHECK_STR("long sum", err, "affine expression is nested too deeply");
	free(text);
}

/* Resolver for bare expressions: SSA names become dims (or symbols inside
 * symbol(...)) in order of first appearance, as MLIR's affine.load does. */
typedef struct ssa_names {
	st_context *ctx;
	char names[8][16];
	bool is_sym[8];
	unsigned n, ndims, nsyms;
} ssa_names;

static st_affine_expr *resolve_ssa(void *ud, st_str name, bool is_symbol, size_t off, char *errbuf, size_t errlen) {
	ssa_names *t = ud;
	(void)off;
	if (name.len == 0 || name.data[0] != '%') {
		snprintf(errbuf, errlen, "expected an SSA value");
		return NULL;
	}
	for (unsigned i = 0; i < t->n; i++)
		if (strlen(t->names[i]) == name.len && memcmp(t->names[i], name.data, name.len) == 0) {
			unsigned pos = 0;
			for (unsigned j = 0; j < i; j++)
				pos += t->is_sym[j] == t->is_sym[i];
			return t->is_sym[i] ? st_affine_symbol(t->ctx, pos) : st_affine_dim(t->ctx, pos);
		}
	if (t->n == 8 || name.len >= 16)
		return NULL;
	memcpy(t->names[t->n], name.data, name.len);
	t->names[t->n][name.len] = 0;
	t->is_sym[t->n++] = is_symbol;
	return is_symbol ? st_affine_symbol(t->ctx, t->nsyms++) : st_affine_dim(t->ctx, t->ndims++);
}

static void print_ssa_id(void *ud, bool is_symbol, unsigned pos, st_write_fn w, void *wud) {
	ssa_names *t = ud;
	unsigned k = 0;
	for (unsigned i = 0; i < t->n; i++)
		if (t->is_sym[i] == is_symbol && k++ == pos) {
			if (is_symbol)
				w(wud, "symbol(", 7);
			w(wud, t->names[i], strlen(t->names[i]));
			if (is_symbol)
				w(wud, ")", 1);
			return;
		}
}

static void test_bare_exprs(st_context *ctx) {
	ssa_names t;
	memset(&t, 0, sizeof t);
	t.ctx = ctx;
	const char *text = "  %i + symbol(%n) * 2 - %j floordiv 4, %i]";
	st_affine_expr *e = NULL;
	size_t used = 0, off;
	char err[256];
	CHECK(st_succeeded(st_affine_expr_parse(ctx, st_str_c(text), resolve_ssa, &t, &e, &used, &off, err, sizeof err)));
	CHECK(used == strlen("  %i + symbol(%n) * 2 - %j floordiv 4"));
	CHECK(t.ndims == 2 && t.nsyms == 1);
	CHECK_STR("bare", expr_str(e), "d0 + s0 * 2 - d1 floordiv 4");
	sbuf b = {.len = 0};
	st_affine_expr_print_ids(e, print_ssa_id, &t, sbuf_write, &b);
	CHECK_STR("print ids", b.data, "%i + symbol(%n) * 2 - %j floordiv 4");
	/* Continuing after the comma reuses the same names. */
	CHECK(st_succeeded(st_affine_expr_parse(ctx, st_str_c(text + used + 1), resolve_ssa, &t, &e, &used, &off, err,
	                                        sizeof err)));
	CHECK(e == st_affine_dim(ctx, 0) && used == 3);
	/* Resolver and parser errors. */
	CHECK(st_failed(st_affine_expr_parse(ctx, st_str_c("%i + k"), resolve_ssa, &t, &e, &used, &off, err, sizeof err)));
	CHECK(off == 5 && e == NULL);
	CHECK_STR("resolver message", err, "expected an SSA value");
	CHECK(st_failed(st_affine_expr_parse(ctx, st_str_c("%i * %j"), resolve_ssa, &t, &e, &used, &off, err, sizeof err)));
	CHECK(off == 3);
	CHECK(st_failed(st_affine_expr_parse(ctx, st_str_c("symbol %n"), resolve_ssa, &t, &e, &used, &off, err,
	                                     sizeof err)));
	CHECK_STR("symbol(", err, "expected '(' at start of SSA symbol");
	CHECK(st_failed(st_affine_expr_parse(ctx, st_str_c(""), resolve_ssa, &t, &e, &used, &off, err, sizeof err)));
	CHECK_STR("empty", err, "expected affine expression");
	CHECK(st_failed(st_affine_expr_parse(ctx, st_str_c("d0"), NULL, NULL, &e, &used, &off, err, sizeof err)));

	/* Prefix parsing: a map followed by the rest of an attribute. */
	const st_affine_map *m = NULL;
	CHECK(st_succeeded(st_affine_map_parse_prefix(ctx, st_str_c("(d0) -> (d0 + 1)> : i32"), &m, &used, &off, err,
	                                              sizeof err)));
	CHECK(used == strlen("(d0) -> (d0 + 1)") && m == pmap(ctx, "(d0) -> (d0 + 1)"));
	const st_integer_set *s = NULL;
	CHECK(st_succeeded(st_integer_set_parse_prefix(ctx, st_str_c("(d0) : (d0 >= 0)>"), &s, &used, &off, err,
	                                               sizeof err)));
	CHECK(used == strlen("(d0) : (d0 >= 0)") && s == pset(ctx, "(d0) : (d0 >= 0)"));
	/* A `>=` right after the map is not part of it. */
	CHECK(st_succeeded(st_affine_map_parse_prefix(ctx, st_str_c("(d0)->(d0)>>"), &m, &used, &off, err, sizeof err)));
	CHECK(used == strlen("(d0)->(d0)"));
}

/* ------------------------------------------------- allocation failures */

typedef struct failing_alloc {
	long budget; /* allocations left; < 0: unlimited */
	long count;
} failing_alloc;

static void *fail_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
	failing_alloc *f = ud;
	(void)osize;
	if (nsize == 0) {
		free(ptr);
		return NULL;
	}
	if (f->budget >= 0) {
		if (f->budget == 0)
			return NULL;
		f->budget--;
	}
	f->count++;
	return realloc(ptr, nsize);
}

static void discard(void *ud, const char *d, size_t n) {
	(void)ud;
	(void)d;
	(void)n;
}

static void test_alloc_failures(void) {
	/* Parse a sizeable map with every allocation after context creation
	 * failing in turn: it must fail cleanly (or succeed) every time. */
	static char text[8192];
	size_t n = (size_t)sprintf(text, "(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, "
	                                 "d17)[s0] -> (");
	for (int i = 0; i < 60; i++)
		n += (size_t)sprintf(text + n, "%sd%d * %d + s0 floordiv %d - %d", i ? ", " : "", i % 18, i + 2, i + 3, i);
	sprintf(text + n, ")");
	long worst = 0;
	for (long budget = 0;; budget++) {
		failing_alloc f = {-1, 0};
		st_context *ctx = st_context_create_with_alloc(fail_alloc, &f);
		if (!ctx) {
			CHECK(ctx != NULL);
			return;
		}
		st_context_set_diag_output(ctx, discard, NULL);
		f.budget = budget;
		f.count = 0;
		const st_affine_map *m = NULL;
		char err[256];
		size_t off;
		st_status st = st_affine_map_parse(ctx, st_str_c(text), &m, &off, err, sizeof err);
		bool ok = st_succeeded(st) ? m != NULL : m == NULL;
		if (!ok)
			CHECK(ok);
		st_context_destroy(ctx);
		if (st_succeeded(st)) {
			worst = budget;
			break;
		}
		if (budget > 100000)
			break;
	}
	CHECK(worst > 0);
	npassed++;
}

/* ------------------------------------------------------------ --canon */

static int canon_mode(void) {
	st_context *ctx = st_context_create();
	char line[65536];
	while (fgets(line, sizeof line, stdin)) {
		size_t len = strlen(line);
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		bool is_set = strncmp(line, "set ", 4) == 0;
		if (!is_set && strncmp(line, "map ", 4) != 0) {
			printf("bad input line\n");
			continue;
		}
		st_str text = st_str_c(line + 4);
		char err[256];
		size_t off = 0;
		if (is_set) {
			const st_integer_set *s;
			if (st_failed(st_integer_set_parse(ctx, text, &s, &off, err, sizeof err)))
				printf("error: %zu: %s\n", off, err);
			else
				printf("%s\n", set_str(s));
		} else {
			const st_affine_map *m;
			if (st_failed(st_affine_map_parse(ctx, text, &m, &off, err, sizeof err)))
				printf("error: %zu: %s\n", off, err);
			else
				printf("%s\n", map_str(m));
		}
	}
	st_context_destroy(ctx);
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "--canon") == 0)
		return canon_mode();
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "cannot create a context\n");
		return 1;
	}
	test_canonical_prints(ctx);
	test_construction(ctx);
	test_eval(ctx);
	test_compose(ctx);
	test_parse_errors(ctx);
	test_nesting_limits(ctx);
	test_bare_exprs(ctx);
	st_context_destroy(ctx);
	test_alloc_failures();
	printf("%d passed, %d failed\n", npassed, nfailed);
	return nfailed != 0;
}
