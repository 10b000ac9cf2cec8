// The fabric model's refusals of a grid it cannot build (the error at the
// grid or the tile kind, then at the design that names the target).
// RUN: strata-opt %s --split-input-file --verify-diagnostics
module {
  "acg.graph"() ({
    // expected-error @+1 {{'param sb_regs' of the CGRA fabric must be an integer from 0 to 64}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 65 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    // expected-error @+1 {{'param max_hops' of the CGRA fabric must be an integer from 0 to 1048576}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {max_hops = true}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
    // expected-error @+1 {{tile kind 'PE' has 1-bit ports but the grid has no 1-bit tracks}}
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    "acg.grid"() ({
    // expected-error @+1 {{tile kind 'MEM' has more than 64 ports of one kind}}
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 65 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    // expected-error @+1 {{a CGRA grid has at most 4 track classes}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1, 8, 1, 4, 1, 2, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    // expected-error @+1 {{a CGRA track class is at most 64 bits wide and 64 tracks per side, not 16 x 65}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 65, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}

// -----

module {
  "acg.graph"() ({
    // expected-error @+1 {{the grid has two track classes of 16 bits}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1, 16, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}
