// calyx.if with a comb group, both branches: x = 7 takes then (107), x = 3
// takes else (203); the value is on `out` when done first rises.
// RUN: strata-opt %S/Inputs/if.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go-x7.stim | FileCheck %s --check-prefix=THEN
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go-x3.stim | FileCheck %s --check-prefix=ELSE
// THEN-NOT: {{^}}1 {{.*}}
// THEN: {{^}}1 0000006b
// ELSE-NOT: {{^}}1 {{.*}}
// ELSE: {{^}}1 000000cb
