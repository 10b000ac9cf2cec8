// lower-calyx-to-hw refuses what it cannot build, with a located error: an
// op with no hw form in the wires, and an instance of a component with
// external memories (their ports cannot be forwarded yet).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --lower-calyx-to-hw

calyx.component @main(%x: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    // expected-error @+1 {{cannot be lowered to hw by lower-calyx-to-hw}}
    %p = comb.parity %x : i8
    calyx.assign %done = %p : i1
  }
  calyx.control {}
}

// -----

calyx.component @A(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[4] x 8> [2] {external} : i2, i8, i1, i1, i8, i1
  calyx.wires {
    calyx.assign %done = %go : i1
  }
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{instantiates a component with external memories, which lower-calyx-to-hw cannot connect}}
  %a.go, %a.clk, %a.reset, %a.done = calyx.instance @a of @A : i1, i1, i1, i1
  calyx.wires {
    calyx.assign %a.go = %go : i1
    calyx.assign %done = %a.done : i1
  }
  calyx.control {}
} {toplevel}
