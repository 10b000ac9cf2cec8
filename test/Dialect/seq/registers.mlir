// seq's registers: compreg (with and without reset), compreg.ce and firreg
// (sync, async, preset), and the clock conversions.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @registers
hw.module @registers(in %clk : !seq.clock, in %d : i8, in %rst : i1, in %en : i1, out q : i8) {
  %c0 = hw.constant 0 : i8
  // CHECK: %[[R0:.*]] = seq.compreg %d, %clk : i8
  %r0 = seq.compreg %d, %clk : i8
  // CHECK: %count = seq.compreg %[[R0]], %clk reset %rst, %c0_i8 {name = "count"} : i8
  %r1 = seq.compreg %r0, %clk reset %rst, %c0 {name = "count"} : i8
  // CHECK: seq.compreg.ce %d, %clk, %en : i8
  %r2 = seq.compreg.ce %d, %clk, %en : i8
  // CHECK: seq.compreg.ce %d, %clk, %en reset %rst, %c0_i8 : i8
  %r3 = seq.compreg.ce %d, %clk, %en reset %rst, %c0 : i8
  // CHECK: seq.firreg %d clock %clk : i8
  %r4 = seq.firreg %d clock %clk : i8
  // CHECK: seq.firreg %d clock %clk reset %rst, %c0_i8 : i8
  %r5 = seq.firreg %d clock %clk reset %rst, %c0 : i8
  // CHECK: seq.firreg %d clock %clk reset async %rst, %c0_i8 preset 3 : i8
  %r6 = seq.firreg %d clock %clk reset async %rst, %c0 preset 3 : i8
  // CHECK: %[[B:.*]] = seq.from_clock %clk
  %b = seq.from_clock %clk
  // CHECK: seq.to_clock %[[B]]
  %c = seq.to_clock %b
  hw.output %r1 : i8
}
