// --export-verilog writes an op's `sv.attributes` (as CIRCT's) as Verilog
// attributes before the memory's declaration, which synthesis tools read
// (the FPGA target marks the memories it placed in block RAM so): a string
// quoted with its quotes and backslashes escaped, an integer bare, an entry
// whose name is no Verilog identifier left out.
// RUN: strata-translate --export-verilog %s | FileCheck %s
// CHECK: (* note = "a \"b\" \\ c" *) (* ram_style = "block" *) (* weight = 3 *) logic [31:0] m [0:15];
// CHECK: logic [31:0] plain [0:15];
hw.module @mem(in %clk : !seq.clock, in %rst : i1, in %a : i4, out q : i32, out r : i32) {
  %m = seq.hlmem @m %clk, %rst {sv.attributes = {ram_style = "block", weight = 3 : i64, "not-an-id" = "x", note = "a \"b\" \\ c"}} : !seq.hlmem<16xi32>
  %plain = seq.hlmem @plain %clk, %rst : !seq.hlmem<16xi32>
  %q = seq.read %m[%a] {latency = 1} : !seq.hlmem<16xi32>
  %r = seq.read %plain[%a] {latency = 1} : !seq.hlmem<16xi32>
  hw.output %q, %r : i32, i32
}
