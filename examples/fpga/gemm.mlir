// C = A * B on 16x16 matrices; the innermost loop reduces in iter_args.
func.func @gemm(%A: memref<16x16xi32> {calyx.name = "A"}, %B: memref<16x16xi32> {calyx.name = "B"},
                %C: memref<16x16xi32> {calyx.name = "C"}) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %s = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> (i32) {
        %a = affine.load %A[%i, %k] : memref<16x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x16xi32>
        %p = arith.muli %a, %b : i32
        %n = arith.addi %acc, %p : i32
        affine.yield %n : i32
      }
      affine.store %s, %C[%i, %j] : memref<16x16xi32>
    }
  }
  return
}
