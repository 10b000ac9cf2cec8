// A two-dimensional seq memory (row-major flat addresses) and static_par:
// out = m[0][2] + 3 = 7 when done first rises.
// RUN: strata-opt %S/Inputs/mem2d.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go.stim | FileCheck %s
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 07
