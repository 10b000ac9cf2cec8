// The control rules of the calyx verifier and the syntax errors of
// calyx.invoke, one chunk each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      calyx.group_done %go : i1
    }
  }
  // expected-error @+1 {{must hold at most one control op (wrap several in calyx.seq or calyx.par)}}
  calyx.control {
    calyx.enable @g
    calyx.enable @g
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    calyx.seq {
      // expected-error @+1 {{must be directly in a calyx.component}}
      calyx.control {}
    }
  }
}

// -----

// expected-error @+1 {{must be inside calyx.control}}
calyx.seq {}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      calyx.group_done %go : i1
    }
  }
  calyx.control {
    calyx.static_seq {
      // expected-error @+1 {{is not static work; static control holds only static groups and static control}}
      calyx.enable @g
    }
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.comb_group @c {
    }
  }
  calyx.control {
    // expected-error @+1 {{does not reference a group or static group: 'c'}}
    calyx.enable @c
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      calyx.group_done %go : i1
    }
  }
  calyx.control {
    // expected-error @+1 {{with 'g' does not name a calyx.comb_group}}
    calyx.while %go with @g {
    }
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %t = hw.constant true
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{condition must be a port of a cell or of the component}}
    calyx.if %t {
    }
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{count must not be negative}}
    calyx.repeat -1 {
    }
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{invokes 'r', which is not a calyx.instance of this component}}
    calyx.invoke @r(%r.in = %r.out) -> (i8)
  }
}

// -----

calyx.component @A(%in: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  %a.in, %a.go, %a.clk, %a.reset, %a.out, %a.done = calyx.instance @a of @A : i8, i1, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{connection 0 does not name a port of 'a'}}
    calyx.invoke @a(%r.in = %r.out) -> (i8)
  }
}

// -----

calyx.component @A(%in: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %a.in, %a.go, %a.clk, %a.reset, %a.out, %a.done = calyx.instance @a of @A : i8, i1, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{connection 0 drives an output port}}
    calyx.invoke @a(%a.out = %a.in) -> (i8)
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{more types than connections}}
    calyx.invoke @a() -> (i8)
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{expected one type per connection}}
    calyx.invoke @a(%go = %clk) -> ()
  }
}
