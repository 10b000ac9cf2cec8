// calyx-compile-control empties the control region: a seq of two groups
// becomes a 2-bit state register (marked calyx.fsm) whose state selects the
// group that runs; each group's go hole is driven by its state and not-done;
// done is state == 2.  calyx-remove-groups then moves each group's
// assignments into the wires, guarded by that go, and drops the groups.
// RUN: strata-opt %s --calyx-go-insertion --calyx-compile-control | FileCheck %s
// RUN: strata-opt %s --calyx-go-insertion --calyx-compile-control --calyx-remove-groups | FileCheck %s --check-prefix=RG
// CHECK:      %fsm_0.in, %fsm_0.write_en, {{.*}} = calyx.register @fsm_0 {calyx.fsm} : i2, i1, i1, i1, i2, i1
// CHECK:      calyx.group @A {
// CHECK-NEXT:   %{{.*}} = calyx.group_go %[[GOA:.*]] : i1
// CHECK:      calyx.group @B {
// CHECK-NEXT:   %{{.*}} = calyx.group_go %[[GOB:.*]] : i1
// CHECK-DAG:  %[[S0:.*]] = comb.icmp eq %fsm_0.out, %{{.*}} : i2
// CHECK-DAG:  %[[GOA]] = comb.and %{{.*}}, %{{.*}} : i1
// CHECK-DAG:  calyx.assign %done = %{{.*}} : i1
// CHECK:      calyx.control {
// CHECK-NEXT: }
// RG-NOT:     calyx.group
// RG:         calyx.assign %r.in = %[[G:.*]] ? %c1_i8 : i8
// RG:         calyx.assign %r.in = %[[H:.*]] ? %c2_i8 : i8
// RG-NOT:     calyx.group
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  %c1_i8 = hw.constant 1 : i8
  %c2_i8 = hw.constant 2 : i8
  %true = hw.constant true
  calyx.wires {
    calyx.group @A {
      calyx.assign %r.in = %c1_i8 : i8
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.group @B {
      calyx.assign %r.in = %c2_i8 : i8
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
  }
  calyx.control {
    calyx.seq {
      calyx.enable @A
      calyx.enable @B
    }
  }
}
