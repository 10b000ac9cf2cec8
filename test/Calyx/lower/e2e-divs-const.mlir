// End to end (issue 11): unsigned and flooring division by a constant that
// is not a power of two is a multiply-and-shift (Granlund-Montgomery, the
// smallest shift that is exact for every value of the type), not a
// divider: Inputs/divs-const.mlir divides every i8 value (and every i16
// one by 9, as the .hl cascade does) and stratac fails unless Verilator's
// results equal the interpreter's, so every value is checked.  A negative
// divisor keeps the divider (one divs/rems pair).
// RUN: strata-opt %S/Inputs/divs-const.mlir --lower-to-calyx | FileCheck %s --check-prefix=CALYX
// CALYX-COUNT-1: calyx.std_divs_pipe
// CALYX-NOT: calyx.std_divs_pipe
// CALYX-NOT: calyx.std_divu_pipe
// RUN: strata-opt %S/Inputs/divs-const.mlir --lower-to-calyx | FileCheck %s --check-prefix=MULT
// MULT-COUNT-8: calyx.std_mult_pipe
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/divs-const.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --max-cycles 5000000 | FileCheck %s
// RUN: sed -n '1p;2p;3p;130p;256p' %t/outputs/arg0.txt | FileCheck %s --check-prefix=OUT
// CHECK: QoR of divs_const on
// CHECK-NEXT: cycles {{[0-9]+}}
// floor(x / 3) at x = 0, 1, 2, -127, -1:
// OUT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 213
// OUT-NEXT: 255
