// math in MLIR 14's own syntax: math.abs (math.absf now).
func @f(%a: f32, %v: vector<2xf64>) -> (f32, vector<2xf64>) {
  %0 = math.abs %a : f32
  %1 = math.abs %v : vector<2xf64>
  %2 = math.sqrt %0 : f32
  return %2, %1 : f32, vector<2xf64>
}
