// examples/fpga: PolyBench 2mm (8x8, with a local buffer), run by strata-run on drawn inputs; every memory is
// compared with the Python reference in Inputs/kernels.py.
// RUN: %python %S/Inputs/kernels.py 2mm --work %t --src %strata_src_root | FileCheck %s
// CHECK-DAG: 2mm: D ok
// CHECK-NOT: MISMATCH
