// examples/fpga: 3x3 blur of a 64x64 image, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py blur --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: blur: O ok
// CHECK-NOT: MISMATCH
