// The cgra dialect's round trip: a placed and routed design on a 2x2
// fabric (an IO tile feeding a PE, whose output a switch-box register
// takes), printed, parsed and printed again unchanged.
// RUN: strata-opt %s | strata-opt | FileCheck %s
module {
  "acg.graph"() ({
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 2 : i64, params = {sb_regs = 1 : i64}, rows = 2 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  cgra.design @d attributes {target = @tiny} {
    cgra.inst @in0 {kind = "IO", row = -1 : i64, col = 0 : i64, config = {dir = "in", arg = 0 : i64}}
    cgra.inst @pe {kind = "PE", row = 0 : i64, col = 0 : i64, config = {op = "ADD", const1 = 3 : i64}}
    cgra.inst @r {kind = "REG", row = 0 : i64, col = 1 : i64, site = 0 : i64, width = 16 : i64}
    cgra.net @n0 {width = 16 : i64, source = "(-1,0).out0", sinks = ["(0,0).data0"], route = [["(-1,0).out0", "(-1,0).S16.0", "(0,0).data0"]]}
    cgra.net @n1 {width = 16 : i64, source = "(0,0).out0", sinks = ["(0,1).reg16.0.d"], route = [["(0,0).out0", "(0,0).E16.0", "(0,1).reg16.0.d"]]}
    cgra.net @n2 {width = 16 : i64, source = "(0,1).reg16.0.q", sinks = []}
  }
}

// CHECK: cgra.design @d attributes {target = @tiny} {
// CHECK-NEXT: cgra.inst @in0 {col = 0 : i64, config = {arg = 0 : i64, dir = "in"}, kind = "IO", row = -1 : i64}
// CHECK-NEXT: cgra.inst @pe {col = 0 : i64, config = {const1 = 3 : i64, op = "ADD"}, kind = "PE", row = 0 : i64}
// CHECK-NEXT: cgra.inst @r {col = 1 : i64, kind = "REG", row = 0 : i64, site = 0 : i64, width = 16 : i64}
// CHECK-NEXT: cgra.net @n0 {route = {{\[\[}}"(-1,0).out0", "(-1,0).S16.0", "(0,0).data0"]], sinks = ["(0,0).data0"], source = "(-1,0).out0", width = 16 : i64}
// CHECK-NEXT: cgra.net @n1 {route = {{\[\[}}"(0,0).out0", "(0,0).E16.0", "(0,1).reg16.0.d"]], sinks = ["(0,1).reg16.0.d"], source = "(0,0).out0", width = 16 : i64}
// CHECK-NEXT: cgra.net @n2 {sinks = [], source = "(0,1).reg16.0.q", width = 16 : i64}
