// memref in the current spelling, through mlir-opt-14: every op MLIR 14
// has, strided<> layouts (MLIR 14 writes the affine maps; they read back as
// strided<>), dynamic sizes and layout symbols, globals of every kind,
// subviews with static and dynamic parts (MLIR 14's integer lists, -1 for
// a dynamic size), casts to and from unranked memrefs.
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @u : memref<4xi32> = uninitialized
memref.global "private" @e : memref<4xi32>
memref.global @splat : memref<2x3xi8> = dense<7>

func.func @f(%d: index, %s: index, %v: f32, %m: memref<?x?xf32>) -> index {
  %0 = memref.alloc(%d) : memref<?x4xf32>
  %1 = memref.alloca() {alignment = 64 : i64} : memref<8x8xf32>
  %2 = memref.alloc(%d)[%s] : memref<?xf32, strided<[1], offset: ?>>
  %3 = memref.alloc() : memref<4xi32, 1>
  %c0 = arith.constant 0 : index
  %4 = memref.load %1[%c0, %c0] : memref<8x8xf32>
  memref.store %v, %1[%c0, %d] : memref<8x8xf32>
  %5 = memref.get_global @c : memref<2xf32>
  %6 = memref.cast %1 : memref<8x8xf32> to memref<?x?xf32>
  %7 = memref.subview %1[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
  %8 = memref.subview %1[%d, 2] [%s, 4] [1, %d] : memref<8x8xf32> to memref<?x4xf32, strided<[8, ?], offset: ?>>
  %9 = memref.subview %m[%d, %s] [4, 4] [2, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 2], offset: ?>>
  %10 = memref.subview %1[2, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: 16>>
  memref.copy %1, %6 : memref<8x8xf32> to memref<?x?xf32>
  %11 = memref.dim %0, %c0 : memref<?x4xf32>
  %12 = memref.rank %0 : memref<?x4xf32>
  %13 = memref.cast %1 : memref<8x8xf32> to memref<*xf32>
  %14 = memref.dim %13, %c0 : memref<*xf32>
  %15 = memref.cast %7 : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  memref.dealloc %0 : memref<?x4xf32>
  memref.dealloc %3 : memref<4xi32, 1>
  return %11 : index
}
