// examples/fpga: two independent loops marked calyx.par, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py par --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: par: C ok
// CHECK-DAG: par: D ok
// CHECK-NOT: MISMATCH
