// calyx.par with a done register per thread: a = 40 alongside three
// increments of b, then out = a + b = 43 when done first rises.
// RUN: strata-opt %S/Inputs/par.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go.stim | FileCheck %s
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 0000002b
