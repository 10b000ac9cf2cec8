// A port named by a SystemVerilog keyword cannot be exported: instances
// connect ports by name.
// RUN: not strata-translate --export-verilog %s 2>&1 | FileCheck %s
// CHECK: error: 'hw.module' op port 'module' is not a legal SystemVerilog name
hw.module @m(in %module : i1, out r : i1) {
  hw.output %module : i1
}
