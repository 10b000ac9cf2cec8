// examples/fpga: int8 element-wise signed division, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py div8 --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: div8: Q ok
// CHECK-NOT: MISMATCH
