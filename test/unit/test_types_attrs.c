/* Unit tests of type and attribute uniquing: equal types and attributes
 * built through the API (or parsed from text) are the same pointer, unequal
 * ones are not, two contexts are independent, and nothing is global (a
 * context destroyed and re-created builds everything again).
 */
#include "strata/affine.h"

#include "core_test.h"

#include <math.h>

static st_type *ty(st_context *ctx, const char *text) { return st_parse_type_str(ctx, st_str_c(text)); }
static st_attr *at(st_context *ctx, const char *text) { return st_parse_attr_str(ctx, st_str_c(text)); }

static const char *tstr(st_context *ctx, const st_type *t) {
	static char buf[256];
	return t ? st_type_str(ctx, t, buf, sizeof buf) : "<null>";
}
static const char *astr(st_context *ctx, const st_attr *a) {
	static char buf[256];
	return a ? st_attr_str(ctx, a, buf, sizeof buf) : "<null>";
}

/* ---------------------------------------------------------------- types */

static void test_types(st_context *ctx) {
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	CHECK(i32 == st_integer_type(ctx, 32, ST_SIGNLESS));
	CHECK(i32 != st_integer_type(ctx, 32, ST_SIGNED));
	CHECK(st_integer_type(ctx, 32, ST_SIGNED) == st_integer_type(ctx, 32, ST_SIGNED));
	CHECK(st_integer_type(ctx, 32, ST_UNSIGNED) != st_integer_type(ctx, 32, ST_SIGNED));
	CHECK(st_integer_type(ctx, 7, ST_SIGNLESS) == st_integer_type(ctx, 7, ST_SIGNLESS));
	CHECK(st_integer_type(ctx, 7, ST_SIGNLESS) != st_integer_type(ctx, 8, ST_SIGNLESS));
	st_type *wide = st_integer_type(ctx, ST_MAX_INT_WIDTH, ST_SIGNLESS);
	CHECK(wide && st_type_int_width(wide) == ST_MAX_INT_WIDTH);
	CHECK(ty(ctx, "i32") == i32 && ty(ctx, "si32") == st_integer_type(ctx, 32, ST_SIGNED));
	CHECK(ty(ctx, "ui7") == st_integer_type(ctx, 7, ST_UNSIGNED));
	CHECK(ty(ctx, "i16777215") == wide);
	CHECK(st_type_is_signless_integer(i32, 32) && st_type_is_signless_integer(i32, 0));
	CHECK(!st_type_is_signless_integer(i32, 16));

	st_type *idx = st_index_type(ctx), *f32 = st_float_type(ctx, ST_TYPE_F32);
	CHECK(idx == st_index_type(ctx) && idx == ty(ctx, "index"));
	CHECK(f32 == st_float_type(ctx, ST_TYPE_F32) && f32 == ty(ctx, "f32"));
	CHECK(st_float_type(ctx, ST_TYPE_F16) != st_float_type(ctx, ST_TYPE_BF16));
	CHECK(st_float_type(ctx, ST_TYPE_BF16) == ty(ctx, "bf16"));
	CHECK(st_none_type(ctx) == st_none_type(ctx) && st_none_type(ctx) == ty(ctx, "none"));
	CHECK(st_type_float_width(st_float_type(ctx, ST_TYPE_BF16)) == 16);

	/* Function types: inputs and results are distinguished. */
	st_type *in[2] = {i32, f32};
	st_type *fn1 = st_function_type(ctx, 2, in, 1, &idx);
	CHECK(fn1 == st_function_type(ctx, 2, in, 1, &idx));
	CHECK(fn1 == ty(ctx, "(i32, f32) -> index"));
	CHECK(st_function_type(ctx, 1, in, 0, NULL) != st_function_type(ctx, 0, NULL, 1, in));
	CHECK(st_function_type(ctx, 0, NULL, 0, NULL) == ty(ctx, "() -> ()"));
	CHECK(st_type_num_inputs(fn1) == 2 && st_type_num_results(fn1) == 1 && st_type_result(fn1, 0) == idx);
	/* A function type is not a tuple of the same types. */
	CHECK((st_type *)st_tuple_type(ctx, 2, in) != st_function_type(ctx, 2, in, 0, NULL));
	CHECK(st_tuple_type(ctx, 2, in) == ty(ctx, "tuple<i32, f32>"));
	CHECK(st_tuple_type(ctx, 0, NULL) == ty(ctx, "tuple<>"));

	/* Shaped types. */
	int64_t s23[2] = {2, 3}, s2d[2] = {2, ST_DYNAMIC};
	st_type *v = st_vector_type(ctx, 2, s23, NULL, f32);
	CHECK(v == ty(ctx, "vector<2x3xf32>"));
	bool sc[2] = {false, true};
	st_type *vs = st_vector_type(ctx, 2, s23, sc, f32);
	CHECK(vs != v && vs == ty(ctx, "vector<2x[3]xf32>"));
	bool nosc[2] = {false, false};
	CHECK(st_vector_type(ctx, 2, s23, nosc, f32) == v);
	st_type *t = st_tensor_type(ctx, 2, s2d, i32, NULL);
	CHECK(t == ty(ctx, "tensor<2x?xi32>") && t != st_tensor_type(ctx, 2, s23, i32, NULL));
	st_attr *enc = st_string_attr(ctx, st_str_c("enc"));
	CHECK(st_tensor_type(ctx, 2, s2d, i32, enc) != t);
	CHECK(st_tensor_type(ctx, 2, s2d, i32, enc) == ty(ctx, "tensor<2x?xi32, \"enc\">"));
	CHECK(st_tensor_type(ctx, 0, NULL, i32, NULL) == ty(ctx, "tensor<i32>"));
	CHECK(st_tensor_type(ctx, 0, NULL, i32, NULL) != st_unranked_tensor_type(ctx, i32));
	CHECK(st_unranked_tensor_type(ctx, i32) == ty(ctx, "tensor<*xi32>"));
	CHECK(st_type_with_element(ctx, t, f32) == ty(ctx, "tensor<2x?xf32>"));
	CHECK(st_type_with_element(ctx, vs, i32) == ty(ctx, "vector<2x[3]xi32>"));
	CHECK(st_complex_type(ctx, f32) == ty(ctx, "complex<f32>"));
	CHECK(st_complex_type(ctx, f32) != st_unranked_tensor_type(ctx, f32));

	/* Memrefs: an identity layout and memory space 0 are the defaults. */
	st_type *m = st_memref_type(ctx, 2, s23, f32, NULL, NULL);
	CHECK(m == ty(ctx, "memref<2x3xf32>"));
	st_affine_expr *d0 = st_affine_dim(ctx, 0), *d1 = st_affine_dim(ctx, 1);
	st_affine_expr *idres[2] = {d0, d1};
	const st_affine_map *idmap = st_affine_map_get(ctx, 2, 0, 2, idres);
	CHECK(idmap && st_affine_map_is_identity(idmap));
	CHECK(st_memref_type(ctx, 2, s23, f32, st_affine_map_attr(ctx, idmap), NULL) == m);
	CHECK(ty(ctx, "memref<2x3xf32, affine_map<(d0, d1) -> (d0, d1)>>") == m);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	CHECK(st_memref_type(ctx, 2, s23, f32, NULL, st_integer_attr(ctx, i64, 0)) == m);
	CHECK(ty(ctx, "memref<2x3xf32, 0>") == m);
	st_type *m1 = st_memref_type(ctx, 2, s23, f32, NULL, st_integer_attr(ctx, i64, 1));
	CHECK(m1 != m && m1 == ty(ctx, "memref<2x3xf32, 1>"));
	st_affine_expr *tr[2] = {d1, d0};
	const st_affine_map *trmap = st_affine_map_get(ctx, 2, 0, 2, tr);
	st_type *mt = st_memref_type(ctx, 2, s23, f32, st_affine_map_attr(ctx, trmap), NULL);
	CHECK(mt != m && mt == ty(ctx, "memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>"));
	CHECK(st_unranked_memref_type(ctx, f32, NULL) == ty(ctx, "memref<*xf32>"));
	CHECK(st_unranked_memref_type(ctx, f32, st_integer_attr(ctx, i64, 0)) == ty(ctx, "memref<*xf32>"));
	CHECK(st_unranked_memref_type(ctx, f32, st_integer_attr(ctx, i64, 2)) == ty(ctx, "memref<*xf32, 2>"));

	/* Opaque types. */
	st_type *o = st_opaque_type(ctx, st_str_c("foo"), st_str_c("bar<1>"));
	CHECK(o == st_opaque_type(ctx, st_str_c("foo"), st_str_c("bar<1>")));
	CHECK(o != st_opaque_type(ctx, st_str_c("foo"), st_str_c("bar<2>")));
	CHECK(o != st_opaque_type(ctx, st_str_c("fo"), st_str_c("obar<1>")));
	CHECK_STR("opaque body", st_ident_cstr(st_type_dialect_name(o)), "foo");

	/* Printing reflects what was built. */
	CHECK_STR("print fn", tstr(ctx, fn1), "(i32, f32) -> index");
	CHECK_STR("print memref", tstr(ctx, m1), "memref<2x3xf32, 1>");
}

/* ----------------------------------------------------------- attributes */

static void test_int_float_attrs(st_context *ctx) {
	st_type *i8 = st_integer_type(ctx, 8, ST_SIGNLESS), *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_type *ui8 = st_integer_type(ctx, 8, ST_UNSIGNED), *idx = st_index_type(ctx);
	/* Values are truncated to the width: 255 and -1 are the same i8. */
	st_attr *a = st_integer_attr(ctx, i8, -1);
	CHECK(a == st_integer_attr(ctx, i8, 255));
	CHECK(a == st_integer_attr(ctx, i8, 0x7ff));
	CHECK(st_attr_int_value(a) == -1 && st_attr_int_uvalue(a) == 255);
	CHECK(a != st_integer_attr(ctx, ui8, 255));
	CHECK(st_attr_int_value(st_integer_attr(ctx, ui8, 255)) == 255);
	CHECK(a != st_integer_attr(ctx, i32, -1));
	CHECK(st_integer_attr(ctx, i32, 5) == at(ctx, "5 : i32"));
	CHECK(st_integer_attr(ctx, i8, -1) == at(ctx, "-1 : i8"));
	CHECK(st_integer_attr(ctx, i8, -1) == at(ctx, "255 : i8")); /* as mlir-opt accepts it */
	CHECK(st_integer_attr(ctx, idx, 3) == at(ctx, "3 : index"));
	CHECK(st_integer_attr(ctx, idx, 3) != st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), 3));
	/* Wide integers: sign extension fills the upper words. */
	st_type *i200 = st_integer_type(ctx, 200, ST_SIGNLESS);
	st_attr *w = st_integer_attr(ctx, i200, -2);
	uint64_t words[4] = {~1ull, ~0ull, ~0ull, 0xff};
	CHECK(w == st_integer_attr_words(ctx, i200, 4, words));
	uint64_t words_junk[4] = {~1ull, ~0ull, ~0ull, ~0ull}; /* bits above the width are ignored */
	CHECK(w == st_integer_attr_words(ctx, i200, 4, words_junk));
	CHECK(st_attr_int_num_words(w) == 4 && st_attr_int_value(w) == -2);
	CHECK(w == at(ctx, "-2 : i200"));
	/* Booleans are i1. */
	CHECK(st_bool_attr(ctx, true) == st_integer_attr(ctx, st_integer_type(ctx, 1, ST_SIGNLESS), 1));
	CHECK(st_bool_attr(ctx, true) == at(ctx, "true"));
	CHECK(st_bool_attr(ctx, false) == at(ctx, "false"));
	CHECK(st_attr_is_bool(st_bool_attr(ctx, false)) && !st_attr_is_bool(a));
	CHECK(st_attr_int_value(st_bool_attr(ctx, true)) == -1 || st_attr_int_value(st_bool_attr(ctx, true)) == 1);

	/* Floats are rounded to their type: 0.1 as f32 is one value. */
	st_type *f32 = st_float_type(ctx, ST_TYPE_F32), *f64 = st_float_type(ctx, ST_TYPE_F64);
	st_type *f16 = st_float_type(ctx, ST_TYPE_F16);
	st_attr *x = st_float_attr(ctx, f32, 0.1);
	CHECK(x == st_float_attr(ctx, f32, (double)0.1f));
	CHECK(st_attr_float_value(x) == (double)0.1f);
	CHECK(x != st_float_attr(ctx, f64, 0.1));
	CHECK(x == at(ctx, "0.1 : f32"));
	CHECK(st_float_attr(ctx, f64, 0.1) == at(ctx, "0.1 : f64"));
	CHECK(st_float_attr(ctx, f16, 1.0) == st_float_attr_bits(ctx, f16, 0x3c00));
	CHECK(st_float_attr(ctx, f32, 0.0) != st_float_attr(ctx, f32, -0.0));
	CHECK(st_float_attr(ctx, f32, 1.5) == at(ctx, "0x3FC00000 : f32"));
	CHECK(st_float_attr(ctx, f32, INFINITY) == at(ctx, "0x7F800000 : f32"));
	/* NaNs compare by bit pattern. */
	CHECK(st_float_attr_bits(ctx, f32, 0x7fc00000) == st_float_attr_bits(ctx, f32, 0x7fc00000));
	CHECK(st_float_attr_bits(ctx, f32, 0x7fc00000) != st_float_attr_bits(ctx, f32, 0x7fc00001));
	CHECK(isnan(st_attr_float_value(st_float_attr_bits(ctx, f32, 0x7fc00001))));
}

static void test_composite_attrs(st_context *ctx) {
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS), *f32 = st_float_type(ctx, ST_TYPE_F32);
	st_attr *s = st_string_attr(ctx, st_str_c("hi"));
	CHECK(s == st_string_attr(ctx, st_str_c("hi")) && s == at(ctx, "\"hi\""));
	CHECK(s != st_typed_string_attr(ctx, st_str_c("hi"), i32));
	CHECK(st_typed_string_attr(ctx, st_str_c("hi"), i32) == at(ctx, "\"hi\" : i32"));
	CHECK(st_string_attr(ctx, st_str_make("a\0b", 3)) != st_string_attr(ctx, st_str_make("a\0c", 3)));
	CHECK(st_string_attr(ctx, st_str_c("a\n\"")) == at(ctx, "\"a\\n\\\"\""));
	CHECK(st_unit_attr(ctx) == st_unit_attr(ctx) && st_unit_attr(ctx) == at(ctx, "unit"));

	st_attr *e[3] = {st_integer_attr(ctx, i32, 1), s, st_unit_attr(ctx)};
	st_attr *arr = st_array_attr(ctx, 3, e);
	CHECK(arr == st_array_attr(ctx, 3, e) && arr == at(ctx, "[1 : i32, \"hi\", unit]"));
	CHECK(st_array_attr(ctx, 2, e) != arr);
	CHECK(st_array_attr(ctx, 0, NULL) == at(ctx, "[]"));
	st_attr *nested = st_array_attr(ctx, 1, &arr);
	CHECK(nested == at(ctx, "[[1 : i32, \"hi\", unit]]") && nested != arr);

	/* Dictionaries are sorted, so entry order does not matter. */
	st_named_attr n1[2] = {{st_ident_get_c(ctx, "b"), e[0]}, {st_ident_get_c(ctx, "a"), s}};
	st_named_attr n2[2] = {{st_ident_get_c(ctx, "a"), s}, {st_ident_get_c(ctx, "b"), e[0]}};
	st_attr *d = st_dict_attr(ctx, 2, n1);
	CHECK(d == st_dict_attr(ctx, 2, n2));
	CHECK(d == at(ctx, "{b = 1 : i32, a = \"hi\"}"));
	CHECK(st_attr_dict_size(d) == 2);
	CHECK_STR("dict sorted", st_ident_cstr(st_attr_dict_entry(d, 0).name), "a");
	CHECK(st_attr_dict_get_c(d, "b") == e[0] && st_attr_dict_get(d, st_ident_get_c(ctx, "a")) == s);
	CHECK(st_attr_dict_get_c(d, "c") == NULL);
	CHECK(st_dict_attr(ctx, 0, NULL) == at(ctx, "{}"));
	/* A prefix sorts first. */
	st_named_attr n3[2] = {{st_ident_get_c(ctx, "ab"), s}, {st_ident_get_c(ctx, "a"), s}};
	st_attr *d3 = st_dict_attr(ctx, 2, n3);
	CHECK_STR("prefix first", st_ident_cstr(st_attr_dict_entry(d3, 0).name), "a");

	/* Type attributes. */
	CHECK(st_type_attr(ctx, i32) == st_type_attr(ctx, i32) && st_type_attr(ctx, i32) != st_type_attr(ctx, f32));
	CHECK(st_type_attr(ctx, i32) == at(ctx, "i32"));

	/* Symbol references, nested. */
	st_str nest[2] = {st_str_c("b"), st_str_c("c")};
	st_attr *sr = st_symbol_ref_attr(ctx, st_str_c("a"), 2, nest);
	CHECK(sr == st_symbol_ref_attr(ctx, st_str_c("a"), 2, nest) && sr == at(ctx, "@a::@b::@c"));
	CHECK(sr != st_symbol_ref_attr(ctx, st_str_c("a"), 1, nest));
	CHECK(st_symbol_ref_attr(ctx, st_str_c("a"), 0, NULL) == at(ctx, "@a"));
	CHECK(st_symbol_ref_attr(ctx, st_str_c("a"), 0, NULL) != s);
	CHECK_STR("leaf", st_ident_cstr(st_attr_symbol_leaf(sr)), "c");
	/* More nesting than the small buffer holds. */
	st_str deep[12];
	for (int i = 0; i < 12; i++)
		deep[i] = st_str_c("x");
	st_attr *dr = st_symbol_ref_attr(ctx, st_str_c("r"), 12, deep);
	CHECK(dr && st_attr_symbol_num_nested(dr) == 12 && dr == st_symbol_ref_attr(ctx, st_str_c("r"), 12, deep));

	/* Dense arrays. */
	int64_t iv[3] = {1, 2, 3};
	st_attr *da = st_dense_int_array_attr(ctx, i32, 3, iv);
	CHECK(da == st_dense_int_array_attr(ctx, i32, 3, iv) && da == at(ctx, "array<i32: 1, 2, 3>"));
	CHECK(da != st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), 3, iv));
	CHECK(st_dense_int_array_attr(ctx, i32, 0, NULL) == at(ctx, "array<i32>"));
	double fv[2] = {1.5, -2.0};
	CHECK(st_dense_float_array_attr(ctx, f32, 2, fv) == at(ctx, "array<f32: 1.5, -2.0>"));

	/* Dense elements: a list of equal values is a splat. */
	int64_t shape[1] = {3};
	st_type *t3 = st_tensor_type(ctx, 1, shape, i32, NULL);
	int64_t same[3] = {7, 7, 7}, one = 7;
	st_attr *sp = st_dense_int_elements_attr(ctx, t3, 1, &one);
	CHECK(sp == st_dense_int_elements_attr(ctx, t3, 3, same));
	CHECK(st_attr_dense_is_splat(sp) && st_attr_dense_int(sp, 2) == 7);
	CHECK(sp == at(ctx, "dense<7> : tensor<3xi32>"));
	CHECK(sp == at(ctx, "dense<[7, 7, 7]> : tensor<3xi32>"));
	st_attr *nsp = st_dense_int_elements_attr(ctx, t3, 3, iv);
	CHECK(nsp != sp && !st_attr_dense_is_splat(nsp) && nsp == at(ctx, "dense<[1, 2, 3]> : tensor<3xi32>"));
	double f3[3] = {0.5, 0.5, 0.5};
	st_type *tf = st_tensor_type(ctx, 1, shape, f32, NULL);
	CHECK(st_dense_float_elements_attr(ctx, tf, 3, f3) == at(ctx, "dense<0.5> : tensor<3xf32>"));
	/* Parsed elements are held in their own precision: two spellings of the
	 * same f32 are one attribute. */
	CHECK(at(ctx, "dense<0.1> : tensor<3xf32>") == at(ctx, "dense<0.100000001490116> : tensor<3xf32>"));
	CHECK(at(ctx, "array<f32: 0.1>") == at(ctx, "array<f32: 0.100000001490116>"));

	/* Affine maps and integer sets are uniqued, so are their attributes. */
	st_affine_expr *d0 = st_affine_dim(ctx, 0);
	st_affine_expr *sum = st_affine_add(ctx, d0, st_affine_const(ctx, 1));
	const st_affine_map *m1 = st_affine_map_get(ctx, 1, 0, 1, &sum);
	st_affine_expr *sum2 = st_affine_add(ctx, st_affine_const(ctx, 1), st_affine_dim(ctx, 0));
	const st_affine_map *m2 = st_affine_map_get(ctx, 1, 0, 1, &sum2);
	CHECK(m1 == m2);
	CHECK(st_affine_map_attr(ctx, m1) == st_affine_map_attr(ctx, m2));
	CHECK(st_affine_map_attr(ctx, m1) == at(ctx, "affine_map<(d0) -> (d0 + 1)>"));

	/* Opaque attributes. */
	st_attr *oa = st_opaque_attr(ctx, st_str_c("foo"), st_str_c("x"), NULL);
	CHECK(oa == st_opaque_attr(ctx, st_str_c("foo"), st_str_c("x"), NULL));
	CHECK(oa != st_opaque_attr(ctx, st_str_c("foo"), st_str_c("x"), i32));

	CHECK_STR("print dict", astr(ctx, d), "{a = \"hi\", b = 1 : i32}");
}

static void test_locations(st_context *ctx) {
	st_attr *u = st_loc_unknown(ctx);
	CHECK(u == st_loc_unknown(ctx) && st_attr_is_loc(u));
	st_attr *f = st_loc_file(ctx, st_str_c("a.mlir"), 3, 4);
	CHECK(f == st_loc_file(ctx, st_str_c("a.mlir"), 3, 4));
	CHECK(f != st_loc_file(ctx, st_str_c("a.mlir"), 4, 3));
	CHECK(f != st_loc_file(ctx, st_str_c("b.mlir"), 3, 4));
	CHECK(f != st_loc_file_range(ctx, st_str_c("a.mlir"), 3, 4, 5, 6));
	CHECK(st_loc_file_range(ctx, st_str_c("a.mlir"), 3, 4, 5, 6) == st_loc_file_range(ctx, st_str_c("a.mlir"), 3, 4, 5, 6));
	CHECK(st_loc_line(f) == 3 && st_loc_col(f) == 4);
	CHECK(st_loc_name(ctx, st_str_c("n"), NULL) == st_loc_name(ctx, st_str_c("n"), u));
	CHECK(st_loc_name(ctx, st_str_c("n"), f) != st_loc_name(ctx, st_str_c("n"), u));
	st_attr *two[2] = {f, u};
	st_attr *fu = st_loc_fused(ctx, 2, two, NULL);
	CHECK(fu == st_loc_fused(ctx, 2, two, NULL) && fu != st_loc_fused(ctx, 2, two, u));
	/* A fused location is not an array of the same elements. */
	CHECK(fu != st_array_attr(ctx, 2, two));
	st_attr *cs = st_loc_callsite(ctx, u, f);
	CHECK(cs == st_loc_callsite(ctx, u, f) && cs != st_loc_callsite(ctx, f, u));
	CHECK(st_loc_find_file(cs) == f && st_loc_find_file(fu) == f && st_loc_find_file(u) == NULL);
}

/* Objects of two contexts are distinct; building the same things in a new
 * context after the old one is gone works (no global caches). */
static void test_two_contexts(void) {
	st_context *a = st_context_create(), *b = st_context_create();
	st_type *ia = st_integer_type(a, 32, ST_SIGNLESS), *ib = st_integer_type(b, 32, ST_SIGNLESS);
	CHECK(ia && ib && ia != ib);
	st_type *ta = ty(a, "memref<4x?xf32, 1>"), *tb = ty(b, "memref<4x?xf32, 1>");
	CHECK(ta && tb && ta != tb);
	CHECK_STR("a prints", tstr(a, ta), "memref<4x?xf32, 1>");
	st_attr *aa = st_string_attr(a, st_str_c("s")), *ab = st_string_attr(b, st_str_c("s"));
	CHECK(aa != ab);
	const st_affine_map *ma = st_affine_map_get(a, 1, 0, 1, (st_affine_expr *[]){st_affine_dim(a, 0)});
	const st_affine_map *mb = st_affine_map_get(b, 1, 0, 1, (st_affine_expr *[]){st_affine_dim(b, 0)});
	CHECK(ma != mb);
	st_context_destroy(a);
	/* b is untouched. */
	CHECK(st_integer_type(b, 32, ST_SIGNLESS) == ib);
	CHECK(ty(b, "memref<4x?xf32, 1>") == tb);
	CHECK_STR("b prints", tstr(b, tb), "memref<4x?xf32, 1>");
	CHECK(st_attr_string(ab).len == 1);
	/* A third context after the first is gone. */
	st_context *c = st_context_create();
	st_type *tc = ty(c, "memref<4x?xf32, 1>");
	CHECK(tc && tc != tb);
	CHECK_STR("c prints", tstr(c, tc), "memref<4x?xf32, 1>");
	st_context_destroy(c);
	st_context_destroy(b);
}

/* Many distinct objects: the uniquer grows and keeps finding them. */
static void test_many(st_context *ctx) {
	enum { N = 5000 };
	static st_attr *ints[N];
	static st_type *vecs[N];
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	for (int i = 0; i < N; i++) {
		ints[i] = st_integer_attr(ctx, i64, i * 7919);
		int64_t shape[2] = {i, i + 1};
		vecs[i] = st_vector_type(ctx, 2, shape, NULL, i64);
	}
	bool ok = true;
	for (int i = 0; i < N; i++) {
		int64_t shape[2] = {i, i + 1};
		ok &= ints[i] == st_integer_attr(ctx, i64, i * 7919);
		ok &= vecs[i] == st_vector_type(ctx, 2, shape, NULL, i64);
		ok &= i == 0 || ints[i] != ints[i - 1];
	}
	CHECK(ok);
}

int main(void) {
	st_context *ctx = st_context_create();
	test_types(ctx);
	test_int_float_attrs(ctx);
	test_composite_attrs(ctx);
	test_locations(ctx);
	test_many(ctx);
	CHECK(st_context_num_errors(ctx) == 0);
	st_context_destroy(ctx);
	test_two_contexts();
	return test_summary();
}
