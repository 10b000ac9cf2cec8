// static_seq of static groups (latencies 1, 2, 1) inside repeat, then an
// invoke of another component (an hw.instance after lowering):
// x = (x + 1) * 2 three times from 0 is 14, add5 gives out = 19.
// RUN: strata-opt %S/Inputs/static.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go.stim | FileCheck %s
// HW: hw.instance "f" @add5(clk: %clk: !seq.clock, reset: %reset: i1, go: {{.*}}: i1, in: {{.*}}: i32) -> (done: i1, out: i32)
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 00000013
