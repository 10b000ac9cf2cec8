// comb.mux folds with a constant condition or two equal values.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: hw.module @mux
// CHECK-NEXT: hw.output %a, %b, %a
hw.module @mux(in %a : i8, in %b : i8, in %s : i1, out x : i8, out y : i8, out z : i8) {
  %t = hw.constant true
  %f = hw.constant false
  %0 = comb.mux %t, %a, %b : i8
  %1 = comb.mux %f, %a, %b : i8
  %2 = comb.mux %s, %a, %a : i8
  hw.output %0, %1, %2 : i8, i8, i8
}
