// comb's canonicalization patterns: nested variadic ops of one kind
// flatten when the inner one has no other use, several constants of a
// variadic op merge, identity constants drop out, nested concats flatten.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: hw.module @flatten
// CHECK-NEXT:    %[[A:.*]] = comb.and %a, %b, %c : i8
// CHECK-NEXT:    %[[O:.*]] = comb.or %a, %b : i8
// CHECK-NEXT:    %[[O2:.*]] = comb.or %[[O]], %c : i8
// CHECK-NEXT:    hw.output %[[A]], %[[O2]], %[[O]]
hw.module @flatten(in %a : i8, in %b : i8, in %c : i8, out x : i8, out y : i8, out z : i8) {
  %0 = comb.and %a, %b : i8
  %1 = comb.and %0, %c : i8
  // %2 has another use: it stays.
  %2 = comb.or %a, %b : i8
  %3 = comb.or %2, %c : i8
  hw.output %1, %3, %2 : i8, i8, i8
}

// CHECK-LABEL: hw.module @constants
// CHECK-DAG:     %[[C:.*]] = hw.constant 3 : i8
// CHECK-DAG:     %[[M:.*]] = hw.constant 10 : i8
// CHECK-DAG:     %[[S:.*]] = comb.add %a, %b, %[[C]] : i8
// CHECK-DAG:     %[[P:.*]] = comb.mul %a, %[[M]] : i8
// CHECK:         hw.output %[[S]], %[[P]], %a
hw.module @constants(in %a : i8, in %b : i8, out x : i8, out y : i8, out z : i8) {
  %c1 = hw.constant 1 : i8
  %c2 = hw.constant 2 : i8
  %c5 = hw.constant 5 : i8
  %c0 = hw.constant 0 : i8
  %0 = comb.add %a, %c1, %b, %c2 : i8
  %1 = comb.mul %c2, %a, %c5 : i8
  %2 = comb.add %a, %c0, %c0 : i8
  hw.output %0, %1, %2 : i8, i8, i8
}

// CHECK-LABEL: hw.module @concat
// CHECK-NEXT:    %[[C:.*]] = comb.concat %a, %b, %a : i4, i8, i4
// CHECK-NEXT:    hw.output %[[C]]
hw.module @concat(in %a : i4, in %b : i8, out x : i16) {
  %0 = comb.concat %b, %a : i8, i4
  %1 = comb.concat %a, %0 : i4, i12
  hw.output %1 : i16
}
