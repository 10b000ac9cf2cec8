// --export-verilog: one module, ports and names from the IR, localparams for
// constants, an always_ff per register with its constant reset value as the
// initial value.
// RUN: strata-translate --export-verilog %S/Inputs/counter.mlir | FileCheck %s
// CHECK:      // verilator lint_off UNUSEDSIGNAL
// CHECK:      module counter (
// CHECK-NEXT:   input  logic clk,
// CHECK-NEXT:   input  logic rst,
// CHECK-NEXT:   input  logic en,
// CHECK-NEXT:   output logic [7:0] count,
// CHECK-NEXT:   output logic wrap
// CHECK-NEXT: );
// CHECK:        localparam logic [7:0] c1_i8 = 8'h01;
// CHECK:        logic [7:0] count_0;
// CHECK:        assign [[NEXT:_T[0-9]+]] = count_0 + c1_i8;
// CHECK-NEXT:   initial count_0 = 8'h00;
// CHECK-NEXT:   always_ff @(posedge clk)
// CHECK-NEXT:     if (rst) count_0 <= c0_i8;
// CHECK-NEXT:     else if (en) count_0 <= [[NEXT]];
// CHECK:        assign count = count_0;
// CHECK:      endmodule
