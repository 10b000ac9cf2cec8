// Every memref folder and canonicalization pattern (MLIR 14's): constant
// sizes folded into alloc/alloca (with a cast back to the old type, the
// alignment kept), allocations that are only stored into and freed erased
// (not when the buffer itself is stored), casts of ranked memrefs folded
// into load, store, copy, dealloc, dim and casts, identity casts, self
// copies, dim of static sizes, of allocation sizes, of subview sizes and of
// casts, rank of ranked memrefs, constant subview operands folded into the
// static lists and subviews of casts taking the cast's source (each with a
// cast to the old result type), subviews of the whole source.
// RUN: strata-opt --canonicalize --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @alloc_const_size(%arg0: index) -> memref<?x?xf32> {
// CHECK-NEXT: %0 = memref.alloc(%arg0) {alignment = 16 : i64} : memref<4x?xf32>
// CHECK-NEXT: %1 = memref.cast %0 : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT: return %1 : memref<?x?xf32>
// CHECK-NEXT: }
func.func @alloc_const_size(%d: index) -> memref<?x?xf32> {
  %c4 = arith.constant 4 : index
  %0 = memref.alloc(%c4, %d) {alignment = 16 : i64} : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @alloca_const_size(%arg0: f32) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.store %arg0, %0[%c0] : memref<4xf32>
// CHECK-NEXT: %1 = memref.load %0[%c0] : memref<4xf32>
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
func.func @alloca_const_size(%v: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %0 = memref.alloca(%c4) : memref<?xf32>
  memref.store %v, %0[%c0] : memref<?xf32>
  %1 = memref.load %0[%c0] : memref<?xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @dead_alloc(%arg0: f32, %arg1: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_alloc(%v: f32, %i: index) {
  %0 = memref.alloc() : memref<8xf32>
  memref.store %v, %0[%i] : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  %1 = memref.alloca() : memref<8xf32>
  memref.store %v, %1[%i] : memref<8xf32>
  return
}

// CHECK-LABEL: func.func @alloc_stored_elsewhere(%arg0: memref<1xmemref<8xf32>>, %arg1: index) {
// CHECK-NEXT: %0 = memref.alloc() : memref<8xf32>
// CHECK-NEXT: memref.store %0, %arg0[%arg1] : memref<1xmemref<8xf32>>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @alloc_stored_elsewhere(%m: memref<1xmemref<8xf32>>, %i: index) {
  %0 = memref.alloc() : memref<8xf32>
  memref.store %0, %m[%i] : memref<1xmemref<8xf32>>
  return
}

// CHECK-LABEL: func.func @cast_into_users(%arg0: memref<8xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT: %1 = memref.alloc() : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %1 : memref<8xf32> to memref<8xf32>
// CHECK-NEXT: memref.dealloc %1 : memref<8xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @cast_into_users(%m: memref<8xf32>, %i: index, %v: f32) -> f32 {
  %0 = memref.cast %m : memref<8xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  memref.copy %0, %0 : memref<?xf32> to memref<?xf32>
  %2 = memref.alloc() : memref<8xf32>
  %3 = memref.cast %2 : memref<8xf32> to memref<?xf32>
  memref.copy %0, %3 : memref<?xf32> to memref<?xf32>
  memref.dealloc %3 : memref<?xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @cast_chains(%arg0: memref<8xf32>) -> (memref<*xf32>, memref<8xf32>) {
// CHECK-NEXT: %0 = memref.cast %arg0 : memref<8xf32> to memref<*xf32>
// CHECK-NEXT: return %0, %arg0 : memref<*xf32>, memref<8xf32>
// CHECK-NEXT: }
func.func @cast_chains(%m: memref<8xf32>) -> (memref<*xf32>, memref<8xf32>) {
  %0 = memref.cast %m : memref<8xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<*xf32>
  %2 = memref.cast %m : memref<8xf32> to memref<8xf32>
  return %1, %2 : memref<*xf32>, memref<8xf32>
}

// CHECK-LABEL: func.func @dims(%arg0: index, %arg1: memref<8xf32>) -> (index, index, index, index, index) {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = memref.alloc(%arg0) : memref<4x?xf32>
// CHECK-NEXT: "test.use"(%0) : (memref<4x?xf32>) -> ()
// CHECK-NEXT: return %c4, %arg0, %c8, %arg0, %c2 : index, index, index, index, index
// CHECK-NEXT: }
func.func @dims(%d: index, %m: memref<8xf32>) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%d) : memref<4x?xf32>
  %1 = memref.dim %0, %c0 : memref<4x?xf32>
  %2 = memref.dim %0, %c1 : memref<4x?xf32>
  %3 = memref.cast %m : memref<8xf32> to memref<?xf32>
  %4 = memref.dim %3, %c0 : memref<?xf32>
  %5 = memref.subview %m[%c1] [%d] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
  %6 = memref.dim %5, %c0 : memref<?xf32, strided<[1], offset: ?>>
  %7 = memref.rank %0 : memref<4x?xf32>
  "test.use"(%0) : (memref<4x?xf32>) -> ()
  return %1, %2, %4, %6, %7 : index, index, index, index, index
}

// CHECK-LABEL: func.func @subview_constants(%arg0: memref<8x8xf32>) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
// CHECK-NEXT: %0 = memref.subview %arg0[1, 0] [2, 4] [1, 1] : memref<8x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 8>>
// CHECK-NEXT: %1 = memref.cast %0 : memref<2x4xf32, strided<[8, 1], offset: 8>> to memref<?x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: return %1 : memref<?x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: }
func.func @subview_constants(%m: memref<8x8xf32>) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = memref.subview %m[%c1, 0] [%c2, 4] [1, 1] : memref<8x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  return %0 : memref<?x4xf32, strided<[8, 1], offset: ?>>
}

// CHECK-LABEL: func.func @subview_of_cast(%arg0: memref<8x8xf32>, %arg1: index) -> memref<4x4xf32, strided<[?, 1], offset: ?>> {
// CHECK-NEXT: %0 = memref.subview %arg0[%arg1, %arg1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: %1 = memref.cast %0 : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %1 : memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: }
func.func @subview_of_cast(%m: memref<8x8xf32>, %i: index) -> memref<4x4xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %1 = memref.subview %0[%i, %i] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<4x4xf32, strided<[?, 1], offset: ?>>
}

// CHECK-LABEL: func.func @subview_whole(%arg0: memref<8x8xf32>) -> memref<8x8xf32> {
// CHECK-NEXT: return %arg0 : memref<8x8xf32>
// CHECK-NEXT: }
func.func @subview_whole(%m: memref<8x8xf32>) -> memref<8x8xf32> {
  %0 = memref.subview %m[0, 0] [8, 8] [1, 1] : memref<8x8xf32> to memref<8x8xf32>
  return %0 : memref<8x8xf32>
}

