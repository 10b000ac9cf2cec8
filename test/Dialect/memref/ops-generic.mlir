// The generic form of the memref ops, read in generic form: the
// operandSegmentSizes of alloc, alloca and subview, memref.global's
// attributes (`type`, `initial_value` as dense elements with their tensor
// type or as a unit attribute for `uninitialized`, `constant`), subview's
// static_offsets/static_sizes/static_strides as array<i64> with INT64_MIN
// for a dynamic entry, and strided<> layouts.  The first generic print and
// the custom print of the same ops are checked; fixed-point.sh checks that
// both read back to themselves and that the generic print loses nothing.
// RUN: strata-opt --print-op-generic %s | FileCheck %s
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "memref.global"() {alignment = 64 : i64, constant, initial_value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "c", sym_visibility = "private", type = memref<2xf32>} : () -> ()
// CHECK-NEXT: "memref.global"() {initial_value, sym_name = "u", type = memref<4xi32>} : () -> ()
// CHECK-NEXT: "memref.global"() {sym_name = "e", sym_visibility = "private", type = memref<4xi32>} : () -> ()
// CHECK-NEXT: "memref.global"() {initial_value = dense<7> : tensor<2x3xi8>, sym_name = "splat", type = memref<2x3xi8>} : () -> ()
// CHECK-NEXT: "memref.global"() {constant, initial_value = dense<1.500000e+00> : tensor<f64>, sym_name = "scalar", sym_visibility = "nested", type = memref<f64>} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: index):
// CHECK-NEXT: %0 = "memref.alloc"(%arg0) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?x4xf32>
// CHECK-NEXT: %1 = "memref.alloca"() {alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>} : () -> memref<8x8xf32>
// CHECK-NEXT: %2 = "memref.alloc"(%arg0, %arg1) {operandSegmentSizes = array<i32: 1, 1>} : (index, index) -> memref<?xf32, #map>
// CHECK-NEXT: %3 = "memref.alloc"() {operandSegmentSizes = array<i32: 0, 0>} : () -> memref<4xi32, 1>
// CHECK-NEXT: %4 = "memref.alloca"(%arg0, %arg1) {foo.tag, operandSegmentSizes = array<i32: 2, 0>} : (index, index) -> memref<?x?xindex>
// CHECK-NEXT: "memref.dealloc"(%0) : (memref<?x4xf32>) -> ()
// CHECK-NEXT: "memref.dealloc"(%3) : (memref<4xi32, 1>) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (index, index) -> (), sym_name = "alloc"} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: memref<8x8xf32>, %arg1: memref<*xf32>, %arg2: memref<i32>, %arg3: index, %arg4: f32):
// CHECK-NEXT: %0 = "memref.load"(%arg0, %arg3, %arg3) : (memref<8x8xf32>, index, index) -> f32
// CHECK-NEXT: "memref.store"(%arg4, %arg0, %arg3, %arg3) : (f32, memref<8x8xf32>, index, index) -> ()
// CHECK-NEXT: %1 = "memref.load"(%arg0, %arg3, %arg3) {nontemporal = true} : (memref<8x8xf32>, index, index) -> f32
// CHECK-NEXT: "memref.store"(%0, %arg0, %arg3, %arg3) {nontemporal = true} : (f32, memref<8x8xf32>, index, index) -> ()
// CHECK-NEXT: %2 = "memref.load"(%arg2) : (memref<i32>) -> i32
// CHECK-NEXT: "memref.store"(%2, %arg2) : (i32, memref<i32>) -> ()
// CHECK-NEXT: "memref.copy"(%arg0, %arg0) : (memref<8x8xf32>, memref<8x8xf32>) -> ()
// CHECK-NEXT: %3 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<*xf32>
// CHECK-NEXT: "memref.copy"(%arg1, %3) : (memref<*xf32>, memref<*xf32>) -> ()
// CHECK-NEXT: "func.return"(%1) : (f32) -> ()
// CHECK-NEXT: }) {function_type = (memref<8x8xf32>, memref<*xf32>, memref<i32>, index, f32) -> f32, sym_name = "access"} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "memref.get_global"() {name = @c} : () -> memref<2xf32>
// CHECK-NEXT: %1 = "memref.get_global"() {name = @scalar} : () -> memref<f64>
// CHECK-NEXT: "func.return"(%0) : (memref<2xf32>) -> ()
// CHECK-NEXT: }) {function_type = () -> memref<2xf32>, sym_name = "globals"} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: memref<8x8xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index):
// CHECK-NEXT: %0 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<?x?xf32>
// CHECK-NEXT: %1 = "memref.cast"(%0) : (memref<?x?xf32>) -> memref<8x?xf32>
// CHECK-NEXT: %2 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<*xf32>
// CHECK-NEXT: %3 = "memref.cast"(%2) : (memref<*xf32>) -> memref<8x8xf32>
// CHECK-NEXT: %4 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: 2>>
// CHECK-NEXT: %5 = "memref.subview"(%arg0, %arg2, %arg3, %arg2) {operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, -9223372036854775808>} : (memref<8x8xf32>, index, index, index) -> memref<?x4xf32, strided<[8, ?], offset: ?>>
// CHECK-NEXT: %6 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 1, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<8xf32, strided<[1], offset: 16>>
// CHECK-NEXT: %7 = "memref.subview"(%arg1, %arg2, %arg3) {operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 2, 2>} : (memref<?x?xf32>, index, index) -> memref<4x4xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT: %8 = "memref.subview"(%4) {foo.tag, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> memref<2x2xf32, strided<[8, 1], offset: 11>>
// CHECK-NEXT: %9 = "memref.cast"(%4) : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %10 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<8x8xf32>
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (memref<8x8xf32>, memref<?x?xf32>, index, index) -> (), sym_name = "views"} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>, %arg2: index):
// CHECK-NEXT: %0 = "arith.constant"() {value = 0 : index} : () -> index
// CHECK-NEXT: %1 = "memref.dim"(%arg0, %0) : (memref<?x4xf32>, index) -> index
// CHECK-NEXT: %2 = "memref.dim"(%arg1, %arg2) : (memref<*xf32>, index) -> index
// CHECK-NEXT: %3 = "memref.rank"(%arg1) : (memref<*xf32>) -> index
// CHECK-NEXT: %4 = "memref.rank"(%arg0) {foo.tag} : (memref<?x4xf32>) -> index
// CHECK-NEXT: "func.return"(%1, %2, %3) : (index, index, index) -> ()
// CHECK-NEXT: }) {function_type = (memref<?x4xf32>, memref<*xf32>, index) -> (index, index, index), sym_name = "shapes"} : () -> ()
// CHECK-NEXT: }) : () -> ()
// CUSTOM: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CUSTOM-NEXT: module {
// CUSTOM-NEXT: memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CUSTOM-NEXT: memref.global @u : memref<4xi32> = uninitialized
// CUSTOM-NEXT: memref.global "private" @e : memref<4xi32>
// CUSTOM-NEXT: memref.global @splat : memref<2x3xi8> = dense<7>
// CUSTOM-NEXT: memref.global "nested" constant @scalar : memref<f64> = dense<1.500000e+00>
// CUSTOM-NEXT: func.func @alloc(%arg0: index, %arg1: index) {
// CUSTOM-NEXT: %0 = memref.alloc(%arg0) : memref<?x4xf32>
// CUSTOM-NEXT: %1 = memref.alloca() {alignment = 64 : i64} : memref<8x8xf32>
// CUSTOM-NEXT: %2 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
// CUSTOM-NEXT: %3 = memref.alloc() : memref<4xi32, 1>
// CUSTOM-NEXT: %4 = memref.alloca(%arg0, %arg1) {foo.tag} : memref<?x?xindex>
// CUSTOM-NEXT: memref.dealloc %0 : memref<?x4xf32>
// CUSTOM-NEXT: memref.dealloc %3 : memref<4xi32, 1>
// CUSTOM-NEXT: return
// CUSTOM-NEXT: }
// CUSTOM-NEXT: func.func @access(%arg0: memref<8x8xf32>, %arg1: memref<*xf32>, %arg2: memref<i32>, %arg3: index, %arg4: f32) -> f32 {
// CUSTOM-NEXT: %0 = memref.load %arg0[%arg3, %arg3] : memref<8x8xf32>
// CUSTOM-NEXT: memref.store %arg4, %arg0[%arg3, %arg3] : memref<8x8xf32>
// CUSTOM-NEXT: %1 = memref.load %arg0[%arg3, %arg3] {nontemporal = true} : memref<8x8xf32>
// CUSTOM-NEXT: memref.store %0, %arg0[%arg3, %arg3] {nontemporal = true} : memref<8x8xf32>
// CUSTOM-NEXT: %2 = memref.load %arg2[] : memref<i32>
// CUSTOM-NEXT: memref.store %2, %arg2[] : memref<i32>
// CUSTOM-NEXT: memref.copy %arg0, %arg0 : memref<8x8xf32> to memref<8x8xf32>
// CUSTOM-NEXT: %3 = memref.cast %arg0 : memref<8x8xf32> to memref<*xf32>
// CUSTOM-NEXT: memref.copy %arg1, %3 : memref<*xf32> to memref<*xf32>
// CUSTOM-NEXT: return %1 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: func.func @globals() -> memref<2xf32> {
// CUSTOM-NEXT: %0 = memref.get_global @c : memref<2xf32>
// CUSTOM-NEXT: %1 = memref.get_global @scalar : memref<f64>
// CUSTOM-NEXT: return %0 : memref<2xf32>
// CUSTOM-NEXT: }
// CUSTOM-NEXT: func.func @views(%arg0: memref<8x8xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
// CUSTOM-NEXT: %0 = memref.cast %arg0 : memref<8x8xf32> to memref<?x?xf32>
// CUSTOM-NEXT: %1 = memref.cast %0 : memref<?x?xf32> to memref<8x?xf32>
// CUSTOM-NEXT: %2 = memref.cast %arg0 : memref<8x8xf32> to memref<*xf32>
// CUSTOM-NEXT: %3 = memref.cast %2 : memref<*xf32> to memref<8x8xf32>
// CUSTOM-NEXT: %4 = memref.subview %arg0[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
// CUSTOM-NEXT: %5 = memref.subview %arg0[%arg2, 2] [%arg3, 4] [1, %arg2] : memref<8x8xf32> to memref<?x4xf32, strided<[8, ?], offset: ?>>
// CUSTOM-NEXT: %6 = memref.subview %arg0[2, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: 16>>
// CUSTOM-NEXT: %7 = memref.subview %arg1[%arg2, %arg3] [4, 4] [2, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 2], offset: ?>>
// CUSTOM-NEXT: %8 = memref.subview %4[1, 1] [2, 2] [1, 1] {foo.tag} : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[8, 1], offset: 11>>
// CUSTOM-NEXT: %9 = memref.cast %4 : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
// CUSTOM-NEXT: %10 = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<8x8xf32> to memref<8x8xf32>
// CUSTOM-NEXT: return
// CUSTOM-NEXT: }
// CUSTOM-NEXT: func.func @shapes(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>, %arg2: index) -> (index, index, index) {
// CUSTOM-NEXT: %c0 = arith.constant 0 : index
// CUSTOM-NEXT: %0 = memref.dim %arg0, %c0 : memref<?x4xf32>
// CUSTOM-NEXT: %1 = memref.dim %arg1, %arg2 : memref<*xf32>
// CUSTOM-NEXT: %2 = memref.rank %arg1 : memref<*xf32>
// CUSTOM-NEXT: %3 = memref.rank %arg0 {foo.tag} : memref<?x4xf32>
// CUSTOM-NEXT: return %0, %1, %2 : index, index, index
// CUSTOM-NEXT: }
// CUSTOM-NEXT: }

#map = affine_map<(d0)[s0] -> (d0 + s0)>
"builtin.module"() ({
  "memref.global"() {alignment = 64 : i64, constant, initial_value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "c", sym_visibility = "private", type = memref<2xf32>} : () -> ()
  "memref.global"() {initial_value, sym_name = "u", type = memref<4xi32>} : () -> ()
  "memref.global"() {sym_name = "e", sym_visibility = "private", type = memref<4xi32>} : () -> ()
  "memref.global"() {initial_value = dense<7> : tensor<2x3xi8>, sym_name = "splat", type = memref<2x3xi8>} : () -> ()
  "memref.global"() {constant, initial_value = dense<1.500000e+00> : tensor<f64>, sym_name = "scalar", sym_visibility = "nested", type = memref<f64>} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "memref.alloc"(%arg0) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?x4xf32>
    %1 = "memref.alloca"() {alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>} : () -> memref<8x8xf32>
    %2 = "memref.alloc"(%arg0, %arg1) {operandSegmentSizes = array<i32: 1, 1>} : (index, index) -> memref<?xf32, #map>
    %3 = "memref.alloc"() {operandSegmentSizes = array<i32: 0, 0>} : () -> memref<4xi32, 1>
    %4 = "memref.alloca"(%arg0, %arg1) {foo.tag, operandSegmentSizes = array<i32: 2, 0>} : (index, index) -> memref<?x?xindex>
    "memref.dealloc"(%0) : (memref<?x4xf32>) -> ()
    "memref.dealloc"(%3) : (memref<4xi32, 1>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index, index) -> (), sym_name = "alloc"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: memref<8x8xf32>, %arg1: memref<*xf32>, %arg2: memref<i32>, %arg3: index, %arg4: f32):
    %0 = "memref.load"(%arg0, %arg3, %arg3) : (memref<8x8xf32>, index, index) -> f32
    "memref.store"(%arg4, %arg0, %arg3, %arg3) : (f32, memref<8x8xf32>, index, index) -> ()
    %1 = "memref.load"(%arg0, %arg3, %arg3) {nontemporal = true} : (memref<8x8xf32>, index, index) -> f32
    "memref.store"(%0, %arg0, %arg3, %arg3) {nontemporal = true} : (f32, memref<8x8xf32>, index, index) -> ()
    %2 = "memref.load"(%arg2) : (memref<i32>) -> i32
    "memref.store"(%2, %arg2) : (i32, memref<i32>) -> ()
    "memref.copy"(%arg0, %arg0) : (memref<8x8xf32>, memref<8x8xf32>) -> ()
    %3 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<*xf32>
    "memref.copy"(%arg1, %3) : (memref<*xf32>, memref<*xf32>) -> ()
    "func.return"(%1) : (f32) -> ()
  }) {function_type = (memref<8x8xf32>, memref<*xf32>, memref<i32>, index, f32) -> f32, sym_name = "access"} : () -> ()
  "func.func"() ({
    %0 = "memref.get_global"() {name = @c} : () -> memref<2xf32>
    %1 = "memref.get_global"() {name = @scalar} : () -> memref<f64>
    "func.return"(%0) : (memref<2xf32>) -> ()
  }) {function_type = () -> memref<2xf32>, sym_name = "globals"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: memref<8x8xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index):
    %0 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<?x?xf32>
    %1 = "memref.cast"(%0) : (memref<?x?xf32>) -> memref<8x?xf32>
    %2 = "memref.cast"(%arg0) : (memref<8x8xf32>) -> memref<*xf32>
    %3 = "memref.cast"(%2) : (memref<*xf32>) -> memref<8x8xf32>
    %4 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: 2>>
    %5 = "memref.subview"(%arg0, %arg2, %arg3, %arg2) {operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, -9223372036854775808>} : (memref<8x8xf32>, index, index, index) -> memref<?x4xf32, strided<[8, ?], offset: ?>>
    %6 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 1, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<8xf32, strided<[1], offset: 16>>
    %7 = "memref.subview"(%arg1, %arg2, %arg3) {operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 2, 2>} : (memref<?x?xf32>, index, index) -> memref<4x4xf32, strided<[?, 2], offset: ?>>
    %8 = "memref.subview"(%4) {foo.tag, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>} : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> memref<2x2xf32, strided<[8, 1], offset: 11>>
    %9 = "memref.cast"(%4) : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
    %10 = "memref.subview"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<8x8xf32>
    "func.return"() : () -> ()
  }) {function_type = (memref<8x8xf32>, memref<?x?xf32>, index, index) -> (), sym_name = "views"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>, %arg2: index):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "memref.dim"(%arg0, %0) : (memref<?x4xf32>, index) -> index
    %2 = "memref.dim"(%arg1, %arg2) : (memref<*xf32>, index) -> index
    %3 = "memref.rank"(%arg1) : (memref<*xf32>) -> index
    %4 = "memref.rank"(%arg0) {foo.tag} : (memref<?x4xf32>) -> index
    "func.return"(%1, %2, %3) : (index, index, index) -> ()
  }) {function_type = (memref<?x4xf32>, memref<*xf32>, index) -> (index, index, index), sym_name = "shapes"} : () -> ()
}) : () -> ()
