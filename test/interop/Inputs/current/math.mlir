// math in the current spelling, through mlir-opt-14: every op MLIR 14 has
// (math.absf is MLIR 14's math.abs), on scalars, vectors and tensors.
func.func @f(%a: f32, %b: f64, %v: vector<4xf32>, %t: tensor<2xf16>, %i: i32, %iv: vector<2xi64>) {
  %0 = math.absf %a : f32
  %1 = math.atan %b : f64
  %2 = math.atan2 %a, %a : f32
  %3 = math.ceil %v : vector<4xf32>
  %4 = math.copysign %a, %a : f32
  %5 = math.cos %t : tensor<2xf16>
  %6 = math.sin %a : f32
  %7 = math.erf %a : f32
  %8 = math.exp %a : f32
  %9 = math.exp2 %a : f32
  %10 = math.expm1 %a : f32
  %11 = math.floor %a : f32
  %12 = math.fma %a, %a, %a : f32
  %13 = math.log %a : f32
  %14 = math.log10 %a : f32
  %15 = math.log1p %a : f32
  %16 = math.log2 %a : f32
  %17 = math.powf %b, %b : f64
  %18 = math.rsqrt %a : f32
  %19 = math.sqrt %v : vector<4xf32>
  %20 = math.tanh %a : f32
  %21 = math.ctlz %i : i32
  %22 = math.cttz %iv : vector<2xi64>
  %23 = math.ctpop %i : i32
  return
}
