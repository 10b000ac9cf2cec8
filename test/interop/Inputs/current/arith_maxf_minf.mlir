// arith.maximumf and arith.minimumf, which MLIR 14 called arith.maxf and
// arith.minf (same semantics: NaN propagates, -0.0 < +0.0).
func.func @maxf_minf(%a: f32, %b: f32, %v: vector<4xf64>, %t: tensor<?xf16>) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.maximumf %v, %v : vector<4xf64>
  %3 = arith.minimumf %t, %t : tensor<?xf16>
  return
}
