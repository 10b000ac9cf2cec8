// MLIR 14 spelling: arith.maxf and arith.minf, now arith.maximumf and
// arith.minimumf.
func @maxf_minf(%arg0: f32, %arg1: f32, %arg2: vector<4xf64>) {
  %0 = arith.maxf %arg0, %arg1 : f32
  %1 = arith.minf %arg0, %arg1 : f32
  %2 = arith.maxf %arg2, %arg2 : vector<4xf64>
  return
}
