// Builtin types: every form is printed back as MLIR prints it.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// Every print below is what mlir-opt-14 prints too, except for forms MLIR 14
// did not have, which follow current MLIR: memory spaces that are not
// integers or strings, and several scalable vector dimensions.

// Layout maps print as aliases at the top.
// CHECK: #[[PERM:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK: #[[STRIDED:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>

// CHECK-LABEL: "u.integers"
// CHECK-SAME: () -> (i1, i0, i7, i8, i64, i65, i128, si8, ui8, si1, ui64, i16777215)
"u.integers"() : () -> (i1, i0, i7, i8, i64, i65, i128, si8, ui8, si1, ui64, i16777215)

// CHECK-LABEL: "u.scalars"
// CHECK-SAME: () -> (index, f16, bf16, f32, f64, none)
"u.scalars"() : () -> (index, f16, bf16, f32, f64, none)

// Vectors: fixed and scalable ([4]) dimensions, 0-d.  MLIR 14 had only a
// trailing run of scalable dimensions; vector<[2]x[2]xf64> is current MLIR.
// CHECK-LABEL: "u.vectors"
// CHECK-SAME: () -> (vector<4xf32>, vector<2x3x4xi8>, vector<[4]xf32>, vector<2x[8]xi1>, vector<[2]x[2]xf64>, vector<f32>, vector<1xindex>)
"u.vectors"() : () -> (vector<4xf32>, vector<2x3x4xi8>, vector<[4]xf32>, vector<2x[8]xi1>, vector<[2]x[2]xf64>, vector<f32>, vector<1xindex>)

// Ranked tensors: static, dynamic (?), zero-sized, 0-d, encodings; unranked.
// CHECK-LABEL: "u.tensors"
// CHECK-SAME: () -> (tensor<4xf32>, tensor<?x4xf32>, tensor<?x?xi32>, tensor<0x?xi8>, tensor<f32>, tensor<4xf32, "sparse">, tensor<4x?xf32, #enc.csr>, tensor<2xvector<4xf32>>, tensor<?xcomplex<f64>>, tensor<4x!d.t>, tensor<*xf32>, tensor<*xi1>)
"u.tensors"() : () -> (tensor<4xf32>, tensor<?x4xf32>, tensor<?x?xi32>, tensor<0x?xi8>, tensor<f32>, tensor<4xf32, "sparse">, tensor<4x?xf32, #enc.csr>, tensor<2xvector<4xf32>>, tensor<?xcomplex<f64>>, tensor<4x!d.t>, tensor<*xf32>, tensor<*xi1>)

// Memrefs: an identity layout and memory space 0 (of any integer type) are
// the defaults and are not printed; other layouts print through #map aliases; memory
// spaces of type i64 print without their type.
// CHECK-LABEL: "u.memrefs"
// CHECK-SAME: () -> (memref<4xf32>, memref<?x4xf32>, memref<f32>, memref<4x4xf32, #[[PERM]]>, memref<4x4xf32, #[[STRIDED]], 3>, memref<4xf32>, memref<4xf32>, memref<4xf32, 1>, memref<4xf32, 1 : i32>, memref<4xf32, "gpu">, memref<4xvector<4xf32>>, memref<*xf32>, memref<*xf32, 2>, memref<*xf32>, memref<4xf32>, memref<*xf32>)
"u.memrefs"() : () -> (memref<4xf32>, memref<?x4xf32>, memref<f32>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>, 3>, memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4xf32, 0>, memref<4xf32, 1>, memref<4xf32, 1 : i32>, memref<4xf32, "gpu">, memref<4xvector<4xf32>>, memref<*xf32>, memref<*xf32, 2>, memref<*xf32, 0>, memref<4xf32, 0 : i32>, memref<*xf32, 0 : index>)

// Memory spaces of any attribute (current MLIR).
// CHECK-LABEL: "u.memory_spaces"
// CHECK-SAME: () -> (memref<4xf32, #gpu.address_space<workgroup>>, memref<*xf32, {space = 1 : i64}>)
"u.memory_spaces"() : () -> (memref<4xf32, #gpu.address_space<workgroup>>, memref<*xf32, {space = 1}>)

// CHECK-LABEL: "u.aggregates"
// CHECK-SAME: () -> (complex<f32>, complex<i8>, tuple<>, tuple<i32>, tuple<i32, tuple<f32, none>>)
"u.aggregates"() : () -> (complex<f32>, complex<i8>, tuple<>, tuple<i32>, tuple<i32, tuple<f32, none>>)

// Function types: a single result prints without parentheses unless it is
// itself a function type.
// CHECK-LABEL: "u.functions"
// CHECK-SAME: f0 = () -> ()
// CHECK-SAME: f1 = (i32) -> i32
// CHECK-SAME: f2 = (i32, f32) -> (i1, i8)
// CHECK-SAME: f3 = ((i32) -> i32) -> ((f32) -> f32)
// CHECK-SAME: f4 = (i32) -> (() -> ())
// CHECK-SAME: f5 = () -> tuple<>
// CHECK-SAME: f6 = (i1) -> i1
"u.functions"() {f0 = () -> (), f1 = (i32) -> i32, f2 = (i32, f32) -> (i1, i8), f3 = ((i32) -> i32) -> ((f32) -> f32), f4 = (i32) -> (() -> ()), f5 = () -> tuple<>, f6 = (i1) -> (i1)} : () -> ()

// Types as operand, result and block argument types.
// CHECK-LABEL: "u.use"
// CHECK-SAME: (%{{.*}}, %{{.*}}) : (tensor<?xf32>, memref<*xi8>) -> (tuple<i1>, (i32) -> i32)
// CHECK: ^bb0(%{{.*}}: vector<[4]xf32>, %{{.*}}: complex<bf16>):
%0:2 = "u.def"() : () -> (tensor<?xf32>, memref<*xi8>)
%1:2 = "u.use"(%0#0, %0#1) : (tensor<?xf32>, memref<*xi8>) -> (tuple<i1>, (i32) -> i32)
"u.region"() ({
^bb0(%a: vector<[4]xf32>, %b: complex<bf16>):
  "u.end"() : () -> ()
}) : () -> ()
