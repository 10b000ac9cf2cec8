// The kernel checker catches a wrong kernel: vadd computing A - B instead of
// A + B is reported as a mismatch on C (and the run fails).
// RUN: not %python %S/Inputs/kernels.py vadd --work %t --src %strata_src_root --file %s | FileCheck %s
// CHECK: vadd: C MISMATCH at flat index
func.func @vadd(%A: memref<64xi32>, %B: memref<64xi32>, %C: memref<64xi32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %s = arith.subi %a, %b : i32
    affine.store %s, %C[%i] : memref<64xi32>
  }
  return
}
