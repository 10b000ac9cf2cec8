// std_mult_pipe (latency 3, used twice in a row), std_divs_pipe and
// std_remu_pipe (latency = width): out = 6*7*3 + (-100 / 7) + (100 % 7) = 114
// when done first rises.
// RUN: strata-opt %S/Inputs/mult-div.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go.stim | FileCheck %s
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 00000072
