// A fix that lower-calyx-to-hw does not know is an error naming the four.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(lower-calyx-to-hw{debug-disable-fix=all})' 2>&1 | FileCheck %s
// CHECK: error: lower-calyx-to-hw: unknown fix 'all' (mux-chain, write-enable, bitwise-not, mem-enables)
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.assign %done = %go : i1
  }
  calyx.control {}
}
