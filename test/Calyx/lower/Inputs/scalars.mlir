// Scalar arguments and results: Y[i] = a * X[i] + b (b an i16 argument without a name, so its port
// is in2), and the kernel returns the sum of Y and the number of its positive elements.
func.func @saxpy(%a: i32 {calyx.name = "a"}, %X: memref<16xi32> {calyx.name = "X"}, %b: i16,
                 %Y: memref<16xi32> {calyx.name = "Y"}) -> (i32, i8) {
  %c0 = arith.constant 0 : i32
  %z8 = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %bw = arith.extsi %b : i16 to i32
  %r:2 = affine.for %i = 0 to 16 iter_args(%s = %c0, %n = %z8) -> (i32, i8) {
    %x = affine.load %X[%i] : memref<16xi32>
    %p = arith.muli %a, %x : i32
    %y = arith.addi %p, %bw : i32
    affine.store %y, %Y[%i] : memref<16xi32>
    %s2 = arith.addi %s, %y : i32
    %pos = arith.cmpi sgt, %y, %c0 : i32
    %n1 = arith.addi %n, %one : i8
    %n2 = arith.select %pos, %n1, %n : i8
    affine.yield %s2, %n2 : i32, i8
  }
  return %r#0, %r#1 : i32, i8
}
