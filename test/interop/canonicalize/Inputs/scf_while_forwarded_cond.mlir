// The condition is also forwarded to the after region as an argument: in
// there it is true.
func @scf_while_forwarded_cond(%n: i32, %m: memref<4xi1>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %r:2 = scf.while (%a = %c0) : (i32) -> (i32, i1) {
    %b = arith.cmpi slt, %a, %n : i32
    scf.condition(%b) %a, %b : i32, i1
  } do {
  ^bb0(%a: i32, %b: i1):
    memref.store %b, %m[%i0] : memref<4xi1>
    %s = arith.addi %a, %c1 : i32
    scf.yield %s : i32
  }
  return
}
