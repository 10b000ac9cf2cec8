// A guard made of logic that native Calyx guards cannot spell (a mux) is a
// located error of --export-calyx.
// RUN: not strata-translate --export-calyx %s 2>&1 | FileCheck %s
// CHECK: error: 'comb.mux' op has no native Calyx spelling (only ports, constants and one-bit guards do)
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    %m = comb.mux %go, %go, %reset : i1
    calyx.assign %done = %m ? %go : i1
  }
  calyx.control {}
}
