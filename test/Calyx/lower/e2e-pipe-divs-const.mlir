// End to end: divisions and remainders by constants in pipelined loops
// (Inputs/pipe-divs-const.mlir).  By 4 they are shifts and masks, no cycle;
// by 7 div-by-constant's multiply-and-shift (3 cycles, and 3 more for
// a remainder's x - q d), not a divider (8 or 32 cycles); floordivsi and
// ceildivsi, which kept a loop plain, pipeline the same way.  Every i8 value
// in the six ways by 7 and by 4, and i32 values around INT_MIN, INT_MAX and
// 0 and scattered ones; stratac fails unless Verilator's memories equal the
// interpreter's word for word.
// RUN: strata-opt %S/Inputs/pipe-divs-const.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=NODIV
// NODIV-NOT: calyx.std_{{(divs|divu|rems|remu)}}_pipe
// RUN: strata-opt %S/Inputs/pipe-divs-const.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=IR
// By 7 (i8): x at 0, the quotient's product at 3, the remainder's at 6, the
// store at 6: depth 7 (with dividers: 8 + 1).
// IR: calyx.std_mult_pipe @{{mult_pipe_[0-9]+}} : i1, i1, i1, i15, i15, i15, i1
// IR: } {calyx.depth = 7 : i64, calyx.ii = 1 : i64, calyx.trip = 256 : i64}
// By 4: combinational, the store at 0: depth 1.
// IR: } {calyx.depth = 1 : i64, calyx.ii = 1 : i64, calyx.trip = 256 : i64}
// i32: the scattered values' product at 3, the quotient's at 6, the
// remainder's at 9: depth 10 (with dividers: 3 + 32 + 1).
// IR: } {calyx.depth = 10 : i64, calyx.ii = 1 : i64, calyx.trip = 40 : i64}
// IR: } {calyx.ii = 1 : i64, toplevel}
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/pipe-divs-const.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --pipeline | FileCheck %s
// CHECK: QoR of pipe_divs on
// CHECK-NEXT: cycles {{[0-9]+}}
// CHECK-NEXT: II 1
// The three loops: (256 + 7) + (256 + 1) + (40 + 10) cycles.
// RUN: %python %S/Inputs/check_cycles.py %t/qor.json --ii 1 --trip 552 --depth 18 | FileCheck %s --check-prefix=CYC
// CYC: within 5%
// INT_MIN by 7: trunc -306783378, rem -2, floor -306783379, ceil -306783378;
// 2^31 by 7: 306783378, rem 2 (as unsigned words).
// RUN: for a in 2 3 4 5 6 7; do sed -n 1p %t/outputs/arg$a.txt; done | FileCheck %s --check-prefix=MIN
// MIN: 3988183918
// MIN-NEXT: 4294967294
// MIN-NEXT: 3988183917
// MIN-NEXT: 3988183918
// MIN-NEXT: 306783378
// MIN-NEXT: 2
// -127 (as i8; 129 unsigned): by 7, the bytes -18, -1, -19, -18, 18, 3; by 4,
// -31, -3, -32, -31, 32, 1.
// RUN: sed -s -n 130p %t/outputs/arg0.txt %t/outputs/arg1.txt | FileCheck %s --check-prefix=M127
// M127: 3379852869614
// M127-NEXT: 1240740199905
