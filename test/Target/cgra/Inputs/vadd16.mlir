// A 16-bit vector add without an accelerated pipeline (no accel.kernel):
// every operation is one a PE has, but nothing marks what the fabric runs.
func.func @vadd(%A: memref<8xi16>, %B: memref<8xi16>, %C: memref<8xi16>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi16>
    %b = affine.load %B[%i] : memref<8xi16>
    %s = arith.addi %a, %b : i16
    affine.store %s, %C[%i] : memref<8xi16>
  }
  return
}
