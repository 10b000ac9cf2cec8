// End to end: a store after an i64 division, or after two chained i32 ones,
// at II 1 (Inputs/pipe-late-iv.mlir) reads its address, i + 1 or i, 65
// cycles after its iteration starts; a copy per cycle would exceed the 64
// copies a value may have, and the loops stayed plain.  The induction
// variable is recomputed as K - 65 (K the group's iteration counter, here
// T), and i + 1 from it: both loops pipeline at depth 66 (loads at 0, the
// dividers from 1, the store at 65), with no copy of either (the chained
// loop's 32 registers copy the divisor, read by the second divider at 33).
// stratac fails unless Verilator's memories equal the interpreter's word for
// word on its drawn inputs.
// RUN: strata-opt %S/Inputs/pipe-late-iv.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=IR
// IR: calyx.static_group latency<97> @[[G0:pipe_[0-9]+]] {
// IR-NOT: calyx.assign %pipe_{{[0-9]+}}.in =
// IR: calyx.assign %[[SUB:sub_[0-9]+]].left = %[[T:t_[0-9]+]].out : i32
// IR-NEXT: calyx.assign %[[SUB]].right = %c65_i32 : i32
// IR-NEXT: calyx.assign %[[LB:add_[0-9]+]].left = %[[SUB]].out : i32
// IR: calyx.assign %[[ADD:add_[0-9]+]].left = %[[LB]].out : i32
// IR-NEXT: calyx.assign %[[ADD]].right = %c1_i32 : i32
// IR-NEXT: calyx.assign %[[SL:slice_[0-9]+]].in = %[[ADD]].out : i32
// IR: calyx.assign %arg2.addr0 = %{{and_[0-9]+}}.out ? %[[SL]].out : i6
// IR-NOT: calyx.assign %pipe_{{[0-9]+}}.in =
// IR: } {calyx.depth = 66 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// IR: calyx.static_group latency<97> @[[G1:pipe_[0-9]+]] {
// IR-COUNT-32: calyx.assign %pipe_{{[0-9]+}}.in =
// IR-NOT: calyx.assign %pipe_{{[0-9]+}}.in =
// IR: } {calyx.depth = 66 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// IR: calyx.enable @[[G0]]
// IR: calyx.enable @[[G1]]
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/pipe-late-iv.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// CHECK: QoR of late_iv on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 1 --trip 32 --depth 66 --outer 2 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
