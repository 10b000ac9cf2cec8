// comb's variadic ops (add, mul, and, or, xor) with one or more operands
// and the optional `bin` flag.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @variadic
hw.module @variadic(in %a : i7, in %b : i7, in %c : i7) {
  // CHECK: comb.add %a, %b, %c : i7
  %0 = comb.add %a, %b, %c : i7
  // CHECK: comb.add %a bin : i7
  %1 = comb.add %a bin : i7
  // CHECK: comb.mul %a, %b : i7
  %2 = comb.mul %a, %b : i7
  // CHECK: comb.and %a, %b, %c bin : i7
  %3 = comb.and %a, %b, %c bin : i7
  // CHECK: comb.or %a, %b : i7
  %4 = comb.or %a, %b : i7
  // CHECK: comb.xor %a, %b : i7
  %5 = comb.xor %a, %b : i7
}
