/* Unit tests of the isl bridge (include/strata/affine_isl.h): affine maps
 * and integer sets to isl and back; and of the analysis queries
 * (the same header) on parsed nests: regions, bounds, tile
 * boxes, footprints and reuse.  A conversion is checked by evaluation,
 * not by text alone: the original and the converted object must agree on
 * every point of a grid that crosses zero (floor semantics of negative
 * dividends), and the isl object is enumerated where it is a set.  Errors:
 * semi-affine input, values beyond 64 bits, unions and empty sets, and the
 * operation bound of the isl_ctx.  Every isl object is freed before its
 * isl_ctx, which ASan checks.
 */
#include "core_test.h"
#include "strata/affine_isl.h"
#include "strata/limit.h"

#include <isl/map.h>
#include <isl/space.h>
#include <isl/point.h>
#include <isl/val.h>

static const st_affine_map *map_of(st_context *ctx, const char *text) {
	const st_affine_map *m = NULL;
	if (st_failed(st_affine_map_parse(ctx, st_str_c(text), &m, NULL, NULL, 0)))
		return NULL;
	return m;
}

static const st_integer_set *set_of(st_context *ctx, const char *text) {
	const st_integer_set *s = NULL;
	if (st_failed(st_integer_set_parse(ctx, st_str_c(text), &s, NULL, NULL, 0)))
		return NULL;
	return s;
}

static char *isl_text(isl_ctx *ictx, isl_multi_aff *ma, isl_set *set) {
	(void)ictx;
	char *s = ma ? isl_multi_aff_to_str(ma) : isl_set_to_str(set);
	return s;
}

/* Evaluates an isl_multi_aff at an integer point. */
static bool isl_eval(isl_multi_aff *ma, const int64_t *dims, const int64_t *syms, int64_t *out) {
	isl_size nin = isl_multi_aff_dim(ma, isl_dim_in), np = isl_multi_aff_dim(ma, isl_dim_param);
	isl_size nout = isl_multi_aff_dim(ma, isl_dim_out);
	isl_ctx *ictx = isl_multi_aff_get_ctx(ma);
	isl_point *pt = isl_point_zero(isl_space_domain(isl_multi_aff_get_space(ma)));
	for (isl_size i = 0; i < nin; i++)
		pt = isl_point_set_coordinate_val(pt, isl_dim_set, (int)i, isl_val_int_from_si(ictx, dims[i]));
	for (isl_size i = 0; i < np; i++)
		pt = isl_point_set_coordinate_val(pt, isl_dim_param, (int)i, isl_val_int_from_si(ictx, syms[i]));
	bool ok = pt != NULL;
	for (isl_size i = 0; i < nout && ok; i++) {
		isl_val *v = isl_aff_eval(isl_multi_aff_get_aff(ma, (int)i), isl_point_copy(pt));
		ok = st_isl_val_to_i64(v, &out[i]);
		isl_val_free(v);
	}
	isl_point_free(pt);
	return ok;
}

/* The map, its isl form and the map converted back agree on a grid. */
static void check_map_roundtrip(st_context *ctx, isl_ctx *ictx, const char *text, const char *want_isl) {
	const st_affine_map *m = map_of(ctx, text);
	CHECK(m != NULL);
	if (!m)
		return;
	const char *why = NULL;
	isl_multi_aff *ma = st_isl_multi_aff_from_map(ictx, m, &why);
	CHECK(ma != NULL);
	if (!ma)
		return;
	char *s = isl_text(ictx, ma, NULL);
	CHECK_STR(text, s, want_isl);
	free(s);
	const st_affine_map *back = st_isl_multi_aff_to_map(ctx, ma);
	CHECK(back != NULL);
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	size_t nr = st_affine_map_num_results(m);
	CHECK(back && st_affine_map_num_dims(back) == nd && st_affine_map_num_symbols(back) == ns &&
	      st_affine_map_num_results(back) == nr);
	int64_t dims[3] = {0}, syms[2] = {0}, a[8], b[8], c[8];
	int mismatches = 0, points = 0;
	/* Odometer over [-7, 7] per dim and [-3, 3] per symbol. */
	int64_t lo[5], hi[5], cur[5];
	unsigned n = nd + ns;
	for (unsigned i = 0; i < n; i++) {
		lo[i] = i < nd ? -7 : -3;
		hi[i] = i < nd ? 7 : 3;
		cur[i] = lo[i];
	}
	for (;;) {
		for (unsigned i = 0; i < nd; i++)
			dims[i] = cur[i];
		for (unsigned i = 0; i < ns; i++)
			syms[i] = cur[nd + i];
		points++;
		bool ea = st_affine_map_eval(m, dims, syms, a);
		bool eb = back && st_affine_map_eval(back, dims, syms, b);
		bool ec = isl_eval(ma, dims, syms, c);
		if (!ea || !eb || !ec || memcmp(a, b, nr * sizeof *a) || memcmp(a, c, nr * sizeof *a))
			mismatches++;
		unsigned k = 0;
		while (k < n && ++cur[k] > hi[k])
			cur[k] = lo[k], k++;
		if (k == n)
			break;
	}
	CHECK(points >= 1);
	CHECK(mismatches == 0);
	if (mismatches)
		fprintf(stderr, "  %s: %d of %d points differ\n", text, mismatches, points);
	isl_multi_aff_free(ma);
}

static void test_maps(st_context *ctx, isl_ctx *ictx) {
	check_map_roundtrip(ctx, ictx, "(d0, d1)[s0] -> (d0 * 2 + s0 - 1, d1)",
	                    "[s0] -> { [d0, d1] -> [(-1 + s0 + 2d0), (d1)] }");
	check_map_roundtrip(ctx, ictx, "(d0, d1) -> (d0 floordiv 4, d1 mod 3, (d0 + d1) ceildiv 2)",
	                    "{ [d0, d1] -> [(floor((d0)/4)), ((d1) mod 3), (floor((1 + d0 + d1)/2))] }");
	check_map_roundtrip(ctx, ictx, "(d0)[s0] -> ((d0 floordiv 2 + s0) floordiv 3, -d0, 7)",
	                    "[s0] -> { [d0] -> [(floor((2s0 + d0)/6)), (-d0), (7)] }");
	check_map_roundtrip(ctx, ictx, "()[s0, s1] -> (s0 * 3 - s1 * 2)", "[s0, s1] -> { [] -> [(3s0 - 2s1)] }");
	check_map_roundtrip(ctx, ictx, "() -> (5)", "{ [] -> [(5)] }");
	check_map_roundtrip(ctx, ictx, "(d0, d1, d2) -> ((d0 * 4 + d2) mod 8, d1 * -3)",
	                    "{ [d0, d1, d2] -> [((4d0 + d2) mod 8), (-3d1)] }");
}

/* Semi-affine and degenerate expressions have no isl form, and say why. */
static void test_rejects(st_context *ctx, isl_ctx *ictx) {
	static const struct {
		const char *map, *why;
	} cases[] = {
		{"(d0)[s0] -> (d0 * s0)", "product of two non-constant values"},
		{"(d0)[s0] -> (d0 floordiv s0)", "division or modulo by a symbolic value"},
		{"(d0)[s0] -> (d0 mod s0)", "division or modulo by a symbolic value"},
		{"(d0) -> (d0 floordiv 0)", "constant < 1"},
		{"(d0) -> (d0 mod -2)", "constant < 1"},
		{"(d0) -> (d0, (d0 + 1) ceildiv -1)", "constant < 1"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const st_affine_map *m = map_of(ctx, cases[i].map);
		CHECK(m != NULL);
		if (!m)
			continue;
		const char *why = NULL;
		isl_multi_aff *ma = st_isl_multi_aff_from_map(ictx, m, &why);
		CHECK(ma == NULL);
		CHECK_CONTAINS(cases[i].map, why, cases[i].why);
		isl_multi_aff_free(ma);
	}
	/* A coefficient beyond 64 bits cannot come back. */
	isl_aff *big = isl_aff_read_from_str(ictx, "{ [i] -> [(1180591620717411303424 i)] }");
	CHECK(big != NULL);
	CHECK(st_isl_aff_to_expr(ctx, big) == NULL);
	isl_aff_free(big);
	/* Nor can a rational value. */
	isl_aff *half = isl_aff_read_from_str(ictx, "{ [i] -> [(i/2)] }");
	CHECK(st_isl_aff_to_expr(ctx, half) == NULL);
	isl_aff_free(half);
}

/* Membership in the Strata set, its isl form and the set converted back
 * agree on a grid. */
static void check_set_roundtrip(st_context *ctx, isl_ctx *ictx, const char *text, const char *want_isl,
                                int want_points) {
	const st_integer_set *s = set_of(ctx, text);
	CHECK(s != NULL);
	if (!s)
		return;
	const char *why = NULL;
	isl_set *is = st_isl_set_from_integer_set(ictx, s, &why);
	CHECK(is != NULL);
	if (!is)
		return;
	char *str = isl_text(ictx, NULL, is);
	CHECK_STR(text, str, want_isl);
	free(str);
	const st_integer_set *back = st_isl_set_to_integer_set(ctx, is);
	CHECK(back != NULL);
	unsigned nd = st_integer_set_num_dims(s), ns = st_integer_set_num_symbols(s);
	CHECK(nd <= 2 && ns <= 1);
	int mismatches = 0, inside = 0;
	for (int64_t x = -9; x <= 9; x++)
		for (int64_t y = nd > 1 ? -9 : 0; y <= (nd > 1 ? 9 : 0); y++)
			for (int64_t p = ns ? -2 : 0; p <= (ns ? 4 : 0); p++) {
				int64_t dims[2] = {x, y}, syms[1] = {p};
				bool a = st_integer_set_contains(s, dims, syms);
				bool b = back && st_integer_set_contains(back, dims, syms);
				isl_set *pt = isl_set_copy(is);
				pt = isl_set_fix_si(pt, isl_dim_set, 0, (int)x);
				if (nd > 1)
					pt = isl_set_fix_si(pt, isl_dim_set, 1, (int)y);
				if (ns)
					pt = isl_set_fix_si(pt, isl_dim_param, 0, (int)p);
				bool c = isl_set_is_empty(pt) == isl_bool_false;
				isl_set_free(pt);
				inside += a;
				if (a != b || a != c)
					mismatches++;
			}
	CHECK(inside == want_points);
	CHECK(mismatches == 0);
	if (mismatches || inside != want_points)
		fprintf(stderr, "  %s: %d inside, %d mismatches\n", text, inside, mismatches);
	isl_set_free(is);
}

static void test_sets(st_context *ctx, isl_ctx *ictx) {
	/* 0 <= d0 < s0 and d1 == 2 * d0: for s0 = 1..4 that is 1+2+3+4 points
	 * with d1 <= 9, minus d0 = 5.. (none: s0 <= 4). */
	check_set_roundtrip(ctx, ictx, "(d0, d1)[s0] : (d0 >= 0, s0 - 1 - d0 >= 0, d1 - d0 * 2 == 0)",
	                    "[s0] -> { [d0, d1 = 2d0] : 0 <= d0 < s0 }", 10);
	/* Even d0 in [-9, 9] with 3 <= d0 + d1 <= 4: two values of d1 for
	 * each of d0 = -4 ... 8, one for d0 = -6 (d1 = 9), none for d0 = -8. */
	check_set_roundtrip(ctx, ictx, "(d0, d1) : (d0 mod 2 == 0, d0 + d1 - 3 >= 0, 4 - d0 - d1 >= 0)",
	                    "{ [d0, d1] : (d0) mod 2 = 0 and 3 - d0 <= d1 <= 4 - d0 }", 15);
	/* The universe, as MLIR's parser stores `()`. */
	check_set_roundtrip(ctx, ictx, "(d0) : (0 == 0)", "{ [d0] }", 19);

	/* A union has no integer-set form; neither has the empty set. */
	isl_set *u = isl_set_read_from_str(ictx, "{ [d0] : d0 < 0 or d0 > 5 }");
	CHECK(st_isl_set_to_integer_set(ctx, u) == NULL);
	isl_set_free(u);
	isl_set *e = isl_set_read_from_str(ictx, "{ [d0] : d0 < 0 and d0 > 5 }");
	CHECK(st_isl_set_to_integer_set(ctx, e) == NULL);
	isl_set_free(e);
	/* A semi-affine constraint is refused. */
	const char *why = NULL;
	isl_set *bad = st_isl_set_from_integer_set(ictx, set_of(ctx, "(d0)[s0] : (d0 * s0 >= 0)"), &why);
	CHECK(bad == NULL);
	CHECK_CONTAINS("semi-affine set", why, "product of two non-constant values");
	isl_set_free(bad);
}

/* A bounded isl_ctx fails a computation past its bound, and says so; the
 * bound is the context's isl-operations limit. */
static void test_quota(void) {
	st_context *ctx = st_context_create();
	CHECK(ctx && st_succeeded(st_context_register_limit(ctx, &st_isl_operations_limit)));
	CHECK(st_succeeded(st_context_set_limit(ctx, st_str_c("isl-operations"), 1)));
	isl_ctx *ictx = st_isl_ctx_create(ctx);
	CHECK(ictx != NULL);
	CHECK(isl_ctx_get_max_operations(ictx) == 1);
	isl_set *s = isl_set_read_from_str(ictx, "{ [i, j] : 0 <= i < 100 and 0 <= j < i and (i + j) mod 7 = 3 }");
	isl_set *h = isl_set_coalesce(isl_set_lexmin(s));
	CHECK(h == NULL);
	CHECK(st_isl_ctx_exhausted(ictx));
	isl_set_free(h);
	isl_ctx_free(ictx);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------- analysis */

/* A row-tiled nest: %ii steps by 16, %i runs over one tile, %j reads two
 * neighbouring columns of A and writes B[i] on every iteration. */
static const char *const tiled =
	"func.func @f(%A: memref<64x64xf32>, %B: memref<64xf32>) {\n"
	"  affine.for %ii = 0 to 64 step 16 {\n"
	"    affine.for %i = affine_map<(d0) -> (d0)>(%ii) to affine_map<(d0) -> (d0 + 16)>(%ii) {\n"
	"      affine.for %j = 0 to 8 {\n"
	"        %a = affine.load %A[%i, %j * 2] : memref<64x64xf32>\n"
	"        %b = affine.load %A[%i, %j * 2 + 1] : memref<64x64xf32>\n"
	"        %s = arith.addf %a, %b : f32\n"
	"        affine.store %s, %B[%i] : memref<64xf32>\n"
	"      }\n"
	"    }\n"
	"  }\n"
	"  return\n"
	"}\n";

static void test_analysis(void) {
	st_context *ctx = new_ctx();
	st_op *mod = parse(ctx, tiled);
	CHECK(mod != NULL);
	if (!mod) {
		st_context_destroy(ctx);
		return;
	}
	st_op *nest = find_op(mod, "affine.for", 0), *tile = find_op(mod, "affine.for", 1);
	st_op *func = find_op(mod, "func.func", 0);
	st_value *A = st_block_arg(st_region_first_block(st_op_region(func, 0)), 0);
	st_value *B = st_block_arg(st_region_first_block(st_op_region(func, 0)), 1);
	st_isl_analysis *a = st_isl_analysis_create(nest);
	CHECK(a != NULL);
	if (!a) {
		st_op_destroy(mod);
		st_context_destroy(ctx);
		return;
	}
	/* The whole nest reads the first 16 columns of A. */
	isl_set *r = st_isl_region(a, nest, A, ST_ISL_READ);
	char *txt = isl_set_to_str(r);
	CHECK_STR("nest region of A", txt, "{ arg0[i0, i1] : 0 <= i0 <= 63 and 0 <= i1 <= 15 }");
	free(txt);
	int64_t lo[2], hi[2], sz[2], n = 0;
	CHECK(st_succeeded(st_isl_region_bounds(r, lo, hi)));
	CHECK(lo[0] == 0 && hi[0] == 63 && lo[1] == 0 && hi[1] == 15);
	CHECK(st_succeeded(st_isl_region_count(r, 1 << 20, &n)) && n == 1024);
	CHECK(st_failed(st_isl_region_count(r, 100, &n)));
	isl_set_free(r);
	/* Nothing writes A. */
	r = st_isl_region(a, nest, A, ST_ISL_WRITE);
	CHECK(r && isl_set_is_empty(r) == isl_bool_true);
	CHECK(st_failed(st_isl_region_bounds(r, lo, hi)));
	isl_set_free(r);
	/* One tile: 16 rows from the tile index i0, 16 columns. */
	r = st_isl_region(a, tile, A, ST_ISL_ACCESS);
	txt = isl_set_to_str(r);
	CHECK_STR("tile region of A", txt,
	          "[i0] -> { arg0[i0', i1] : (i0) mod 16 = 0 and 0 <= i0 <= 48 and i0 <= i0' <= 15 + i0 and 0 <= i1 <= 15 }");
	free(txt);
	CHECK(st_succeeded(st_isl_region_box_size(r, sz)) && sz[0] == 16 && sz[1] == 16);
	CHECK(st_failed(st_isl_region_count(r, 1 << 20, &n)));
	CHECK(st_succeeded(st_isl_region_bounds(r, lo, hi)) && lo[0] == 0 && hi[0] == 63);
	isl_set_free(r);
	r = st_isl_region(a, tile, B, ST_ISL_WRITE);
	CHECK(st_succeeded(st_isl_region_box_size(r, sz)) && sz[0] == 16);
	isl_set_free(r);
	/* Reuse: B[i] is written again on the next %j; A never reused. */
	st_isl_reuse ru[4];
	CHECK(st_isl_reuses(a, A, ru, 4) == 0);
	size_t nr = st_isl_reuses(a, B, ru, 4);
	CHECK(nr == 1);
	if (nr == 1) {
		CHECK(ru[0].src == ru[0].dst && st_affine_is_store(ru[0].src));
		CHECK(ru[0].nloops == 3);
		CHECK(ru[0].has_min[2] && ru[0].has_max[2] && ru[0].dmin[2] == 1 && ru[0].dmax[2] == 1);
		CHECK(ru[0].dmin[0] == 0 && ru[0].dmax[0] == 0 && ru[0].dmin[1] == 0 && ru[0].dmax[1] == 0);
	}
	/* A loop outside the nest is not in it. */
	CHECK(st_isl_region(a, func, A, ST_ISL_READ) == NULL);
	st_isl_analysis_destroy(a);
	st_op_destroy(mod);

	/* A nest the model cannot describe is refused with a located error. */
	diag_sink ds;
	diag_sink_install(&ds, ctx);
	mod = parse(ctx, "func.func @g(%A: memref<8xf32>, %i: index) {\n"
	                 "  affine.for %j = 0 to 8 {\n"
	                 "    %v = affine.load %A[%j] : memref<8xf32>\n"
	                 "    memref.store %v, %A[%i] : memref<8xf32>\n"
	                 "  }\n"
	                 "  return\n"
	                 "}\n");
	CHECK(mod != NULL);
	a = mod ? st_isl_analysis_create(find_op(mod, "affine.for", 0)) : NULL;
	CHECK(a == NULL);
	CHECK(ds.nerrors == 1);
	CHECK_CONTAINS("refusal", sbuf_str(&ds.text), "test.mlir:2:3: error: 'affine.for' op cannot analyse the loop nest: 'memref.store' has memory effects");
	CHECK_CONTAINS("refusal note", sbuf_str(&ds.text), "test.mlir:4:5: note: here");
	diag_sink_remove(&ds);
	if (mod)
		st_op_destroy(mod);
	st_context_destroy(ctx);
}

int main(void) {
	st_context *ctx = st_context_create();
	/* One isl_ctx serves every test below, and the bound counts all their
	 * operations together: far more than one analysis does. */
	if (ctx && (st_failed(st_context_register_limit(ctx, &st_isl_operations_limit)) ||
	            st_failed(st_context_set_limit(ctx, st_str_c("isl-operations"), 20000000))))
		return 1;
	isl_ctx *ictx = ctx ? st_isl_ctx_create(ctx) : NULL;
	if (!ctx || !ictx)
		return 1;
	test_maps(ctx, ictx);
	test_rejects(ctx, ictx);
	test_sets(ctx, ictx);
	CHECK(!st_isl_ctx_exhausted(ictx));
	isl_ctx_free(ictx);
	test_quota();
	test_analysis();
	st_context_destroy(ctx);
	return test_summary();
}
