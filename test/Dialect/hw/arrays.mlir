// The array ops: create, get, inject, concat, slice and aggregate_constant.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @arrays
hw.module @arrays(in %a : i8, in %b : i8, in %i : i2, in %j : i3) {
  // CHECK: %[[A:.*]] = hw.array_create %a, %b, %a, %b : i8
  %arr = hw.array_create %a, %b, %a, %b : i8
  // CHECK: hw.array_get %[[A]][%i] : !hw.array<4xi8>, i2
  %e = hw.array_get %arr[%i] : !hw.array<4xi8>, i2
  // CHECK: hw.array_inject %[[A]][%i], %b : !hw.array<4xi8>, i2
  %n = hw.array_inject %arr[%i], %b : !hw.array<4xi8>, i2
  // CHECK: %[[C:.*]] = hw.array_concat %[[A]], %{{.*}} : !hw.array<4xi8>, !hw.array<4xi8>
  %cat = hw.array_concat %arr, %n : !hw.array<4xi8>, !hw.array<4xi8>
  // CHECK: hw.array_slice %[[C]][%j] : (!hw.array<8xi8>) -> !hw.array<3xi8>
  %s = hw.array_slice %cat[%j] : (!hw.array<8xi8>) -> !hw.array<3xi8>
  // CHECK: hw.aggregate_constant [1 : i8, 2 : i8] : !hw.array<2xi8>
  %k = hw.aggregate_constant [1 : i8, 2 : i8] : !hw.array<2xi8>
  // CHECK: hw.aggregate_constant {{\[}}[1 : i4, 2 : i4], [3 : i4, 4 : i4]] : !hw.array<2x!hw.array<2xi4>>
  %k2 = hw.aggregate_constant [[1 : i4, 2 : i4], [3 : i4, 4 : i4]] : !hw.array<2x!hw.array<2xi4>>
}
