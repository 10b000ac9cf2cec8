// End to end (issue 6): examples/fpga/div8.mlir, int8 element-wise signed division, lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/div8.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py div8 --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of div8 on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// REF-DAG: div8: hardware Q ok
// N, D and Q once each: II 1; loads at 0, the i8 divider (latency 8) issues at 1, the store at 9:
// depth 10.
// The II is that bound and the simulated cycles are within 5% of
// (trip x II + depth).
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 1 --trip 32 --depth 10 --outer 1 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
