// Round trip of every memref op in its custom form, as mlir-opt prints it:
// alloc/alloca with dynamic sizes, layout symbols, alignment and memory
// spaces; load/store (rank 0, nontemporal); globals (visibility, constant,
// dense and splat initial values written without their type,
// uninitialized, declarations); casts between ranked and unranked
// memrefs; subviews with static and dynamic offsets, sizes and strides and
// current MLIR's strided<> result layouts (rank-reduced too); dim and
// rank.  The first print is checked line by line; fixed-point.sh checks
// that printing it again gives the same text, in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @u : memref<4xi32> = uninitialized
// CHECK-NEXT: memref.global "private" @e : memref<4xi32>
// CHECK-NEXT: memref.global @splat : memref<2x3xi8> = dense<7>
// CHECK-NEXT: memref.global "nested" constant @scalar : memref<f64> = dense<1.500000e+00>
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @u : memref<4xi32> = uninitialized
memref.global "private" @e : memref<4xi32>
memref.global @splat : memref<2x3xi8> = dense<7>
memref.global "nested" constant @scalar : memref<f64> = dense<1.5>

// CHECK-LABEL: func.func @alloc(%arg0: index, %arg1: index) {
// CHECK-NEXT: %0 = memref.alloc(%arg0) : memref<?x4xf32>
// CHECK-NEXT: %1 = memref.alloca() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT: %2 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
// CHECK-NEXT: %3 = memref.alloc() : memref<4xi32, 1>
// CHECK-NEXT: %4 = memref.alloca(%arg0, %arg1) {foo.tag} : memref<?x?xindex>
// CHECK-NEXT: memref.dealloc %0 : memref<?x4xf32>
// CHECK-NEXT: memref.dealloc %3 : memref<4xi32, 1>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @alloc(%d: index, %s: index) {
  %0 = memref.alloc(%d) : memref<?x4xf32>
  %1 = memref.alloca() {alignment = 64 : i64} : memref<8x8xf32>
  %2 = memref.alloc(%d)[%s] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %3 = memref.alloc() : memref<4xi32, 1>
  %4 = memref.alloca(%d, %s) {foo.tag} : memref<?x?xindex>
  memref.dealloc %0 : memref<?x4xf32>
  memref.dealloc %3 : memref<4xi32, 1>
  return
}

// CHECK-LABEL: func.func @access(%arg0: memref<8x8xf32>, %arg1: memref<*xf32>, %arg2: memref<i32>, %arg3: index, %arg4: f32) -> f32 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg3, %arg3] : memref<8x8xf32>
// CHECK-NEXT: memref.store %arg4, %arg0[%arg3, %arg3] : memref<8x8xf32>
// CHECK-NEXT: %1 = memref.load %arg0[%arg3, %arg3] {nontemporal = true} : memref<8x8xf32>
// CHECK-NEXT: memref.store %0, %arg0[%arg3, %arg3] {nontemporal = true} : memref<8x8xf32>
// CHECK-NEXT: %2 = memref.load %arg2[] : memref<i32>
// CHECK-NEXT: memref.store %2, %arg2[] : memref<i32>
// CHECK-NEXT: memref.copy %arg0, %arg0 : memref<8x8xf32> to memref<8x8xf32>
// CHECK-NEXT: %3 = memref.cast %arg0 : memref<8x8xf32> to memref<*xf32>
// CHECK-NEXT: memref.copy %arg1, %3 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
func.func @access(%m: memref<8x8xf32>, %u: memref<*xf32>, %z: memref<i32>, %i: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i, %i] : memref<8x8xf32>
  memref.store %v, %m[%i, %i] : memref<8x8xf32>
  %1 = memref.load %m[%i, %i] {nontemporal = true} : memref<8x8xf32>
  memref.store %0, %m[%i, %i] {nontemporal = true} : memref<8x8xf32>
  %2 = memref.load %z[] : memref<i32>
  memref.store %2, %z[] : memref<i32>
  memref.copy %m, %m : memref<8x8xf32> to memref<8x8xf32>
  %c = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  memref.copy %u, %c : memref<*xf32> to memref<*xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @globals() -> memref<2xf32> {
// CHECK-NEXT: %0 = memref.get_global @c : memref<2xf32>
// CHECK-NEXT: %1 = memref.get_global @scalar : memref<f64>
// CHECK-NEXT: return %0 : memref<2xf32>
// CHECK-NEXT: }
func.func @globals() -> memref<2xf32> {
  %0 = memref.get_global @c : memref<2xf32>
  %1 = memref.get_global @scalar : memref<f64>
  return %0 : memref<2xf32>
}

// CHECK-LABEL: func.func @views(%arg0: memref<8x8xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
// CHECK-NEXT: %0 = memref.cast %arg0 : memref<8x8xf32> to memref<?x?xf32>
// CHECK-NEXT: %1 = memref.cast %0 : memref<?x?xf32> to memref<8x?xf32>
// CHECK-NEXT: %2 = memref.cast %arg0 : memref<8x8xf32> to memref<*xf32>
// CHECK-NEXT: %3 = memref.cast %2 : memref<*xf32> to memref<8x8xf32>
// CHECK-NEXT: %4 = memref.subview %arg0[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
// CHECK-NEXT: %5 = memref.subview %arg0[%arg2, 2] [%arg3, 4] [1, %arg2] : memref<8x8xf32> to memref<?x4xf32, strided<[8, ?], offset: ?>>
// CHECK-NEXT: %6 = memref.subview %arg0[2, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: 16>>
// CHECK-NEXT: %7 = memref.subview %arg1[%arg2, %arg3] [4, 4] [2, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT: %8 = memref.subview %4[1, 1] [2, 2] [1, 1] {foo.tag} : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[8, 1], offset: 11>>
// CHECK-NEXT: %9 = memref.cast %4 : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %10 = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<8x8xf32> to memref<8x8xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @views(%m: memref<8x8xf32>, %d: memref<?x?xf32>, %i: index, %j: index) {
  %0 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<8x?xf32>
  %2 = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  %3 = memref.cast %2 : memref<*xf32> to memref<8x8xf32>
  %4 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
  %5 = memref.subview %m[%i, 2] [%j, 4] [1, %i] : memref<8x8xf32> to memref<?x4xf32, strided<[8, ?], offset: ?>>
  %6 = memref.subview %m[2, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: 16>>
  %7 = memref.subview %d[%i, %j] [4, 4] [2, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 2], offset: ?>>
  %8 = memref.subview %4[1, 1] [2, 2] [1, 1] {foo.tag} : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[8, 1], offset: 11>>
  %9 = memref.cast %4 : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %10 = memref.subview %m[0, 0] [8, 8] [1, 1] : memref<8x8xf32> to memref<8x8xf32>
  return
}

// CHECK-LABEL: func.func @shapes(%arg0: memref<?x4xf32>, %arg1: memref<*xf32>, %arg2: index) -> (index, index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = memref.dim %arg0, %c0 : memref<?x4xf32>
// CHECK-NEXT: %1 = memref.dim %arg1, %arg2 : memref<*xf32>
// CHECK-NEXT: %2 = memref.rank %arg1 : memref<*xf32>
// CHECK-NEXT: %3 = memref.rank %arg0 {foo.tag} : memref<?x4xf32>
// CHECK-NEXT: return %0, %1, %2 : index, index, index
// CHECK-NEXT: }
func.func @shapes(%m: memref<?x4xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = memref.dim %m, %c0 : memref<?x4xf32>
  %1 = memref.dim %u, %i : memref<*xf32>
  %2 = memref.rank %u : memref<*xf32>
  %3 = memref.rank %m {foo.tag} : memref<?x4xf32>
  return %0, %1, %2 : index, index, index
}

