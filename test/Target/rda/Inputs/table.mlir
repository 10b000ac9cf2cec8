// Constant tables (memref.global constant): a 3-tap i16 weight table and an
// f32 gain table indexed by data (a lookup), each held by a memory unit the
// configuration initialises.
memref.global "private" constant @w : memref<3xi16> = dense<[1, -2, 3]>
memref.global "private" constant @gain : memref<4xf32> = dense<[0.5, 1.25, -2.0, 3.0e+03]>
func.func @k(%A: memref<34xi16>, %B: memref<32xi16>, %C: memref<32xf32>) {
  %c0 = arith.constant 0 : i16
  affine.for %i = 0 to 32 {
    %s = affine.for %t = 0 to 3 iter_args(%acc = %c0) -> (i16) {
      %w = memref.get_global @w : memref<3xi16>
      %k = affine.load %w[%t] : memref<3xi16>
      %a = affine.load %A[%i + %t] : memref<34xi16>
      %m = arith.muli %k, %a : i16
      %n = arith.addi %acc, %m : i16
      affine.yield %n : i16
    }
    affine.store %s, %B[%i] : memref<32xi16>
    %g = memref.get_global @gain : memref<4xf32>
    %x = affine.load %A[%i] : memref<34xi16>
    %c3 = arith.constant 3 : i16
    %j = arith.andi %x, %c3 : i16
    %ji = arith.index_cast %j : i16 to index
    %f = memref.load %g[%ji] : memref<4xf32>
    %xf = arith.sitofp %x : i16 to f32
    %y = arith.mulf %f, %xf : f32
    affine.store %y, %C[%i] : memref<32xf32>
  }
  return
}
