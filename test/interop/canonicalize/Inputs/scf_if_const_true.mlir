// scf.if on a constant true condition is its then region.
func @scf_if_const_true(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %r = scf.if %t -> (i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %x, %y : i32
    scf.yield %b : i32
  }
  return %r : i32
}
