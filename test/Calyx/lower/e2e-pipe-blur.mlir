// End to end (issue 6): examples/fpga/blur.mlir, 3x3 blur of a 64x64 image, lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/blur.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py blur --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of blur on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 5
// REF-DAG: blur: hardware O ok
// Nine loads of I per pixel over the two read ports of archs/fpga.acg's block RAM (lower-to-calyx
// read-ports=2): II 5; the last load at 4, the sum and the store at 5: depth 6; 62 rows.  (With one
// port it was II 9, depth 10.)
// The II is that bound and the simulated cycles are within 5% of
// 62 x (trip x II + depth).
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 5 --trip 62 --depth 6 --outer 62 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
