// End to end (issue 6): examples/fpga/div8.mlir, int8 element-wise signed division, lowered by
// lower-to-calyx and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/div8.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py div8 --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of div8 on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II none (nothing pipelined)
// REF-DAG: div8: hardware Q ok
