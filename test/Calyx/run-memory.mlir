// Internal memories: a comb memory (read latency 0) written and summed in
// two loops, a seq memory (read latency 1, content_en) written and read:
// out = 108 + 5 = 113 when done first rises.
// RUN: strata-opt %S/Inputs/memory.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: strata-hwsim %t.mlir --stimulus=%S/Inputs/go-long.stim | FileCheck %s
// HW-DAG: seq.read {{.*}} {latency = 0 : i64} : !seq.hlmem<8xi32>
// HW-DAG: seq.read {{.*}} rden {{.*}} {latency = 1 : i64} : !seq.hlmem<4xi32>
// CHECK-NOT: {{^}}1 {{.*}}
// CHECK: {{^}}1 00000071
