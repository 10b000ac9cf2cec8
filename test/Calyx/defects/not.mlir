// CIRCT defect 3: std_not must flip every bit.  ~0x0f is 0xf0 with the fix;
// with the fix disabled the lowering xors with a one-bit 1 and gives 0x0e.
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.fixed.mlir
// RUN: strata-hwsim %t.fixed.mlir --stimulus=%S/../Inputs/not.stim | FileCheck %s --check-prefix=FIXED
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw{debug-disable-fix=bitwise-not})' > %t.broken.mlir
// RUN: strata-hwsim %t.broken.mlir --stimulus=%S/../Inputs/not.stim | FileCheck %s --check-prefix=BROKEN
// FIXED:      0 f0
// FIXED-NEXT: 1 f0
// BROKEN:      0 0e
// BROKEN-NEXT: 1 0e
calyx.component @main(%x: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  %n.in, %n.out = calyx.std_not @n : i8, i8
  calyx.wires {
    calyx.assign %n.in = %x : i8
    calyx.assign %out = %n.out : i8
  }
  calyx.control {}
}
