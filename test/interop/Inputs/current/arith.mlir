// arith: every op MLIR 14 has (std.select is arith.select now), on
// scalars, vectors and tensors; every cmpi and cmpf predicate; constants of
// every kind.  arith.maximumf/minimumf (MLIR 14's maxf/minf) are in
// arith_maxf_minf.mlir.
func.func @constants() -> (i1, i8, i32, i64, index, f16, bf16, f32, f64, vector<4xi32>, tensor<2x2xf32>) {
  %b = arith.constant true
  %i8 = arith.constant -128 : i8
  %i32 = arith.constant 42 : i32
  %i64 = arith.constant 9223372036854775807 : i64
  %idx = arith.constant 7 : index
  %h = arith.constant 1.5 : f16
  %bf = arith.constant -2.0 : bf16
  %f = arith.constant 0x7FC00000 : f32
  %d = arith.constant 3.141592653589793 : f64
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %t = arith.constant dense<0.5> : tensor<2x2xf32>
  return %b, %i8, %i32, %i64, %idx, %h, %bf, %f, %d, %v, %t : i1, i8, i32, i64, index, f16, bf16, f32, f64, vector<4xi32>, tensor<2x2xf32>
}
func.func @int_binary(%a: i32, %b: i32, %va: vector<4xi64>, %vb: vector<4xi64>, %ta: tensor<?xindex>, %tb: tensor<?xindex>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addi %va, %vb : vector<4xi64>
  %21 = arith.muli %ta, %tb : tensor<?xindex>
  return
}
func.func @float_binary(%a: f32, %b: f32, %v: vector<2xf64>, %t: tensor<4xf16>) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %7 = arith.negf %a : f32
  %8 = arith.addf %v, %v : vector<2xf64>
  %9 = arith.negf %t : tensor<4xf16>
  return
}
func.func @compare(%a: i32, %b: i32, %x: f64, %y: f64, %va: vector<4xi8>, %vx: tensor<2xf32>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpf false, %x, %y : f64
  %11 = arith.cmpf oeq, %x, %y : f64
  %12 = arith.cmpf ogt, %x, %y : f64
  %13 = arith.cmpf oge, %x, %y : f64
  %14 = arith.cmpf olt, %x, %y : f64
  %15 = arith.cmpf ole, %x, %y : f64
  %16 = arith.cmpf one, %x, %y : f64
  %17 = arith.cmpf ord, %x, %y : f64
  %18 = arith.cmpf ueq, %x, %y : f64
  %19 = arith.cmpf ugt, %x, %y : f64
  %20 = arith.cmpf uge, %x, %y : f64
  %21 = arith.cmpf ult, %x, %y : f64
  %22 = arith.cmpf ule, %x, %y : f64
  %23 = arith.cmpf une, %x, %y : f64
  %24 = arith.cmpf uno, %x, %y : f64
  %25 = arith.cmpf true, %x, %y : f64
  %26 = arith.cmpi slt, %va, %va : vector<4xi8>
  %27 = arith.cmpf olt, %vx, %vx : tensor<2xf32>
  return
}
func.func @casts(%i: i32, %f: f32, %x: index, %h: f16, %vi: vector<4xi16>) {
  %0 = arith.extsi %i : i32 to i64
  %1 = arith.extui %i : i32 to i64
  %2 = arith.trunci %i : i32 to i8
  %3 = arith.extf %f : f32 to f64
  %4 = arith.truncf %f : f32 to f16
  %5 = arith.sitofp %i : i32 to f32
  %6 = arith.uitofp %i : i32 to f64
  %7 = arith.fptosi %f : f32 to i32
  %8 = arith.fptoui %f : f32 to i64
  %9 = arith.index_cast %i : i32 to index
  %10 = arith.index_cast %x : index to i64
  %11 = arith.bitcast %f : f32 to i32
  %12 = arith.bitcast %h : f16 to i16
  %13 = arith.extsi %vi : vector<4xi16> to vector<4xi32>
  %14 = arith.sitofp %vi : vector<4xi16> to vector<4xf16>
  return
}
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %va: vector<4xf32>, %t: tensor<2xi8>) -> (i32, vector<4xf32>, tensor<2xi8>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %va, %va : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %t, %t : tensor<2xi8>
  return %0, %1, %2 : i32, vector<4xf32>, tensor<2xi8>
}
