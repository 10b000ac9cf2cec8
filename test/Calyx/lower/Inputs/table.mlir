// Constant tables (memref.global constant) read by a kernel: a 2-D weight
// table, a lookup table at a computed index (a tone curve), and a table
// the threads of an affine.parallel share (split into banks, each holding
// its indices' contents).
memref.global "private" constant @w : memref<2x3xi8> = dense<[[1, -2, 3], [127, -128, 5]]>
memref.global "private" constant @curve : memref<16xi8> = dense<[0, 9, 17, 24, 30, 35, 39, 42, 44, -1, -7, -20, 100, 101, 102, 127]>
memref.global "private" constant @bias : memref<4xi8> = dense<[10, 20, 30, 40]>

func.func @tables(%a: memref<2x3xi8>, %b: memref<4xi8>) {
  %w = memref.get_global @w : memref<2x3xi8>
  %curve = memref.get_global @curve : memref<16xi8>
  %bias = memref.get_global @bias : memref<4xi8>
  %c15 = arith.constant 15 : i8
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %x = affine.load %a[%i, %j] : memref<2x3xi8>
      %k = affine.load %w[%i, %j] : memref<2x3xi8>
      %s = arith.addi %x, %k : i8
      %m = arith.andi %s, %c15 : i8
      %ix = arith.index_cast %m : i8 to index
      %y = memref.load %curve[%ix] : memref<16xi8>
      affine.store %y, %a[%i, %j] : memref<2x3xi8>
    }
  }
  affine.parallel (%i) = (0) to (4) {
    %x = affine.load %b[%i] : memref<4xi8>
    %k = affine.load %bias[%i] : memref<4xi8>
    %s = arith.addi %x, %k : i8
    affine.store %s, %b[%i] : memref<4xi8>
  }
  return
}
