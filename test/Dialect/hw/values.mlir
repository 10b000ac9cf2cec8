// hw.constant, hw.bitcast and hw.wire round-trip.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @values
hw.module @values(in %a : i8, out r : !hw.array<2xi4>, out w : i8, out big : i65) {
  // CHECK: %c42_i8 = hw.constant 42 : i8
  %c = hw.constant 42 : i8
  // CHECK: %true = hw.constant true
  %t = hw.constant true
  // CHECK: %c_i65 = hw.constant -1 : i65
  %b = hw.constant 36893488147419103231 : i65
  // CHECK: %{{.*}} = hw.bitcast %a : (i8) -> !hw.array<2xi4>
  %r = hw.bitcast %a : (i8) -> !hw.array<2xi4>
  // CHECK: %my_wire = hw.wire %c42_i8 {name = "my_wire"} : i8
  %w = hw.wire %c {name = "my_wire"} : i8
  hw.output %r, %w, %b : !hw.array<2xi4>, i8, i65
}
