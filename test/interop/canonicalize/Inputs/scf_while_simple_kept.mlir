// A counting scf.while loop stays as it is.
func @scf_while_simple_kept(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%a = %c0) : (i32) -> i32 {
    %b = arith.cmpi slt, %a, %n : i32
    scf.condition(%b) %a : i32
  } do {
  ^bb0(%a: i32):
    %s = arith.addi %a, %c1 : i32
    scf.yield %s : i32
  }
  return %r : i32
}
