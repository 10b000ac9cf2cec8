// An invoke that calyx-compile-invoke has not turned into a group stops
// calyx-compile-control with a located error.
// RUN: strata-opt %s --verify-diagnostics --calyx-compile-control
calyx.component @A(%in: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  calyx.wires {
    calyx.assign %out = %in : i8
    calyx.assign %done = %go : i1
  }
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %a.in, %a.go, %a.clk, %a.reset, %a.out, %a.done = calyx.instance @a of @A : i8, i1, i1, i1, i8, i1
  %c = hw.constant 3 : i8
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{cannot be compiled here; run calyx-compile-invoke before calyx-compile-control}}
    calyx.invoke @a(%a.in = %c) -> (i8)
  }
}
