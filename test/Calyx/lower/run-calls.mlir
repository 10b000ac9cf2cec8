// examples/fpga: nested calls, run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py calls --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: calls: B ok
// CHECK-NOT: MISMATCH
