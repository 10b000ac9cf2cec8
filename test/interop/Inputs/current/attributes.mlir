// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// Attributes of every builtin kind MLIR 14 has: integers of many widths and
// signedness (incl. i1 as bool, index, > 64 bits), floats of every type with
// special values (NaN, +-inf, -0.0, denormals), strings with escapes,
// arrays, dictionaries, type attributes, flat and nested symbol references,
// affine maps and integer sets, dense elements (int, float, bool, complex,
// splat, empty, rank 0..3, hex), opaque dialect attributes, unit, and
// attribute aliases (resolved when read).  Not here: dense arrays
// (array<i32: ..>), which MLIR 14 does not have, and sparse/opaque elements,
// which Strata does not have.
#alias_int = 42 : i16
#alias_map = affine_map<(d0) -> (d0 * 3)>
"x.ints"() {i1t = true, i1f = false, i1v = 1 : i1, i2 = -2 : i2, i8 = -128 : i8, i16 = 32767 : i16, i32 = -2147483648 : i32, i64 = 9223372036854775807 : i64, i64n = -9223372036854775808, i65 = 18446744073709551616 : i65, i128 = 170141183460469231731687303715884105727 : i128, ui8 = 255 : ui8, si8 = -1 : si8, ui64 = 18446744073709551615 : ui64, idx = 42 : index, hex = 0x10 : i32, aliased = #alias_int, aliased_map = #alias_map, big = 123456789012345678901234567890 : i100} : () -> ()
"x.floats"() {f16 = 1.5 : f16, bf16 = -2.0 : bf16, f32 = 3.14159 : f32, f64 = 2.718281828459045 : f64, dflt = 1.0, tiny = 1.0e-300 : f64, big = 1.0e+300, neg0 = -0.0 : f32, nan = 0x7FC00000 : f32, inf = 0x7F800000 : f32, ninf = 0xFF800000 : f32, dnan = 0x7FF8000000000000 : f64, hnan = 0x7E00 : f16, bnan = 0x7FC0 : bf16, denorm = 1.401298e-45 : f32, exp = 6.0221e23 : f64} : () -> ()
"x.strings"() {empty = "", plain = "hello", esc = "quote\" backslash\\ newline\n tab\t hex\00\7F\FF", utf8 = "caf\C3\A9", typed = "abc" : i32} : () -> ()
"x.arrays"() {empty = [], ints = [1, 2 : i8, 3 : i16], nested = [[1], [[2]], []], mixed = [1, "a", 2.0 : f32, i32, @sym, unit, [true]]} : () -> ()
"x.dicts"() {empty = {}, d = {a = 1, b = "x", c = {nested = [1]}, u}, "quoted key" = 1, "a.b" = 2} : () -> ()
"x.types"() {t1 = i32, t2 = (i32, f32) -> (index), t3 = memref<4x?xf32>, t4 = !foo.bar, t5 = tuple<>, t6 = none} : () -> ()
"x.symrefs"() {s1 = @foo, s2 = @foo::@bar, s3 = @foo::@bar::@baz, s4 = @"sym with space", s5 = @"x"::@"y.z"} : () -> ()
"x.affine"() {m0 = affine_map<() -> ()>, m1 = affine_map<(d0, d1) -> (d0 + d1, d1 floordiv 4, d0 mod 3, d1 ceildiv 2)>, m2 = affine_map<(d0)[s0] -> (d0 * 2 + s0 - 1)>, m3 = affine_map<(d0, d1) -> (d1, d0)>, m4 = affine_map<(d0) -> (0)>, s0 = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d1 == 0)>, s1 = affine_set<() : (0 == 0)>, s2 = affine_set<(d0) : (d0 >= 0, -d0 + 10 >= 0)>} : () -> ()
"x.dense"() {di = dense<[1, 2, 3]> : tensor<3xi32>, ds = dense<7> : tensor<2x3xi64>, df = dense<[[1.0, 2.5], [-3.0, 0.0]]> : tensor<2x2xf32>, dfs = dense<0.5> : vector<4xf16>, db = dense<[true, false, true]> : tensor<3xi1>, dbs = dense<true> : tensor<8xi1>, dc = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, dcf = dense<(1.0, -1.0)> : tensor<3xcomplex<f32>>, d0 = dense<[]> : tensor<0xi32>, dsc = dense<5> : tensor<i8>, dhex = dense<"0x0100000002000000"> : tensor<2xi32>, didx = dense<[1, 2]> : tensor<2xindex>, dui = dense<[255, 0]> : tensor<2xui8>, dsi = dense<[-1, 1]> : tensor<2xsi16>, dfnan = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, d3 = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>} : () -> ()
"x.opaque"() {o1 = #foo.bar, o2 = #foo<"bar<1, 2>">, o3 = #foo.baz<"str", [1]>, o4 = #xo.attr} : () -> ()
"x.unit"() {u} : () -> ()
