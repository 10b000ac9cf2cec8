// A memory with contents (a constant table of lower-to-calyx) has no
// native Calyx IL spelling: its contents belong in the data file.
// RUN: not strata-translate --export-calyx %s 2>&1 | FileCheck %s
// CHECK: error: 'calyx.memory' op has contents (calyx.init), which native Calyx IL cannot hold (they belong in its data file)
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[2] x 8> [1] {calyx.init = dense<[1, 2]> : tensor<2xi8>} : i1, i8, i1, i1, i8, i1
  calyx.wires {
    calyx.assign %done = %m.done : i1
  }
  calyx.control {}
}
