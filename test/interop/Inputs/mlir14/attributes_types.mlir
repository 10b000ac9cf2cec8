// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// MLIR 14 spelling of attributes and types: type aliases `!a = type ...`,
// #map/#set aliases as MLIR 14 numbers them (#map0, #map1, ...), opaque
// dialect attributes and types in the verbose form with a string
// (#foo<"..."> and !foo<"...">), every attribute kind and special floats.
!tensor_alias = type tensor<4x?xf32>
!tuple_alias = type tuple<i32, !tensor_alias>
#map0 = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0)[s0] -> (d0 * 2 + s0 - 1)>
#set0 = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, -d1 + s0 == 0)>
"x.attrs"() {b = true, i = -5 : i7, u = 255 : ui8, s = -1 : si64, big = 123456789012345678901234567890 : i100, idx = 3 : index, f = 1.000000e+00 : f64, h = 0x7C00 : f16, bf = -0.000000e+00 : bf16, nan = 0x7FC00000 : f32, str = "a\22b\0A\\", arr = [1, [2.500000e+00 : f32], "x", unit], dict = {a = 1 : i64, "b c" = @sym}, ty = tensor<2x!foo.t>, sym = @a::@b::@c, m0 = #map0, m1 = #map1, s0 = #set0, o1 = #foo<"bar<1, 2>">, o2 = #foo.baz, o3 = #foo<"not pretty!">, dense = dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>, splat = dense<1.000000e+00> : vector<3xf32>, cplx = dense<(1,2)> : tensor<2xcomplex<i8>>, empty = dense<> : tensor<0xi32>, unit_attr} : () -> ()
%0:6 = "x.types"() : () -> (!tensor_alias, !tuple_alias, !foo<"t<i32>">, !foo<"odd type!">, memref<4x4xf32, #map0, 3>, memref<?xf32, #map1>)
"x.block"() ({
^bb0(%arg0: !tuple_alias, %arg1: memref<*xf16, 1>, %arg2: vector<2x[4]xi1>, %arg3: complex<f64>):
  "x.yield"() : () -> ()
}) : () -> ()
