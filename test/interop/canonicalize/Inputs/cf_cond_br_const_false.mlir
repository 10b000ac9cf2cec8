// cond_br on a constant false condition takes the false edge; the true
// destination becomes unreachable and is removed.
func @cf_cond_br_const_false(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  cond_br %f, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %x, %y : i32
  return %0 : i32
^bb2:
  %1 = arith.subi %x, %y : i32
  return %1 : i32
}
