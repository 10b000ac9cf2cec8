// Data ports (Calyx's @data): the inputs of combinational primitives but
// std_wire, and a register's `in`, take their last assignment when no guard
// holds instead of 0, since nothing reads them then: one assignment drives
// the port without a mux.  Control ports (a register's write_en, a wire,
// component outputs) keep the 0 default.  out = a ? x + y, and r latches
// x - y when b: the simulation is unchanged (x + y when a, else 0; r's
// value after b).
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/xyabc.stim | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// CHECK:      0 00000000 00000000
// CHECK-NEXT: 1 0000000d 00000000
// CHECK-NEXT: 1 00000000 00000000
// CHECK-NEXT: 1 00000000 00000005
// CHECK-NEXT: 1 00000000 00000005
// CHECK-NEXT: 1 0000000d 00000005
// CHECK-NEXT: 1 00000000 00000005
// The adder and the subtractor read x and y directly; the output's driver
// and the register's write enable keep their muxes.
// IR: %[[X:[0-9]+]] = hw.wire %x : i32
// IR-NEXT: %[[Y:[0-9]+]] = hw.wire %y : i32
// IR-NEXT: comb.add %[[X]], %[[Y]] : i32
// IR: %[[X2:[0-9]+]] = hw.wire %x : i32
// IR-NEXT: %[[Y2:[0-9]+]] = hw.wire %y : i32
// IR-NEXT: comb.sub %[[X2]], %[[Y2]] : i32
// IR-COUNT-2: comb.mux
// IR-NOT: comb.mux
calyx.component @main(%x: i32, %y: i32, %a: i1, %b: i1, %c: i1, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %out2: i32, %done: i1 {done}) {
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %sub.left, %sub.right, %sub.out = calyx.std_sub @sub : i32, i32, i32
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  calyx.wires {
    calyx.assign %add.left = %a ? %x : i32
    calyx.assign %add.right = %a ? %y : i32
    calyx.assign %out = %a ? %add.out : i32
    calyx.assign %sub.left = %b ? %x : i32
    calyx.assign %sub.right = %b ? %y : i32
    calyx.assign %r.in = %b ? %sub.out : i32
    calyx.assign %r.write_en = %b ? %b : i1
    calyx.assign %out2 = %r.out : i32
    calyx.assign %done = %go : i1
  }
  calyx.control {}
}
