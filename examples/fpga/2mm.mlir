// PolyBench 2mm on 8x8 matrices: tmp = alpha * A * B, D = beta * D + tmp * C
// (alpha = 2, beta = 3); tmp is a local buffer (an internal memory).
func.func @twomm(%A: memref<8x8xi32> {calyx.name = "A"}, %B: memref<8x8xi32> {calyx.name = "B"},
                 %C: memref<8x8xi32> {calyx.name = "C"}, %D: memref<8x8xi32> {calyx.name = "D"}) {
  %zero = arith.constant 0 : i32
  %alpha = arith.constant 2 : i32
  %beta = arith.constant 3 : i32
  %tmp = memref.alloc() : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (i32) {
        %a = affine.load %A[%i, %k] : memref<8x8xi32>
        %b = affine.load %B[%k, %j] : memref<8x8xi32>
        %ab = arith.muli %a, %b : i32
        %p = arith.muli %alpha, %ab : i32
        %n = arith.addi %acc, %p : i32
        affine.yield %n : i32
      }
      affine.store %s, %tmp[%i, %j] : memref<8x8xi32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %d = affine.load %D[%i, %j] : memref<8x8xi32>
      %d3 = arith.muli %d, %beta : i32
      %s = affine.for %k = 0 to 8 iter_args(%acc = %d3) -> (i32) {
        %t = affine.load %tmp[%i, %k] : memref<8x8xi32>
        %c = affine.load %C[%k, %j] : memref<8x8xi32>
        %p = arith.muli %t, %c : i32
        %n = arith.addi %acc, %p : i32
        affine.yield %n : i32
      }
      affine.store %s, %D[%i, %j] : memref<8x8xi32>
    }
  }
  memref.dealloc %tmp : memref<8x8xi32>
  return
}
