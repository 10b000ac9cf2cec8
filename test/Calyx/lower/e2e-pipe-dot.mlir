// End to end (issue 6): examples/fpga/dot.mlir, dot product, lowered by
// lower-to-calyx with pipeline=true and the calyx pipeline to hw, simulated by Verilator
// through stratac, which fails unless every memory equals the interpreter's
// word for word on the drawn inputs; the simulated memories are also checked
// against the Python reference of Inputs/kernels.py.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %strata_src_root/examples/fpga/dot.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py dot --stratac-dir %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of dot on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// REF-DAG: dot: hardware R ok
// A and B once each: II 1; loads at 0, multiply at 1, product at 4 added into the accumulator: depth 5.
// The II is that bound and the simulated cycles are within 5% of
// (trip x II + depth).
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 1 --trip 64 --depth 5 --outer 1 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
