// examples/fpga: jacobi-1d (4 steps, signed division), run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py jacobi1d --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: jacobi1d: A ok
// CHECK-DAG: jacobi1d: B ok
// CHECK-NOT: MISMATCH
