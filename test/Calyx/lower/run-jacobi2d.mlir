// examples/fpga: jacobi-2d (2 steps on 12x12), run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py jacobi2d --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: jacobi2d: A ok
// CHECK-DAG: jacobi2d: B ok
// CHECK-NOT: MISMATCH
