// examples/fpga: gemm 16x16, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py gemm --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: gemm: C ok
// CHECK-NOT: MISMATCH
