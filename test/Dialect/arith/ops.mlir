// Round trip of every arith op in its custom form: the first print is
// checked line by line, and printing it again must give the same text
// (current MLIR's syntax: fastmath/overflow flags only when not `none`,
// `exact`, truncf rounding modes, select's condition type when shaped,
// constant name hints).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: vector<4xi64>, %arg3: tensor<?x8xindex>, %arg4: index) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %2 = arith.subi %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %3 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.divui %arg0, %arg1 exact : i32
// CHECK-NEXT: %6 = arith.divsi %arg2, %arg2 exact : vector<4xi64>
// CHECK-NEXT: %7 = arith.ceildivui %arg3, %arg3 : tensor<?x8xindex>
// CHECK-NEXT: %8 = arith.ceildivsi %arg4, %arg4 : index
// CHECK-NEXT: %9 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.remsi %arg2, %arg2 : vector<4xi64>
// CHECK-NEXT: %12 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.shli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %16 = arith.shrui %arg0, %arg1 exact : i32
// CHECK-NEXT: %17 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %21 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: %22:2 = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %23:2 = arith.addui_extended %arg2, %arg2 : vector<4xi64>, vector<4xi1>
// CHECK-NEXT: %24:2 = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %25:2 = arith.mului_extended %arg2, %arg2 : vector<4xi64>
// CHECK-NEXT: %26 = arith.addi %arg0, %arg1 {tag = "kept"} : i32
// CHECK-NEXT: %27 = arith.muli %arg0, %arg1 overflow<nsw> {tag = 1 : i64} : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32, %v: vector<4xi64>, %t: tensor<?x8xindex>, %i: index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b overflow<nuw> : i32
  %3 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.divui %a, %b exact : i32
  %6 = arith.divsi %v, %v exact : vector<4xi64>
  %7 = arith.ceildivui %t, %t : tensor<?x8xindex>
  %8 = arith.ceildivsi %i, %i : index
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.remui %a, %b : i32
  %11 = arith.remsi %v, %v : vector<4xi64>
  %12 = arith.andi %a, %b : i32
  %13 = arith.ori %a, %b : i32
  %14 = arith.xori %a, %b : i32
  %15 = arith.shli %a, %b overflow<nuw> : i32
  %16 = arith.shrui %a, %b exact : i32
  %17 = arith.shrsi %a, %b : i32
  %18 = arith.maxsi %a, %b : i32
  %19 = arith.maxui %a, %b : i32
  %20 = arith.minsi %a, %b : i32
  %21 = arith.minui %a, %b : i32
  %22:2 = arith.addui_extended %a, %b : i32, i1
  %23:2 = arith.addui_extended %v, %v : vector<4xi64>, vector<4xi1>
  %24:2 = arith.mulsi_extended %a, %b : i32
  %25:2 = arith.mului_extended %v, %v : vector<4xi64>
  %26 = arith.addi %a, %b {tag = "kept"} : i32
  %27 = arith.muli %a, %b overflow<nsw> {tag = 1 : i64} : i32
  return
}

// CHECK-LABEL: func.func @float_ops(%arg0: f32, %arg1: f32, %arg2: vector<2xf16>, %arg3: tensor<4xf64>, %arg4: bf16) {
// CHECK-NEXT: %0 = arith.negf %arg0 : f32
// CHECK-NEXT: %1 = arith.negf %arg2 fastmath<nnan> : vector<2xf16>
// CHECK-NEXT: %2 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %3 = arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %4 = arith.subf %arg3, %arg3 fastmath<nnan,ninf> : tensor<4xf64>
// CHECK-NEXT: %5 = arith.mulf %arg0, %arg1 fastmath<reassoc,contract> : f32
// CHECK-NEXT: %6 = arith.divf %arg4, %arg4 : bf16
// CHECK-NEXT: %7 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: %8 = arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT: %9 = arith.minimumf %arg2, %arg2 : vector<2xf16>
// CHECK-NEXT: %10 = arith.maxnumf %arg0, %arg1 fastmath<nsz> : f32
// CHECK-NEXT: %11 = arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT: %12 = arith.addf %arg0, %arg1 fastmath<arcp,afn> : f32
// CHECK-NEXT: %13 = arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %14 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %15 = arith.mulf %arg0, %arg1 fastmath<fast> {tag} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_ops(%x: f32, %y: f32, %h: vector<2xf16>, %d: tensor<4xf64>, %bf: bf16) {
  %0 = arith.negf %x : f32
  %1 = arith.negf %h fastmath<nnan> : vector<2xf16>
  %2 = arith.addf %x, %y : f32
  %3 = arith.addf %x, %y fastmath<fast> : f32
  %4 = arith.subf %d, %d fastmath<nnan,ninf> : tensor<4xf64>
  %5 = arith.mulf %x, %y fastmath<reassoc,contract> : f32
  %6 = arith.divf %bf, %bf : bf16
  %7 = arith.remf %x, %y : f32
  %8 = arith.maximumf %x, %y : f32
  %9 = arith.minimumf %h, %h : vector<2xf16>
  %10 = arith.maxnumf %x, %y fastmath<nsz> : f32
  %11 = arith.minnumf %x, %y : f32
  %12 = arith.addf %x, %y fastmath<arcp,afn> : f32
  // All seven flags print as their group, `fast`; `none` (the default) is
  // not printed at all, as MLIR does.
  %13 = arith.addf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %14 = arith.addf %x, %y fastmath<none> : f32
  %15 = arith.mulf %x, %y fastmath<fast> {tag} : f32
  return
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: f16, %arg3: index, %arg4: vector<4xi8>, %arg5: tensor<?xi32>, %arg6: memref<4xi32>, %arg7: vector<4xf32>) {
// CHECK-NEXT: %0 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %1 = arith.extsi %arg4 : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: %2 = arith.extf %arg2 : f16 to f32
// CHECK-NEXT: %3 = arith.extf %arg1 fastmath<contract> : f32 to f64
// CHECK-NEXT: %4 = arith.trunci %arg0 : i32 to i16
// CHECK-NEXT: %5 = arith.trunci %arg5 overflow<nsw> : tensor<?xi32> to tensor<?xi1>
// CHECK-NEXT: %6 = arith.truncf %arg1 : f32 to bf16
// CHECK-NEXT: %7 = arith.truncf %arg1 to_nearest_away : f32 to f16
// CHECK-NEXT: %8 = arith.truncf %arg1 toward_zero fastmath<fast> : f32 to f16
// CHECK-NEXT: %9 = arith.truncf %arg7 upward : vector<4xf32> to vector<4xf16>
// CHECK-NEXT: %10 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %11 = arith.sitofp %arg4 : vector<4xi8> to vector<4xf16>
// CHECK-NEXT: %12 = arith.fptoui %arg1 : f32 to i64
// CHECK-NEXT: %13 = arith.fptosi %arg2 : f16 to i8
// CHECK-NEXT: %14 = arith.index_cast %arg3 : index to i32
// CHECK-NEXT: %15 = arith.index_cast %arg5 : tensor<?xi32> to tensor<?xindex>
// CHECK-NEXT: %16 = arith.index_castui %arg0 : i32 to index
// CHECK-NEXT: %17 = arith.index_cast %arg6 : memref<4xi32> to memref<4xindex>
// CHECK-NEXT: %18 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: %19 = arith.bitcast %arg2 : f16 to bf16
// CHECK-NEXT: %20 = arith.bitcast %arg6 : memref<4xi32> to memref<4xf32>
// CHECK-NEXT: %21 = arith.truncf %arg1 downward : f32 to f16
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @casts(%a: i32, %x: f32, %h: f16, %i: index, %v: vector<4xi8>, %t: tensor<?xi32>, %m: memref<4xi32>, %vf: vector<4xf32>) {
  %0 = arith.extui %a : i32 to i64
  %1 = arith.extsi %v : vector<4xi8> to vector<4xi32>
  %2 = arith.extf %h : f16 to f32
  %3 = arith.extf %x fastmath<contract> : f32 to f64
  %4 = arith.trunci %a : i32 to i16
  %5 = arith.trunci %t overflow<nsw> : tensor<?xi32> to tensor<?xi1>
  %6 = arith.truncf %x : f32 to bf16
  %7 = arith.truncf %x to_nearest_away : f32 to f16
  %8 = arith.truncf %x toward_zero fastmath<fast> : f32 to f16
  %9 = arith.truncf %vf upward : vector<4xf32> to vector<4xf16>
  %10 = arith.uitofp %a : i32 to f32
  %11 = arith.sitofp %v : vector<4xi8> to vector<4xf16>
  %12 = arith.fptoui %x : f32 to i64
  %13 = arith.fptosi %h : f16 to i8
  %14 = arith.index_cast %i : index to i32
  %15 = arith.index_cast %t : tensor<?xi32> to tensor<?xindex>
  %16 = arith.index_castui %a : i32 to index
  %17 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %18 = arith.bitcast %x : f32 to i32
  %19 = arith.bitcast %h : f16 to bf16
  %20 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  %21 = arith.truncf %x downward : f32 to f16
  return
}

// CHECK-LABEL: func.func @comparisons(%arg0: i32, %arg1: f32, %arg2: vector<4xi32>, %arg3: tensor<?xf64>, %arg4: index) {
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.cmpi ne, %arg0, %arg0 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %arg0 : i32
// CHECK-NEXT: %3 = arith.cmpi sle, %arg0, %arg0 : i32
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %arg0 : i32
// CHECK-NEXT: %5 = arith.cmpi sge, %arg0, %arg0 : i32
// CHECK-NEXT: %6 = arith.cmpi ult, %arg0, %arg0 : i32
// CHECK-NEXT: %7 = arith.cmpi ule, %arg4, %arg4 : index
// CHECK-NEXT: %8 = arith.cmpi ugt, %arg2, %arg2 : vector<4xi32>
// CHECK-NEXT: %9 = arith.cmpi uge, %arg0, %arg0 : i32
// CHECK-NEXT: %10 = arith.cmpf false, %arg1, %arg1 : f32
// CHECK-NEXT: %11 = arith.cmpf oeq, %arg1, %arg1 : f32
// CHECK-NEXT: %12 = arith.cmpf ogt, %arg1, %arg1 : f32
// CHECK-NEXT: %13 = arith.cmpf oge, %arg1, %arg1 : f32
// CHECK-NEXT: %14 = arith.cmpf olt, %arg1, %arg1 : f32
// CHECK-NEXT: %15 = arith.cmpf ole, %arg1, %arg1 : f32
// CHECK-NEXT: %16 = arith.cmpf one, %arg1, %arg1 : f32
// CHECK-NEXT: %17 = arith.cmpf ord, %arg1, %arg1 : f32
// CHECK-NEXT: %18 = arith.cmpf ueq, %arg1, %arg1 : f32
// CHECK-NEXT: %19 = arith.cmpf ugt, %arg1, %arg1 : f32
// CHECK-NEXT: %20 = arith.cmpf uge, %arg1, %arg1 : f32
// CHECK-NEXT: %21 = arith.cmpf ult, %arg3, %arg3 : tensor<?xf64>
// CHECK-NEXT: %22 = arith.cmpf ule, %arg1, %arg1 : f32
// CHECK-NEXT: %23 = arith.cmpf une, %arg1, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %24 = arith.cmpf uno, %arg1, %arg1 : f32
// CHECK-NEXT: %25 = arith.cmpf true, %arg1, %arg1 : f32
// CHECK-NEXT: %26 = arith.cmpi eq, %arg0, %arg0 {tag} : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @comparisons(%a: i32, %x: f32, %v: vector<4xi32>, %t: tensor<?xf64>, %i: index) {
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi ne, %a, %a : i32
  %2 = arith.cmpi slt, %a, %a : i32
  %3 = arith.cmpi sle, %a, %a : i32
  %4 = arith.cmpi sgt, %a, %a : i32
  %5 = arith.cmpi sge, %a, %a : i32
  %6 = arith.cmpi ult, %a, %a : i32
  %7 = arith.cmpi ule, %i, %i : index
  %8 = arith.cmpi ugt, %v, %v : vector<4xi32>
  %9 = arith.cmpi uge, %a, %a : i32
  %10 = arith.cmpf false, %x, %x : f32
  %11 = arith.cmpf oeq, %x, %x : f32
  %12 = arith.cmpf ogt, %x, %x : f32
  %13 = arith.cmpf oge, %x, %x : f32
  %14 = arith.cmpf olt, %x, %x : f32
  %15 = arith.cmpf ole, %x, %x : f32
  %16 = arith.cmpf one, %x, %x : f32
  %17 = arith.cmpf ord, %x, %x : f32
  %18 = arith.cmpf ueq, %x, %x : f32
  %19 = arith.cmpf ugt, %x, %x : f32
  %20 = arith.cmpf uge, %x, %x : f32
  %21 = arith.cmpf ult, %t, %t : tensor<?xf64>
  %22 = arith.cmpf ule, %x, %x : f32
  %23 = arith.cmpf une, %x, %x fastmath<nnan> : f32
  %24 = arith.cmpf uno, %x, %x : f32
  %25 = arith.cmpf true, %x, %x : f32
  %26 = arith.cmpi eq, %a, %a {tag} : i32
  return
}

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: vector<4xi1>, %arg3: vector<4xf32>, %arg4: tensor<?x2xi1>, %arg5: tensor<?x2xi8>) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg1 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg3, %arg3 : vector<4xf32>
// CHECK-NEXT: %2 = arith.select %arg2, %arg3, %arg3 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %3 = arith.select %arg4, %arg5, %arg5 : tensor<?x2xi1>, tensor<?x2xi8>
// CHECK-NEXT: %4 = arith.select %arg0, %arg1, %arg1 {tag} : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %tc: tensor<?x2xi1>, %t: tensor<?x2xi8>) {
  %0 = arith.select %c, %a, %a : i32
  %1 = arith.select %c, %v, %v : vector<4xf32>
  %2 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %3 = arith.select %tc, %t, %t : tensor<?x2xi1>, tensor<?x2xi8>
  %4 = arith.select %c, %a, %a {tag} : i32
  return
}

// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x2xf64>
// CHECK-NEXT: %cst_2 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %c3_i8 = arith.constant {tag} 3 : i8
// CHECK-NEXT: %c42_i64 = arith.constant 42 : i64
// CHECK-NEXT: %cst_3 = arith.constant dense<true> : vector<2xi1>
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %cst_4 = arith.constant 2.000000e+00 : bf16
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constants() {
  %0 = arith.constant 0 : i32
  %1 = arith.constant 42 : i32
  %2 = arith.constant -1 : i64
  %3 = arith.constant 7 : index
  %4 = arith.constant true
  %5 = arith.constant false
  %6 = arith.constant 1.5 : f32
  %7 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %8 = arith.constant dense<0.0> : tensor<2x2xf64>
  %9 = arith.constant 0x7FC00000 : f32
  %10 = arith.constant {tag} 3 : i8
  // An integer without a type is an i64.
  %11 = arith.constant 42
  %12 = arith.constant dense<true> : vector<2xi1>
  %13 = arith.constant -128 : i8
  %14 = arith.constant 2.0 : bf16
  return
}
