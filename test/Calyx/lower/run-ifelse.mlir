// examples/fpga: a loop with if/else and select, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py ifelse --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: ifelse: B ok
// CHECK-DAG: ifelse: N ok
// CHECK-NOT: MISMATCH
