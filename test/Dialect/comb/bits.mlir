// comb's bit ops: mux, concat, extract, replicate and parity.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @bits
hw.module @bits(in %a : i8, in %b : i4, in %s : i1, in %arr : !hw.array<2xi8>) {
  // CHECK: comb.mux %s, %a, %a : i8
  %0 = comb.mux %s, %a, %a : i8
  // CHECK: comb.mux bin %s, %arr, %arr : !hw.array<2xi8>
  %1 = comb.mux bin %s, %arr, %arr : !hw.array<2xi8>
  // CHECK: %[[C:.*]] = comb.concat %a, %b, %s : i8, i4, i1
  %2 = comb.concat %a, %b, %s : i8, i4, i1
  // CHECK: comb.extract %[[C]] from 3 : (i13) -> i5
  %3 = comb.extract %2 from 3 : (i13) -> i5
  // CHECK: comb.replicate %b : (i4) -> i12
  %4 = comb.replicate %b : (i4) -> i12
  // CHECK: comb.parity %a : i8
  %5 = comb.parity %a : i8
  // CHECK: comb.parity bin %b : i4
  %6 = comb.parity bin %b : i4
}
