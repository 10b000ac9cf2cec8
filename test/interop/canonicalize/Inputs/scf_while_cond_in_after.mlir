// In the after region of scf.while the condition is known to be true, so
// a use of it there becomes the constant.
func @scf_while_cond_in_after(%n: i32, %m: memref<4xi1>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %r = scf.while (%a = %c0) : (i32) -> i32 {
    %b = arith.cmpi slt, %a, %n : i32
    scf.condition(%b) %a : i32
  } do {
  ^bb0(%a: i32):
    %b = arith.cmpi slt, %a, %n : i32
    memref.store %b, %m[%i0] : memref<4xi1>
    %s = arith.addi %a, %c1 : i32
    scf.yield %s : i32
  }
  return %r : i32
}
