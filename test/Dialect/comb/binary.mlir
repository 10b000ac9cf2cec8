// comb's binary ops: sub, divisions, remainders and shifts.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @binary
hw.module @binary(in %a : i65, in %b : i65) {
  // CHECK: comb.sub %a, %b : i65
  %0 = comb.sub %a, %b : i65
  // CHECK: comb.divu %a, %b : i65
  %1 = comb.divu %a, %b : i65
  // CHECK: comb.divs %a, %b bin : i65
  %2 = comb.divs %a, %b bin : i65
  // CHECK: comb.modu %a, %b : i65
  %3 = comb.modu %a, %b : i65
  // CHECK: comb.mods %a, %b : i65
  %4 = comb.mods %a, %b : i65
  // CHECK: comb.shl %a, %b : i65
  %5 = comb.shl %a, %b : i65
  // CHECK: comb.shru %a, %b : i65
  %6 = comb.shru %a, %b : i65
  // CHECK: comb.shrs %a, %b : i65
  %7 = comb.shrs %a, %b : i65
}
