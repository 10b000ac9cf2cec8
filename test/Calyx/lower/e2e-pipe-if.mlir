// End to end: if-conversion in pipelined loops (Inputs/pipe-if.mlir): a
// division by a variable in a branch, run on every iteration, also where
// the divisor is 0 and the other branch is taken (the divider then gives 0,
// docs/dialects/calyx.md, and the select drops it); a store in both
// branches (one store of a select) and stores in nested ifs of both (write
// enables and-ed with their predicates); a load
// run speculatively at an address out of its memory.  stratac fails unless
// Verilator's memories equal the interpreter's word for word on its drawn
// inputs; pipe_if_check.py checks that those inputs take both branches of
// every if and the memories against a Python reference (Q = N * 5 where the
// divisor was 0).  Plain, the three loops take 2018 cycles.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/pipe-if.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// RUN: %python %S/Inputs/pipe_if_check.py %t | FileCheck %s --check-prefix=REF
// CHECK: QoR of pipe_if on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 2
// REF: both divz branches ({{[0-9]+}} zero divisors): ok
// REF-NEXT: both stores branches, nested ifs taken: ok
// REF-NEXT: Q (N * 5 at the zero divisors): ok
// REF-NEXT: B: ok
// REF-NEXT: C (only the positive odd and the other even words written): ok
// REF-NEXT: Y: ok
// The loops, (trip x II + depth): 32 + 34, 32 x 2 + 5, 30 + 2 = 167 cycles.
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 2 --trip 1 --depth 165 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
