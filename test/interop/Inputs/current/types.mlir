// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// Builtin types MLIR 14 has, as op results and block arguments: integers of
// any width and signedness, index, bf16/f16/f32/f64, none, tuples, complex,
// function types, vectors (incl. scalable dims), ranked/unranked tensors
// (incl. encodings), memrefs (layout maps, integer memory spaces, unranked),
// opaque dialect types in both spellings, and type aliases (resolved when
// read).  Not here: f80/f128 (Strata has none) and memref memory spaces
// other than integers (MLIR 14 rejects them).
!alias_tensor = tensor<4x?xf32>
!alias_tuple = tuple<i32, !alias_tensor>
"x.ints"() : () -> (i1, i2, i7, i8, i16, i32, i64, i128, i1000, si1, si32, si64, ui1, ui8, ui64, index)
"x.floats"() : () -> (bf16, f16, f32, f64)
"x.misc"() : () -> (none, tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>, complex<f32>, complex<i8>)
"x.funcs"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (index, i1), ((i32) -> i32) -> (() -> ()))
"x.vectors"() : () -> (vector<4xf32>, vector<2x3x4xi8>, vector<1xindex>, vector<[4]xf32>, vector<2x[4]xi32>)
"x.tensors"() : () -> (tensor<f32>, tensor<4xf32>, tensor<?x4xi32>, tensor<?x?x?xf64>, tensor<0xi1>, tensor<*xf32>, tensor<4x!foo.t>, tensor<4xi32, #foo.enc>, tensor<2xcomplex<f64>>, tensor<2xvector<4xf32>>)
"x.memrefs"() : () -> (memref<f32>, memref<4xf32>, memref<?x4xf32>, memref<4x4xf32, 1>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 2>, memref<*xf32>, memref<*xi8, 3>, memref<2xvector<4xf32>>, memref<4x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>)
"x.opaque"() : () -> (!foo.bar, !foo<"bar<1>">, !foo.baz<i32, "s", [1]>, !foo.q<>)
"x.blockargs"() ({
^bb0(%a: i32, %b: tensor<?xf32>, %c: !foo.t, %d: memref<*xf32>, %e: (i32) -> ()):
  "x.yield"(%a, %b, %c, %d, %e) : (i32, tensor<?xf32>, !foo.t, memref<*xf32>, (i32) -> ()) -> ()
}) : () -> ()
"x.aliases"() : () -> (!alias_tensor, !alias_tuple)
