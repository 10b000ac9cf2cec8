// Round trip of every math op in its custom form: float ops on scalars,
// vectors and tensors of every float type, current MLIR's `fastmath<...>`
// flags (left out when `none`), the integer ops.  The first print is
// checked line by line; fixed-point.sh checks that printing it again gives
// the same text, in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: func.func @float_unary(%arg0: f32, %arg1: f64, %arg2: vector<4xf16>, %arg3: tensor<?xbf16>) {
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.atan %arg1 : f64
// CHECK-NEXT: %2 = math.cbrt %arg2 : vector<4xf16>
// CHECK-NEXT: %3 = math.ceil %arg3 : tensor<?xbf16>
// CHECK-NEXT: %4 = math.cos %arg0 : f32
// CHECK-NEXT: %5 = math.erf %arg0 : f32
// CHECK-NEXT: %6 = math.exp %arg0 : f32
// CHECK-NEXT: %7 = math.exp2 %arg0 : f32
// CHECK-NEXT: %8 = math.expm1 %arg0 : f32
// CHECK-NEXT: %9 = math.floor %arg0 : f32
// CHECK-NEXT: %10 = math.log %arg0 : f32
// CHECK-NEXT: %11 = math.log10 %arg0 : f32
// CHECK-NEXT: %12 = math.log1p %arg0 : f32
// CHECK-NEXT: %13 = math.log2 %arg0 : f32
// CHECK-NEXT: %14 = math.round %arg0 : f32
// CHECK-NEXT: %15 = math.roundeven %arg0 : f32
// CHECK-NEXT: %16 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %17 = math.sin %arg0 : f32
// CHECK-NEXT: %18 = math.sqrt %arg0 : f32
// CHECK-NEXT: %19 = math.tan %arg0 : f32
// CHECK-NEXT: %20 = math.tanh %arg0 : f32
// CHECK-NEXT: %21 = math.trunc %arg0 : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_unary(%a: f32, %b: f64, %v: vector<4xf16>, %t: tensor<?xbf16>) {
  %0 = math.absf %a : f32
  %1 = math.atan %b : f64
  %2 = math.cbrt %v : vector<4xf16>
  %3 = math.ceil %t : tensor<?xbf16>
  %4 = math.cos %a : f32
  %5 = math.erf %a : f32
  %6 = math.exp %a : f32
  %7 = math.exp2 %a : f32
  %8 = math.expm1 %a : f32
  %9 = math.floor %a : f32
  %10 = math.log %a : f32
  %11 = math.log10 %a : f32
  %12 = math.log1p %a : f32
  %13 = math.log2 %a : f32
  %14 = math.round %a : f32
  %15 = math.roundeven %a : f32
  %16 = math.rsqrt %a : f32
  %17 = math.sin %a : f32
  %18 = math.sqrt %a : f32
  %19 = math.tan %a : f32
  %20 = math.tanh %a : f32
  %21 = math.trunc %a : f32
  return
}

// CHECK-LABEL: func.func @float_binary(%arg0: f32, %arg1: vector<2xf64>) {
// CHECK-NEXT: %0 = math.atan2 %arg0, %arg0 : f32
// CHECK-NEXT: %1 = math.copysign %arg1, %arg1 : vector<2xf64>
// CHECK-NEXT: %2 = math.powf %arg0, %arg0 : f32
// CHECK-NEXT: %3 = math.fma %arg0, %arg0, %arg0 : f32
// CHECK-NEXT: %4 = math.fma %arg1, %arg1, %arg1 : vector<2xf64>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_binary(%a: f32, %v: vector<2xf64>) {
  %0 = math.atan2 %a, %a : f32
  %1 = math.copysign %v, %v : vector<2xf64>
  %2 = math.powf %a, %a : f32
  %3 = math.fma %a, %a, %a : f32
  %4 = math.fma %v, %v, %v : vector<2xf64>
  return
}

// CHECK-LABEL: func.func @fastmath(%arg0: f32, %arg1: vector<4xf64>) {
// CHECK-NEXT: %0 = math.sqrt %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %1 = math.powf %arg0, %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %2 = math.fma %arg0, %arg0, %arg0 fastmath<contract> : f32
// CHECK-NEXT: %3 = math.exp %arg0 : f32
// CHECK-NEXT: %4 = math.tanh %arg0 fastmath<afn> {foo.tag} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @fastmath(%a: f32, %v: vector<4xf64>) {
  %0 = math.sqrt %v fastmath<fast> : vector<4xf64>
  %1 = math.powf %a, %a fastmath<nnan,ninf> : f32
  %2 = math.fma %a, %a, %a fastmath<contract> : f32
  %3 = math.exp %a fastmath<none> : f32
  %4 = math.tanh %a fastmath<afn> {foo.tag} : f32
  return
}

// CHECK-LABEL: func.func @integer(%arg0: i32, %arg1: tensor<2xi8>, %arg2: vector<3xi64>) {
// CHECK-NEXT: %0 = math.absi %arg0 : i32
// CHECK-NEXT: %1 = math.ctlz %arg0 : i32
// CHECK-NEXT: %2 = math.cttz %arg2 : vector<3xi64>
// CHECK-NEXT: %3 = math.ctpop %arg1 : tensor<2xi8>
// CHECK-NEXT: %4 = math.ipowi %arg0, %arg0 {foo.tag} : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @integer(%i: i32, %t: tensor<2xi8>, %v: vector<3xi64>) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %i : i32
  %2 = math.cttz %v : vector<3xi64>
  %3 = math.ctpop %t : tensor<2xi8>
  %4 = math.ipowi %i, %i {foo.tag} : i32
  return
}

