// negf of a constant and of a negf: current MLIR folds both, MLIR 14 has
// no negf folder.
func @negf_fold(%x: f32) -> (f32, f32) {
  %a = arith.constant 2.5 : f32
  %0 = arith.negf %a : f32
  %1 = arith.negf %x : f32
  %2 = arith.negf %1 : f32
  return %0, %2 : f32, f32
}
