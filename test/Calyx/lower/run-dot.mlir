// examples/fpga: dot product, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py dot --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: dot: R ok
// CHECK-NOT: MISMATCH
