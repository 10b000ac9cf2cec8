// Element-wise signed division of int8 vectors: Q[i] = N[i] / D[i]
// (the divisors are drawn non-zero, and -128 / -1 is avoided).
func.func @div8(%N: memref<32xi8> {calyx.name = "N"}, %D: memref<32xi8> {calyx.name = "D"},
                %Q: memref<32xi8> {calyx.name = "Q"}) {
  affine.for %i = 0 to 32 {
    %n = affine.load %N[%i] : memref<32xi8>
    %d = affine.load %D[%i] : memref<32xi8>
    %q = arith.divsi %n, %d : i8
    affine.store %q, %Q[%i] : memref<32xi8>
  }
  return
}
