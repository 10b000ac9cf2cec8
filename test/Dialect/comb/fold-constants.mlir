// comb folds ops whose operands are all constants, with the bit-vector
// semantics (wrap-around, division by zero giving 0, 65-bit carries).
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: hw.module @fold
// CHECK-DAG: %[[ADD:.*]] = hw.constant -4 : i3
// CHECK-DAG: %[[DIV:.*]] = hw.constant 0 : i8
// CHECK-DAG: %[[DIVS:.*]] = hw.constant -3 : i8
// CHECK-DAG: %[[SHRS:.*]] = hw.constant -2 : i8
// CHECK-DAG: %[[CAT:.*]] = hw.constant 4660 : i16
// CHECK-DAG: %[[EXT:.*]] = hw.constant 3 : i4
// CHECK-DAG: %[[REP:.*]] = hw.constant -1 : i6
// CHECK-DAG: %[[BIG:.*]] = hw.constant -18446744073709551616 : i65
// CHECK-DAG: %[[CMP:.*]] = hw.constant true
// CHECK-DAG: %[[PAR:.*]] = hw.constant false
// CHECK:     hw.output %[[ADD]], %[[DIV]], %[[DIVS]], %[[SHRS]], %[[CAT]], %[[EXT]], %[[REP]], %[[BIG]], %[[CMP]], %[[PAR]]
hw.module @fold(out a : i3, out b : i8, out c : i8, out d : i8, out e : i16, out f : i4, out g : i6, out h : i65, out i : i1, out j : i1) {
  %c7 = hw.constant 7 : i3
  %c5 = hw.constant 5 : i3
  %add = comb.add %c7, %c5 : i3
  %c9 = hw.constant 9 : i8
  %c0 = hw.constant 0 : i8
  %div = comb.divu %c9, %c0 : i8
  %cm7 = hw.constant -7 : i8
  %c2 = hw.constant 2 : i8
  %divs = comb.divs %cm7, %c2 : i8
  %shrs = comb.shrs %cm7, %c2 : i8
  %c12 = hw.constant 18 : i8
  %c34 = hw.constant 52 : i8
  %cat = comb.concat %c12, %c34 : i8, i8
  %ext = comb.extract %cat from 4 : (i16) -> i4
  %t = hw.constant true
  %rep = comb.replicate %t : (i1) -> i6
  %max = hw.constant 18446744073709551615 : i65
  %one = hw.constant 1 : i65
  %big = comb.add %max, %one : i65
  %cmp = comb.icmp slt %cm7, %c2 : i8
  %par = comb.parity %c12 : i8
  hw.output %add, %div, %divs, %shrs, %cat, %ext, %rep, %big, %cmp, %par : i3, i8, i8, i8, i16, i4, i6, i65, i1, i1
}
