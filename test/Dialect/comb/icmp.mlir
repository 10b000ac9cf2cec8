// comb.icmp with every predicate; the result is i1.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @icmp
hw.module @icmp(in %a : i32, in %b : i32, out r : i1) {
  // CHECK: %[[EQ:.*]] = comb.icmp eq %a, %b : i32
  %0 = comb.icmp eq %a, %b : i32
  // CHECK: comb.icmp ne %a, %b : i32
  %1 = comb.icmp ne %a, %b : i32
  // CHECK: comb.icmp slt %a, %b : i32
  %2 = comb.icmp slt %a, %b : i32
  // CHECK: comb.icmp sle %a, %b : i32
  %3 = comb.icmp sle %a, %b : i32
  // CHECK: comb.icmp sgt %a, %b : i32
  %4 = comb.icmp sgt %a, %b : i32
  // CHECK: comb.icmp sge %a, %b : i32
  %5 = comb.icmp sge %a, %b : i32
  // CHECK: comb.icmp ult %a, %b : i32
  %6 = comb.icmp ult %a, %b : i32
  // CHECK: comb.icmp ule %a, %b : i32
  %7 = comb.icmp ule %a, %b : i32
  // CHECK: comb.icmp ugt %a, %b : i32
  %8 = comb.icmp ugt %a, %b : i32
  // CHECK: comb.icmp uge %a, %b : i32
  %9 = comb.icmp uge %a, %b : i32
  // CHECK: comb.icmp bin ceq %a, %b : i32
  %10 = comb.icmp bin ceq %a, %b : i32
  // CHECK: comb.icmp cne %a, %b : i32
  %11 = comb.icmp cne %a, %b : i32
  // CHECK: comb.icmp weq %a, %b : i32
  %12 = comb.icmp weq %a, %b : i32
  // CHECK: comb.icmp wne %a, %b : i32
  %13 = comb.icmp wne %a, %b : i32
  // CHECK: hw.output %[[EQ]] : i1
  hw.output %0 : i1
}
