// lower-calyx-to-hw refuses what it cannot build, with a located error: an
// op with no hw form in the wires, and instances nested without end (the
// memories of instantiated components are forwarded up their ports).
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

// Memories are forwarded up through instances; components that instantiate each other have no end.
calyx.component @b(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %a.go, %a.clk, %a.reset, %a.done = calyx.instance @a of @main : i1, i1, i1, i1
  calyx.wires {
    calyx.assign %a.go = %go : i1
    calyx.assign %done = %a.done : i1
  }
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{instantiates components nested too deeply (or recursively) to forward their memories}}
  %a.go, %a.clk, %a.reset, %a.done = calyx.instance @a of @b : i1, i1, i1, i1
  calyx.wires {
    calyx.assign %a.go = %go : i1
    calyx.assign %done = %a.done : i1
  }
  calyx.control {}
} {toplevel}
