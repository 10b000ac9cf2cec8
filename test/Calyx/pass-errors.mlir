// The calyx passes refuse input they cannot handle, with a located error:
// groups removed while control remains, hw lowered before control is
// compiled, and an export of compiled IR whose sources are logic, which
// native Calyx cannot spell.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --calyx-remove-groups
// RUN: strata-opt %S/Inputs/counter.mlir --calyx-compile-control | not strata-translate --export-calyx 2>&1 | FileCheck %s
// CHECK: error: 'comb.icmp' op has no native Calyx spelling as a source (only ports and constants do)
// RUN: not strata-opt %S/Inputs/counter.mlir --lower-calyx-to-hw 2>&1 | FileCheck %s --check-prefix=HW
// HW: error: 'calyx.component' op still has groups or control; run calyx-compile-control and calyx-remove-groups first

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {
    calyx.group @g {
      calyx.group_done %go : i1
    }
  }
  // expected-error @+1 {{still holds control; run calyx-compile-control before calyx-remove-groups}}
  calyx.control {
    calyx.enable @g
  }
}
