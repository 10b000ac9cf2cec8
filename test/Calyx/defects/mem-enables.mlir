// CIRCT defect 4: a memory's write and read enables must be connected.  A
// seq memory is written (s[1] = 77) and read back through content_en: out =
// 77 when done first rises.  With the enables left unconnected nothing is
// written or read and out is 0.
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.fixed.mlir
// RUN: strata-hwsim %t.fixed.mlir --stimulus=%S/../Inputs/go.stim | FileCheck %s --check-prefix=FIXED
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw{debug-disable-fix=mem-enables})' > %t.broken.mlir
// RUN: strata-hwsim %t.broken.mlir --stimulus=%S/../Inputs/go.stim | FileCheck %s --check-prefix=BROKEN
// FIXED-NOT: {{^}}1 {{.*}}
// FIXED: {{^}}1 0000004d
// BROKEN-NOT: {{^}}1 {{.*}}
// BROKEN: {{^}}1 00000000
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %s.addr0, %s.clk, %s.reset, %s.content_en, %s.write_en, %s.write_data, %s.read_data, %s.done = calyx.seq_mem @s <[4] x 32> [2] : i2, i1, i1, i1, i1, i32, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %c1 = hw.constant 1 : i2
  %c77 = hw.constant 77 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @write {
      calyx.assign %s.addr0 = %c1 : i2
      calyx.assign %s.write_data = %c77 : i32
      calyx.assign %s.write_en = %true : i1
      calyx.group_done %s.done : i1
    }
    calyx.group @read {
      calyx.assign %s.addr0 = %c1 : i2
      calyx.assign %s.content_en = %true : i1
      calyx.group_done %s.done : i1
    }
    calyx.group @latch {
      calyx.assign %r.in = %s.read_data : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.enable @write
      calyx.enable @read
      calyx.enable @latch
    }
  }
}
