module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology=  "bus"} : () -> ()
    }) {cols = 10: i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabria", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @in0 {kind = "IO", row = -1 : i64, col = 0 : i64, config = {dir = "in", arg = 0 : i64}}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64, config = {op = 64}}
    cgra.inst @r {kind = "REG", row = 0 : i64, col = 1 : i64, site = 0 : i64, width = 16 : i64}
    cgra.net @n0 {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).S16.0", "(0,0).data0"]]}
    cgra.net @n1 {width = 16 : i64, source = "(0,0).out0", sinks = ["(0,1).reg16.0.d"], route = [["(0,0).out0", "(0,0).E16.0", "fastmath<fast>(0,1).reg16.0.d"]]}
    cgra.net @n2 {width = 16 : i64, source = "(0,1).reg16.0.q", sinks = []}
  }
}

