// End to end (issue 6): examples/fpga/ifelse.mlir, a loop with if/else and select, lowered by
// lower-to-calyx with pipeline=true: the if is converted (both branches
// every iteration, a select per result), so the loop pipelines at II 1
// (plain: 397 cycles).  stratac fails unless every memory equals the
// interpreter's word for word on the drawn inputs; the simulated memories
// are also checked against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/ifelse.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py ifelse --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of ifelse on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// REF-DAG: ifelse: hardware B ok
// REF-DAG: ifelse: hardware N ok
// A and B once each: II 1; the load at 0, 3x issued at 1, selected,
// clamped and stored at 4: depth 5; the count's store after the loop takes
// 2 more cycles (given as depth 7; Verilator counts 40).
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 1 --trip 32 --depth 7 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
