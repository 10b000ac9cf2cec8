// The routing-resource graph's size is a named limit (cgra-fabric-nodes):
// a fabric past it is refused at its grid, with the limit and how to raise
// it, before the model allocates its nodes.
// RUN: strata-opt %s --limit=cgra-fabric-nodes=100 --verify-diagnostics
module {
  "acg.graph"() ({
    // expected-error @+1 {{the fabric has more than 100 routing nodes (limit cgra-fabric-nodes = 100; raise it with --limit=cgra-fabric-nodes=<n>)}}
    "acg.grid"() ({
      "acg.storage"() {access = "ram", banks = 1 : i64, data_width = 16 : i64, depth = 64 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 2 : i64, ports_out = 2 : i64, sym_name = "MEM", where = array<i64: 1, 0, 0, 1>} : () -> ()
      "acg.compute"() {caps = [["ADD", [i16, 1], [i16, 1], [i16, 1]], ["MUL", [i16, 1], [i16, 1], [i16, 1]]], latency = 1 : i64, params = {bit_in = 1 : i64, bit_out = 1 : i64}, sym_name = "PE"} : () -> ()
      "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "north", sym_name = "IO", topology = "bus"} : () -> ()
    }) {cols = 4 : i64, rows = 4 : i64, switchbox = "wilton", sym_name = "fabric", tracks = array<i64: 16, 2, 1, 1>} : () -> ()
  }) {class = "cgra", sym_name = "tiny"} : () -> ()
  // expected-error @+1 {{the fabric of target @tiny cannot be built}}
  cgra.design @d attributes {target = @tiny} {
  }
}
