// arith's canonicalization patterns (dialects/arith/arith_canon.c) and the
// folders they work with; each function's result was checked against
// mlir-opt-14 --canonicalize on the same input in MLIR 14 spelling
// (func, select, no overflow flags): both print the same.
// RUN: strata-opt %s --canonicalize --split-input-file | FileCheck %s

// addi of an addi/subi with a constant: the two constants become one.
// CHECK-LABEL: func.func @addi_chains
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : i32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[C15:.*]] = arith.constant 15 : i32
// CHECK:         %[[A:.*]] = arith.addi %arg0, %[[C15]] : i32
// CHECK:         %[[B:.*]] = arith.addi %arg0, %[[C7]] : i32
// CHECK:         %[[D:.*]] = arith.subi %[[C13]], %arg0 : i32
// CHECK:         return %[[A]], %[[B]], %[[D]]
func.func @addi_chains(%x: i32) -> (i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %0 = arith.addi %x, %c5 : i32
  %1 = arith.addi %0, %c10 : i32
  %2 = arith.subi %x, %c3 : i32
  %3 = arith.addi %2, %c10 : i32
  %4 = arith.subi %c3, %x : i32
  %5 = arith.addi %4, %c10 : i32
  return %1, %3, %5 : i32, i32, i32
}

// -----

// subi with a constant on either side of an addi/subi with a constant.
// CHECK-LABEL: func.func @subi_chains
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[CM2:.*]] = arith.constant -2 : i32
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : i32
// CHECK-DAG:     %[[CM7:.*]] = arith.constant -7 : i32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK:         %[[R0:.*]] = arith.addi %arg0, %[[C2]] : i32
// CHECK:         %[[R1:.*]] = arith.subi %[[CM2]], %arg0 : i32
// CHECK:         %[[R2:.*]] = arith.subi %arg0, %[[C13]] : i32
// CHECK:         %[[R3:.*]] = arith.subi %[[CM7]], %arg0 : i32
// CHECK:         %[[R4:.*]] = arith.subi %[[C13]], %arg0 : i32
// CHECK:         %[[R5:.*]] = arith.addi %arg0, %[[C7]] : i32
// CHECK:         return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]]
func.func @subi_chains(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %add = arith.addi %x, %c5 : i32
  %r0 = arith.subi %add, %c3 : i32
  %r1 = arith.subi %c3, %add : i32
  %sub = arith.subi %x, %c3 : i32
  %r2 = arith.subi %sub, %c10 : i32
  %rsub = arith.subi %c3, %x : i32
  %r3 = arith.subi %rsub, %c10 : i32
  %r4 = arith.subi %c10, %sub : i32
  %r5 = arith.subi %c10, %rsub : i32
  return %r0, %r1, %r2, %r3, %r4, %r5 : i32, i32, i32, i32, i32, i32
}

// -----

// The combined constant wraps like the ops would; the new op has no
// overflow flags (nsw of the two ops says nothing about x + (c0 + c1)).
// CHECK-LABEL: func.func @chain_wraps
// CHECK:         %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK:         %[[R:.*]] = arith.addi %arg0, %[[MIN]] : i32
// CHECK-NEXT:    return %[[R]]
func.func @chain_wraps(%x: i32) -> i32 {
  %max = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %0 = arith.addi %x, %max overflow<nsw> : i32
  %1 = arith.addi %0, %one overflow<nsw> : i32
  return %1 : i32
}

// -----

// Splat constants are not combined (the patterns match scalars only), and
// a chain whose other operand is not constant is left alone.
// CHECK-LABEL: func.func @chains_not_matched
// CHECK:         %[[A:.*]] = arith.addi %arg0, %[[C:.*]] : vector<4xi32>
// CHECK:         arith.addi %[[A]], %[[C]] : vector<4xi32>
// CHECK:         %[[S:.*]] = arith.subi %arg1, %{{.*}} : i32
// CHECK:         arith.subi %[[S]], %arg1 : i32
func.func @chains_not_matched(%v: vector<4xi32>, %x: i32) -> (vector<4xi32>, i32) {
  %c = arith.constant dense<3> : vector<4xi32>
  %0 = arith.addi %v, %c : vector<4xi32>
  %1 = arith.addi %0, %c : vector<4xi32>
  %one = arith.constant 1 : i32
  %2 = arith.subi %x, %one : i32
  %3 = arith.subi %2, %x : i32
  return %1, %3 : vector<4xi32>, i32
}

// -----

// xori(cmpi, true) is the cmpi with the inverse predicate, for every
// predicate; xori of a cmpf is not rewritten.
// CHECK-LABEL: func.func @not_cmpi
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[K:.*]] = arith.cmpf olt, %arg2, %arg2 : f32
// CHECK-NEXT:    %[[A:.*]] = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[D:.*]] = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[E:.*]] = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[F:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[G:.*]] = arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[H:.*]] = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[I:.*]] = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[J:.*]] = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[L:.*]] = arith.xori %[[K]], %[[T]] : i1
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]], %[[H]], %[[I]], %[[J]], %[[L]]
func.func @not_cmpi(%a: i32, %b: i32, %f: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %t = arith.constant true
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
  %10 = arith.cmpf olt, %f, %f : f32
  %n0 = arith.xori %0, %t : i1
  %n1 = arith.xori %1, %t : i1
  %n2 = arith.xori %2, %t : i1
  %n3 = arith.xori %t, %3 : i1
  %n4 = arith.xori %4, %t : i1
  %n5 = arith.xori %5, %t : i1
  %n6 = arith.xori %6, %t : i1
  %n7 = arith.xori %7, %t : i1
  %n8 = arith.xori %8, %t : i1
  %n9 = arith.xori %9, %t : i1
  %n10 = arith.xori %10, %t : i1
  return %n0, %n1, %n2, %n3, %n4, %n5, %n6, %n7, %n8, %n9, %n10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// extsi(extui(x)) is extui(x); and/or of two extensions of one kind from
// one type is done before the extension; mixed kinds or source types are
// not.
// CHECK-LABEL: func.func @extensions
// CHECK-DAG:     %[[E0:.*]] = arith.extui %arg0 : i1 to i32
// CHECK-DAG:     %[[AU:.*]] = arith.andi %arg1, %arg2 : i8
// CHECK-DAG:     %[[E1:.*]] = arith.extui %[[AU]] : i8 to i32
// CHECK-DAG:     %[[OS:.*]] = arith.ori %arg1, %arg2 : i8
// CHECK-DAG:     %[[E2:.*]] = arith.extsi %[[OS]] : i8 to i32
// CHECK-DAG:     %[[X:.*]] = arith.extui %arg1 : i8 to i32
// CHECK-DAG:     %[[Y:.*]] = arith.extsi %arg2 : i8 to i32
// CHECK-DAG:     %[[E3:.*]] = arith.andi %[[X]], %[[Y]] : i32
// CHECK-DAG:     %[[Z:.*]] = arith.extui %arg3 : i16 to i32
// CHECK-DAG:     %[[E4:.*]] = arith.ori %[[X]], %[[Z]] : i32
// CHECK:         return %[[E0]], %[[E1]], %[[E2]], %[[E3]], %[[E4]]
func.func @extensions(%b: i1, %p: i8, %q: i8, %w: i16) -> (i32, i32, i32, i32, i32) {
  %0 = arith.extui %b : i1 to i8
  %1 = arith.extsi %0 : i8 to i32
  %pu = arith.extui %p : i8 to i32
  %qu = arith.extui %q : i8 to i32
  %2 = arith.andi %pu, %qu : i32
  %ps = arith.extsi %p : i8 to i32
  %qs = arith.extsi %q : i8 to i32
  %3 = arith.ori %ps, %qs : i32
  %4 = arith.andi %pu, %qs : i32
  %wu = arith.extui %w : i16 to i32
  %5 = arith.ori %pu, %wu : i32
  return %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32
}

// -----

// select between the constants 0 and 1: a negation for i1, an extension
// (of the negation) for wider integers; select(c, true, false) is c.
// CHECK-LABEL: func.func @select_bools
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[N:.*]] = arith.xori %arg0, %[[T]] : i1
// CHECK-NEXT:    %[[E:.*]] = arith.extui %arg0 : i1 to i32
// CHECK-NEXT:    %[[N2:.*]] = arith.xori %arg0, %[[T]] : i1
// CHECK-NEXT:    %[[E2:.*]] = arith.extui %[[N2]] : i1 to i8
// CHECK-NEXT:    return %arg0, %[[N]], %[[E]], %[[E2]]
func.func @select_bools(%c: i1) -> (i1, i1, i32, i8) {
  %t = arith.constant true
  %f = arith.constant false
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %one8 = arith.constant 1 : i8
  %zero8 = arith.constant 0 : i8
  %0 = arith.select %c, %t, %f : i1
  %1 = arith.select %c, %f, %t : i1
  %2 = arith.select %c, %one, %zero : i32
  %3 = arith.select %c, %zero8, %one8 : i8
  return %0, %1, %2, %3 : i1, i1, i32, i8
}

// -----

// Other constants, and vectors, stay selects.
// CHECK-LABEL: func.func @select_kept
// CHECK:         arith.select %arg0, %{{.*}}, %{{.*}} : i32
// CHECK:         arith.select %arg1, %{{.*}}, %{{.*}} : vector<2xi1>, vector<2xi32>
func.func @select_kept(%c: i1, %v: vector<2xi1>) -> (i32, vector<2xi32>) {
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %0 = arith.select %c, %two, %zero : i32
  %one = arith.constant dense<1> : vector<2xi32>
  %z = arith.constant dense<0> : vector<2xi32>
  %1 = arith.select %v, %one, %z : vector<2xi1>, vector<2xi32>
  return %0, %1 : i32, vector<2xi32>
}

// -----

// and/or of a value with itself; a bitcast back to the original type, and
// one to the type it already has.
// CHECK-LABEL: func.func @self_and_bitcasts
// CHECK-NEXT:    %[[B:.*]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    return %arg0, %arg0, %arg1, %arg0, %[[B]]
func.func @self_and_bitcasts(%x: i32, %f: f32) -> (i32, i32, f32, i32, i32) {
  %0 = arith.andi %x, %x : i32
  %1 = arith.ori %x, %x : i32
  %2 = arith.bitcast %f : f32 to i32
  %3 = arith.bitcast %2 : i32 to f32
  %4 = arith.bitcast %x : i32 to i32
  %5 = arith.bitcast %f : f32 to i32
  %6 = arith.bitcast %5 : i32 to i32
  return %0, %1, %3, %4, %6 : i32, i32, f32, i32, i32
}
