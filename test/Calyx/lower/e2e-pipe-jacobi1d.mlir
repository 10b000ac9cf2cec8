// End to end (issue 6): examples/fpga/jacobi1d.mlir, jacobi-1d (4 steps, signed division), lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// Three loads of A an iteration over the two read ports of archs/fpga.acg's block RAM: II 2 (3 with one).
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/jacobi1d.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py jacobi1d --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of jacobi1d on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 2
// REF-DAG: jacobi1d: hardware A ok
// REF-DAG: jacobi1d: hardware B ok
