// An scf.while whose condition is constantly false: its before region
// still runs once; MLIR 14 has no pattern for it.
func @scf_while_const_false(%x: i32) -> i32 {
  %f = arith.constant false
  %r = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%f) %a : i32
  } do {
  ^bb0(%a: i32):
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  return %r : i32
}
