// The wires and group rules of the calyx verifier, one chunk each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{must be inside a group}}
    calyx.group_done %go : i1
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{must be in calyx.wires or in a group}}
    calyx.assign %done = %go : i1
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %c = hw.constant 1 : i1
  calyx.wires {
    // expected-error @+1 {{destination must be a cell port or a component port}}
    calyx.assign %c = %go : i1
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    // expected-error @+1 {{destination is an input port of the component; only outputs can be written}}
    calyx.assign %go = %reset : i1
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  calyx.wires {
    // expected-error @+1 {{destination is an output port of cell 'r'; only its inputs can be written}}
    calyx.assign %r.done = %go : i1
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{must be directly in calyx.wires}}
    calyx.comb_group @g {
    }
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    // expected-error @+1 {{latency must be at least 1}}
    calyx.static_group latency<0> @s {
    }
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.comb_group @c {
      // expected-error @+1 {{is only allowed in a calyx.group (comb and static groups have no done)}}
      calyx.group_done %go : i1
    }
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      // expected-error @+1 {{must be the last op of its group}}
      calyx.group_done %go : i1
      calyx.assign %done = %go : i1
    }
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      // expected-error @+1 {{is not allowed in a group; only calyx.assign, calyx.group_go and calyx.group_done are}}
      %c = hw.constant 1 : i1
      calyx.group_done %c : i1
    }
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    // expected-error @+1 {{must end with a calyx.group_done}}
    calyx.group @g {
      calyx.assign %done = %go : i1
    }
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    // expected-error @+1 {{is not allowed in calyx.wires}}
    calyx.enable @g
  }
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {
    // expected-error @+1 {{must be directly in a calyx.component}}
    calyx.wires {}
  }
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.comb_group @g {
    }
    // expected-error @+1 {{redefines the group name 'g'}}
    calyx.comb_group @g {
    }
  }
  calyx.control {}
}
