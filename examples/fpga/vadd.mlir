// Vector add: C[i] = A[i] + B[i] on 64 elements.
func.func @vadd(%A: memref<64xi32> {calyx.name = "A"}, %B: memref<64xi32> {calyx.name = "B"},
                %C: memref<64xi32> {calyx.name = "C"}) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %C[%i] : memref<64xi32>
  }
  return
}
