// End to end (issue 6): examples/fpga/2mm.mlir, PolyBench 2mm (8x8, with a local buffer), lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/2mm.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py 2mm --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of twomm on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// REF-DAG: 2mm: hardware D ok
