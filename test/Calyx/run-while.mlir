// A while loop with a comb-group condition, compiled to FSMs and lowered to
// hw, then simulated: acc = 0 + 1 + ... + 9 = 45 when done first rises.
// RUN: strata-opt %S/Inputs/counter.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go.stim | FileCheck %s
// The outputs are `done out`; nothing is done before the sum is.
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 0000002d
