// Consecutive assignments of one source to a port are one mux on the OR of
// their guards (a cone of comb cells assigned by every group that uses it,
// as lower-to-calyx makes soft-float datapaths, was a chain of full-width
// muxes per port).  out = a ? x, b ? x, c ? y, in that priority: the
// simulation gives x when a or b, else y when c, else 0; the two x
// assignments share one mux, and a second port assigned under the same
// guards shares their OR.
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/xyabc.stim | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: FileCheck %s --check-prefix=MUX < %t.mlir
// CHECK:      0 00000000 00000000
// CHECK-NEXT: 1 00000009 00000004
// CHECK-NEXT: 1 00000009 00000004
// CHECK-NEXT: 1 00000004 00000000
// CHECK-NEXT: 1 00000000 00000000
// CHECK-NEXT: 1 00000009 00000004
// CHECK-NEXT: 1 00000009 00000004
// IR-COUNT-1: comb.or %b, %a
// IR-NOT: comb.or
// MUX-COUNT-3: comb.mux
// MUX-NOT: comb.mux
calyx.component @main(%x: i32, %y: i32, %a: i1, %b: i1, %c: i1, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %out2: i32, %done: i1 {done}) {
  calyx.wires {
    calyx.assign %out = %a ? %x : i32
    calyx.assign %out = %b ? %x : i32
    calyx.assign %out = %c ? %y : i32
    calyx.assign %out2 = %a ? %y : i32
    calyx.assign %out2 = %b ? %y : i32
    calyx.assign %done = %go : i1
  }
  calyx.control {}
}
