// Dot product of two vectors of i32 (Zhang, Table 4.1: 1048576 elements;
// 4096 here).  The sum is the kernel's result.
func.func @dot(%A: memref<4096xi32>, %B: memref<4096xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 4096 iter_args(%acc = %zero) -> (i32) {
    %a = affine.load %A[%i] : memref<4096xi32>
    %b = affine.load %B[%i] : memref<4096xi32>
    %p = arith.muli %a, %b : i32
    %n = arith.addi %acc, %p : i32
    affine.yield %n : i32
  }
  return %sum : i32
}
