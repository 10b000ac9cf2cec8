// End to end (issue 6): examples/fpga/ifelse.mlir, a loop with if/else and select, lowered by
// lower-to-calyx and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/ifelse.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py ifelse --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of ifelse on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II none (nothing pipelined)
// REF-DAG: ifelse: hardware B ok
// REF-DAG: ifelse: hardware N ok
