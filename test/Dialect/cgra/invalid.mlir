// The cgra verifier: each instance and net error, on a 2x2 fabric (PE
// column 0, MEM column 1, IO tiles above).
// RUN: strata-opt %s --split-input-file --verify-diagnostics
module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{kind must be PE, MEM, IO or REG, not 'ALU'}}
    cgra.inst @x {kind = "ALU", row = 0 : i64, col = 0 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{a register and only a register has a 'site' and a 'width'}}
    cgra.inst @x {kind = "REG", row = 0 : i64, col = 0 : i64, site = 0 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{a register and only a register has a 'site' and a 'width'}}
    cgra.inst @x {kind = "PE", row = 0 : i64, col = 0 : i64, site = 0 : i64, width = 16 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{the PE at (0,0) has no capability 'DIV'}}
    cgra.inst @x {kind = "PE", row = 0 : i64, col = 0 : i64, config = {op = "DIV"}}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{config's 'op' must be a capability name (a string)}}
    cgra.inst @x {kind = "PE", row = 0 : i64, col = 0 : i64, config = {op = 64}}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{no tile at (5,0)}}
    cgra.inst @x {kind = "PE", row = 5 : i64, col = 0 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{(0,1) is a MEM tile, not PE}}
    cgra.inst @x {kind = "PE", row = 0 : i64, col = 1 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{the switch box at (0,0) has no 16-bit register site 1}}
    cgra.inst @x {kind = "REG", row = 0 : i64, col = 0 : i64, site = 1 : i64, width = 16 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    // expected-error @+1 {{the switch box at (0,0) has no 8-bit register site 0}}
    cgra.inst @x {kind = "REG", row = 0 : i64, col = 0 : i64, site = 0 : i64, width = 8 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @x {kind = "REG", row = 0 : i64, col = 0 : i64, site = 0 : i64, width = 16 : i64}
    // expected-error @+1 {{register site 0 of 16 bits at (0,0) is taken by @x}}
    cgra.inst @y {kind = "REG", row = 0 : i64, col = 0 : i64, site = 0 : i64, width = 16 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{(0,0) is taken by @pe}}
    cgra.inst @y {kind = "PE", row = 0 : i64, col = 0 : i64}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{source '(0,0).up' is no routing node of the fabric}}
    cgra.net @n {width = 16 : i64, source = "(0,0).up", sinks = []}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{sink '(7,0).data0' is no routing node of the fabric}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(7,0).data0"]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'(0,0).data0' must be an output pin or a register's q}}
    cgra.net @n {width = 16 : i64, source = "(0,0).data0", sinks = []}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'(0,0).out0' must be an input pin or a register's d}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).out0"]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'(-1,0).out0' is 16 bits wide, the net 1}}
    cgra.net @n {width = 1 : i64, source = "(-1,0).out0", sinks = []}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{no instance is placed at '(-1,0).out0'}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = []}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{sink '(0,0).data0' is listed twice}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0", "(0,0).data0"]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'sinks' must be an array of node names}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = [3]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'route' must be an array of paths of at least two node names}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = [], route = [["(-1,0).out0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{no routing edge joins '(-1,0).E16.0' to '(0,0).data0'}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).E16.0", "(0,0).data0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{route node '(-1,0).N16.0' is no routing node of the fabric}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).N16.0", "(0,0).data0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{path #0 starts at '(0,0).E16.0', which is neither the source nor on an earlier path}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(0,0).E16.0", "(0,1).data0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{path #0 ends at '(-1,0).S16.0', which is not a sink of the net}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).S16.0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{the route has 1 paths for 2 sinks}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0", "(0,0).data1"], route = [["(-1,0).out0", "(-1,0).S16.0", "(0,0).data0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    // expected-error @+1 {{'(0,0).data0' is driven from two places}}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0", "(0,0).data1"], route = [["(-1,0).out0", "(-1,0).S16.0", "(0,0).data0"], ["(-1,0).out0", "(-1,0).S16.1", "(0,0).data0"]]}
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @io {kind = "IO", row = -1 : i64, col = 0 : i64}
    cgra.inst @io1 {kind = "IO", row = -1 : i64, col = 1 : i64}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64}
    cgra.net @n {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).S16.1", "(0,0).data0"]]}
    // expected-error @+1 {{nets @n and @m both use '(-1,0).S16.1'}}
    cgra.net @m {width = 16 : i64, source = "(-1,1).out0", sinks = ["(0,0).data1"], route = [["(-1,1).out0", "(-1,1).W16.0", "(-1,0).S16.1", "(0,0).data1"]]}
  }
}

// -----

module {
  // expected-error @+1 {{target @nothing is not an acg.graph}}
  cgra.design @d attributes {target = @nothing} {
  }
}

// -----

module {
  "acg.graph"() ({
  ^bb0:
  }) {class = "fpga", sym_name = "f"} : () -> ()
  // expected-error @+1 {{target @f is of class 'fpga', not cgra}}
  cgra.design @d attributes {target = @f} {
  }
}

// -----

module {
  // expected-error @+1 {{a CGRA target needs a grid of tiles}}
  "acg.graph"() ({
  ^bb0:
  }) {class = "cgra", sym_name = "g"} : () -> ()
  // expected-error @+1 {{the fabric of target @g cannot be built}}
  cgra.design @d attributes {target = @g} {
  }
}
