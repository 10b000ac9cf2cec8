// End to end (issue 6): examples/fpga/vadd.mlir, vector add, lowered by
// lower-to-calyx and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/vadd.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py vadd --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of vadd on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II none (nothing pipelined)
// REF-DAG: vadd: hardware C ok
