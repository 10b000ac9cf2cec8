// affine_map and affine_set attributes: MLIR's expression syntax, its
// simplification on construction, and #map/#set aliases at the top of the
// output (numbered #map, #map1, ... in order of first use, as current MLIR;
// MLIR 14 numbered #map0, #map1, ... when there was more than one, which
// --mlir14 writes).  Maps and sets print as mlir-opt-14 prints them.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// RUN: strata-opt --allow-unregistered-dialect --mlir14 %s | FileCheck %s --check-prefix=MLIR14
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect --mlir14

// Input aliases are resolved; the printer makes its own.
#perm = affine_map<(i, j) -> (j, i)>
#tile = affine_map<(d0, d1)[s0] -> (d0 floordiv 4, d1 mod 4, d0 ceildiv s0, (d0 + d1) * 2)>
#box = affine_set<(d0, d1)[N] : (d0 >= 0, -d0 + N - 1 >= 0, d1 == 0)>

// CHECK: #[[$PERM:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #[[$TILE:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 floordiv 4, d1 mod 4, d0 ceildiv s0, (d0 + d1) * 2)>
// CHECK-NEXT: #[[$SIMPLE:map[0-9]*]] = affine_map<(d0, d1)[s0] -> (d0 * 2, d1 + 3, 7, d0 * s0)>
// CHECK-NEXT: #[[$SUB:map[0-9]*]] = affine_map<(d0)[s0, s1] -> (d0 - s0, -d0, d0 - s1 * 2 - 1)>
// CHECK-NEXT: #[[$EMPTY:map[0-9]*]] = affine_map<() -> ()>
// CHECK-NEXT: #[[$CONST:map[0-9]*]] = affine_map<() -> (0)>
// CHECK-NEXT: #[[$ID1:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #[[$STRIDED:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>
// CHECK-NEXT: #[[$BOX:set[0-9]*]] = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>
// CHECK-NEXT: #[[$NEVER:set[0-9]*]] = affine_set<(d0) : (1 == 0)>
// CHECK-NEXT: #[[$ALWAYS:set[0-9]*]] = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {

// CHECK-LABEL: "u.maps"
// CHECK-SAME: {a = #[[$PERM]], b = #[[$TILE]], c = #[[$SIMPLE]], d = #[[$SUB]], e = #[[$EMPTY]], f = #[[$CONST]], g = #[[$ID1]], h = [#[[$PERM]], #[[$PERM]]]}
"u.maps"() {a = #perm, b = #tile, c = affine_map<(d0, d1)[s0] -> (d0 + d0, 3 + d1, 4 + 3, d0 * s0)>, d = affine_map<(d0)[s0, s1] -> (d0 - s0, d0 * -1, d0 - s1 * 2 - 1)>, e = affine_map<() -> ()>, f = affine_map<() -> (0)>, g = affine_map<(d0) -> (d0)>, h = [#perm, affine_map<(a, b) -> (b, a)>]} : () -> ()

// Maps in memref layouts share the aliases (an identity layout is no
// layout).
// CHECK-LABEL: "u.layouts"
// CHECK-SAME: () -> (memref<4x4xf32, #[[$PERM]]>, memref<?x?xf32, #[[$STRIDED]]>, memref<8xf32>)
"u.layouts"() : () -> (memref<4x4xf32, #perm>, memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>>, memref<8xf32, affine_map<(d0) -> (d0)>>)

// CHECK-LABEL: "u.sets"
// CHECK-SAME: {a = #[[$BOX]], b = #[[$NEVER]], c = #[[$ALWAYS]]}
"u.sets"() {a = #box, b = affine_set<(d0) : (1 == 0)>, c = affine_set<() : (0 == 0)>} : () -> ()

// Maps anywhere inside a type get aliases too: tensor encodings, memrefs of
// memrefs, memory spaces, and the types of typed attributes (the last as in
// current MLIR, which walks every sub-element; mlir-opt-14 writes those
// two inline).
// CHECK-LABEL: "u.nested_in_types"
// CHECK-SAME: {a = tensor<4xindex, #[[$ID1]]>, b = memref<2xmemref<4x4xf32, #[[$PERM]]>>, c = memref<4xf32, {m = #[[$ID1]]}>, d = "s" : memref<4x4xf32, #[[$PERM]]>, e = #d.x : tensor<4xi8, #[[$ID1]]>} : () -> tensor<*xvector<4xf32>>
%n = "u.nested_in_types"() {a = tensor<4xindex, affine_map<(d0) -> (d0)>>, b = memref<2xmemref<4x4xf32, #perm>>, c = memref<4xf32, {m = affine_map<(d0) -> (d0)>}>, d = "s" : memref<4x4xf32, #perm>, e = #d.x : tensor<4xi8, affine_map<(d0) -> (d0)>>} : () -> tensor<*xvector<4xf32>>

// MLIR14: #map0 = affine_map<(d0, d1) -> (d1, d0)>
// MLIR14: #map1 = affine_map<(d0, d1)[s0] -> (d0 floordiv 4
// MLIR14: #set0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>
// MLIR14-LABEL: "u.maps"
// MLIR14-SAME: {a = #map0, b = #map1,
