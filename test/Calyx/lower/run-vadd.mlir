// examples/fpga: vector add, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py vadd --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: vadd: C ok
// CHECK-NOT: MISMATCH
