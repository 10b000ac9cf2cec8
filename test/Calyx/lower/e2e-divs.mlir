// End to end (issue 11): flooring, ceiling and truncating division and the
// remainders, signed and unsigned, by a variable (the std_div/rem pipes; a
// flooring or ceiling quotient is corrected from the remainder of the same
// divide) and by constant powers of two (shifts and masks, no divider).
// stratac fails unless Verilator's memories equal the interpreter's; the
// rows of %out are also checked, for x = -128, -7, -1, 0, 7, 127, -9, 9 and
// y = 3, 2, -2, 5, -3, -128, 4, -4 (bytes read unsigned).
// RUN: strata-opt %S/Inputs/divs.mlir --lower-to-calyx | FileCheck %s --check-prefix=CALYX
// CALYX-COUNT-3: calyx.std_divs_pipe
// CALYX-NOT: calyx.std_divu_pipe
// CALYX-NOT: calyx.std_remu_pipe
// RUN: strata-opt %S/Inputs/divs.mlir --lower-to-calyx | FileCheck %s --check-prefix=REM
// REM-COUNT-3: calyx.std_rems_pipe
// REM-NOT: calyx.std_rems_pipe
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/divs.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --inputs %S/Inputs/divs-inputs | FileCheck %s
// RUN: paste -d' ' - - - - - - - - < %t/outputs/arg2.txt | FileCheck %s --check-prefix=OUT
// CHECK: QoR of divs on
// CHECK-NEXT: cycles {{[0-9]+}}
// floordivsi, ceildivsi, divsi, remsi by y:
// OUT: 213 252 0 0 253 255 253 253
// OUT-NEXT: 214 253 1 0 254 0 254 254
// OUT-NEXT: 214 253 0 0 254 0 254 254
// OUT-NEXT: 254 255 255 0 1 127 255 1
// floordivsi, ceildivsi by 4, divsi, remsi by 8, divui by 16, remui by 64:
// OUT-NEXT: 224 254 255 0 1 31 253 2
// OUT-NEXT: 224 255 0 0 2 32 254 3
// OUT-NEXT: 240 0 0 0 0 15 255 1
// OUT-NEXT: 0 249 255 0 7 7 255 1
// OUT-NEXT: 8 15 15 0 0 7 15 0
// OUT-NEXT: 0 57 63 0 7 63 55 9
// floordivsi, divsi by 1:
// OUT-NEXT: 128 249 255 0 7 127 247 9
// OUT-NEXT: 128 249 255 0 7 127 247 9
