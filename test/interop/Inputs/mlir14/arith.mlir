// MLIR 14 spelling of arith: custom forms of every MLIR 14 arith op except
// maxf/minf (arith_maxf_minf.mlir), and std.select (now arith.select).
func @arith(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: vector<4xi8>, %arg6: tensor<2xf64>) {
  %c42_i32 = arith.constant 42 : i32
  %cst = arith.constant 1.500000e+00 : f32
  %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi8>
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %0 = arith.addi %arg0, %arg1 : i32
  %1 = arith.subi %arg0, %arg1 : i32
  %2 = arith.muli %arg0, %arg1 : i32
  %3 = arith.divsi %arg0, %arg1 : i32
  %4 = arith.divui %arg0, %arg1 : i32
  %5 = arith.ceildivsi %arg0, %arg1 : i32
  %6 = arith.ceildivui %arg0, %arg1 : i32
  %7 = arith.floordivsi %arg0, %arg1 : i32
  %8 = arith.remsi %arg0, %arg1 : i32
  %9 = arith.remui %arg0, %arg1 : i32
  %10 = arith.andi %arg0, %arg1 : i32
  %11 = arith.ori %arg0, %arg1 : i32
  %12 = arith.xori %arg0, %arg1 : i32
  %13 = arith.shli %arg0, %arg1 : i32
  %14 = arith.shrsi %arg0, %arg1 : i32
  %15 = arith.shrui %arg0, %arg1 : i32
  %16 = arith.maxsi %arg0, %arg1 : i32
  %17 = arith.maxui %arg0, %arg1 : i32
  %18 = arith.minsi %arg0, %arg1 : i32
  %19 = arith.minui %arg0, %arg1 : i32
  %20 = arith.addf %arg2, %arg3 : f32
  %21 = arith.subf %arg2, %arg3 : f32
  %22 = arith.mulf %arg2, %arg3 : f32
  %23 = arith.divf %arg2, %arg3 : f32
  %24 = arith.remf %arg2, %arg3 : f32
  %25 = arith.negf %arg2 : f32
  %26 = arith.cmpi slt, %arg0, %arg1 : i32
  %27 = arith.cmpi uge, %arg5, %cst_0 : vector<4xi8>
  %28 = arith.cmpf ueq, %arg2, %arg3 : f32
  %29 = arith.cmpf olt, %arg6, %arg6 : tensor<2xf64>
  %30 = arith.extsi %arg0 : i32 to i64
  %31 = arith.extui %arg0 : i32 to i64
  %32 = arith.trunci %arg0 : i32 to i16
  %33 = arith.extf %arg2 : f32 to f64
  %34 = arith.truncf %arg2 : f32 to f16
  %35 = arith.sitofp %arg0 : i32 to f32
  %36 = arith.uitofp %arg0 : i32 to f64
  %37 = arith.fptosi %arg2 : f32 to i32
  %38 = arith.fptoui %arg2 : f32 to i8
  %39 = arith.index_cast %arg0 : i32 to index
  %40 = arith.index_cast %arg4 : index to i64
  %41 = arith.bitcast %arg2 : f32 to i32
  %42 = arith.addi %arg5, %cst_0 : vector<4xi8>
  %43 = arith.mulf %arg6, %arg6 : tensor<2xf64>
  %44 = select %true, %arg0, %c42_i32 : i32
  %45 = arith.addi %arg4, %c0 : index
  %46 = arith.addf %cst, %arg2 : f32
  return
}
func @selects(%arg0: i1, %arg1: vector<4xi1>, %arg2: vector<4xf32>, %arg3: tensor<2xi8>) -> (vector<4xf32>, tensor<2xi8>) {
  %0 = select %arg1, %arg2, %arg2 : vector<4xi1>, vector<4xf32>
  %1 = select %arg0, %arg3, %arg3 : tensor<2xi8>
  return %0, %1 : vector<4xf32>, tensor<2xi8>
}
