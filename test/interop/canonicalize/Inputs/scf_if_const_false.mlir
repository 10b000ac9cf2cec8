// scf.if on a constant false condition is its else region.
func @scf_if_const_false(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> (i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %x, %y : i32
    scf.yield %b : i32
  }
  return %r : i32
}
