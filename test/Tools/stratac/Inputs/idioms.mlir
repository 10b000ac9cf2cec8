// What the capability check asks for a select: a maximum written as
// select(cmp(x, y), x, y) needs MAX/MIN (or a select); a select of a
// condition known when compiling (Halide's shift-by-constant lowering)
// needs nothing; any other select needs SELECT.
func.func @idioms(%a: memref<8xi32>, %b: memref<8xi32>, %c: memref<8xi32>) {
  %c4 = arith.constant 4 : i32
  %c32 = arith.constant 32 : i32
  %c0 = arith.constant 0 : i32
  %big = arith.cmpi uge, %c4, %c32 : i32
  %amount = arith.select %big, %c0, %c4 : i32
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %b[%i] : memref<8xi32>
    %gt = arith.cmpi sgt, %x, %y : i32
    %max = arith.select %gt, %x, %y : i32
    %odd = arith.select %gt, %x, %amount : i32
    %s = arith.muli %max, %odd : i32
    affine.store %s, %c[%i] : memref<8xi32>
  }
  return
}
