// CIRCT defect 2: a register must load only when write_en is high.  Group
// A writes r = 42, group B then writes s = r + 1: out = 43 when done first
// rises.  With the fix disabled registers load every cycle: r falls back to
// 0 once A ends and s once B ends, so out reads 0 at done.
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.fixed.mlir
// RUN: strata-hwsim %t.fixed.mlir --stimulus=%S/../Inputs/go.stim | FileCheck %s --check-prefix=FIXED
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw{debug-disable-fix=write-enable})' > %t.broken.mlir
// RUN: strata-hwsim %t.broken.mlir --stimulus=%S/../Inputs/go.stim | FileCheck %s --check-prefix=BROKEN
// FIXED-NOT: {{^}}1 {{.*}}
// FIXED: {{^}}1 0000002b
// BROKEN-NOT: {{^}}1 {{.*}}
// BROKEN: {{^}}1 00000000
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %s.in, %s.write_en, %s.clk, %s.reset, %s.out, %s.done = calyx.register @s : i32, i1, i1, i1, i32, i1
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %c1 = hw.constant 1 : i32
  %c42 = hw.constant 42 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @A {
      calyx.assign %r.in = %c42 : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.group @B {
      calyx.assign %add.left = %r.out : i32
      calyx.assign %add.right = %c1 : i32
      calyx.assign %s.in = %add.out : i32
      calyx.assign %s.write_en = %true : i1
      calyx.group_done %s.done : i1
    }
    calyx.assign %out = %s.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.enable @A
      calyx.enable @B
    }
  }
}
