// End to end (issue 6): examples/fpga/jacobi2d.mlir, jacobi-2d (2 steps on 12x12), lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// Five loads of A an iteration over the two read ports of archs/fpga.acg's block RAM: II 3 (5 with one).
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/jacobi2d.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py jacobi2d --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of jacobi2d on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 3
// REF-DAG: jacobi2d: hardware A ok
// REF-DAG: jacobi2d: hardware B ok
