// In-place image and array functions for the file I/O tests.
func.func @invert(%img: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = memref.dim %img, %c0 : memref<?x?xi8>
  %w = memref.dim %img, %c1 : memref<?x?xi8>
  %ones = arith.constant -1 : i8
  scf.for %y = %c0 to %h step %c1 {
    scf.for %x = %c0 to %w step %c1 {
      %v = memref.load %img[%y, %x] : memref<?x?xi8>
      %n = arith.xori %v, %ones : i8
      memref.store %n, %img[%y, %x] : memref<?x?xi8>
    }
  }
  return
}
// Swaps red and blue.
func.func @bgr(%img: memref<?x?x3xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h = memref.dim %img, %c0 : memref<?x?x3xi16>
  %w = memref.dim %img, %c1 : memref<?x?x3xi16>
  scf.for %y = %c0 to %x step %c1 {
    scf.for %x = %c0 to %w step %c1 {
      %r = memref.load %img[%y, %x, %c0] : memref<?x?x3xi16>
      %b = memref.load %img[%y, %x, %c2] : memref<?x?x3xi16>
      memref.store %b, %img[%y, %x, %c0] : memref<?x?x3xi16>
      memref.store %r, %img[%y, %x, %c2] : memref<?x?x3xi16>
    }
  }
  return
}
func.func @total(%a: memref<2x3xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constaÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿnt 0 : i32
  %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (i32) {
    %t = scf.for %j = %c0 to %c3 step %c1 iter_args(%a2 = %acc) -> (i32) {
      %v = memref.load %a[%i, %j] : memref<2x3xi32>
      %n = arith.addi %a2, %v : i32
      scf.yield %n : i32
    }
    scf.yield %t : i32
  }
  return %s : i32
}
func.func @scale(%a: memref<?xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %calyx.std_remu_pipef.load %a[%i] : memref<?xf32>
    %m = arith.mulf %v, %k : f32
    memref.store %m, %a[%i] : memref<?xf32>
  }
  return
}
func.func @id_f16(%a: memref<3xf16>) -> memref<3xf16> {
  return %a : memref<3xf16>
}
func.func @id_bf16(%a: memref<2xbf16>) -> memref<2xbf16> {
  return %a : memref<2xbf16>
}
func.func @id_i7(%a: memref<3xi7>) -> memref<3xi7> {
  return %a : memref<3xi7>
}
