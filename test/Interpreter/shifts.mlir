// Shifts by the width or more give poison (not a wrapped shift amount);
// below the width they shift, arithmetic shifts copying the sign.
// RUN: strata-run %s --entry=shl_i32 --poison-results --arg=i32:1 --arg=i32:31 | FileCheck %s --check-prefix=SHL31
// SHL31: i32:-2147483648
// SHL31-NEXT: i32:0
// SHL31-NEXT: i32:0
// RUN: strata-run %s --entry=shl_i32 --poison-results --arg=i32:1 --arg=i32:32 | FileCheck %s --check-prefix=SHL32
// SHL32: i32:poison
// SHL32-NEXT: i32:poison
// SHL32-NEXT: i32:poison
// RUN: strata-run %s --entry=shl_i32 --poison-results --arg=i32:-8 --arg=i32:-1 | FileCheck %s --check-prefix=SHLNEG
// SHLNEG: i32:poison
// SHLNEG-NEXT: i32:poison
// SHLNEG-NEXT: i32:poison
// RUN: strata-run %s --entry=shl_i32 --poison-results --arg=i32:-8 --arg=i32:1 | FileCheck %s --check-prefix=SHR1
// SHR1: i32:-16
// SHR1-NEXT: i32:2147483644
// SHR1-NEXT: i32:-4
// RUN: strata-run %s --entry=shl_i7 --poison-results --arg=i7:1 --arg=i7:6 | FileCheck %s --check-prefix=SHL76
// SHL76: i7:-64
// SHL76-NEXT: i7:0
// SHL76-NEXT: i7:0
// RUN: strata-run %s --entry=shl_i7 --poison-results --arg=i7:-64 --arg=i7:7 | FileCheck %s --check-prefix=SHL77
// SHL77: i7:poison
// SHL77-NEXT: i7:poison
// SHL77-NEXT: i7:poison
// RUN: strata-run %s --entry=shl_i7 --poison-results --arg=i7:-64 --arg=i7:6 | FileCheck %s --check-prefix=SHR76
// SHR76: i7:0
// SHR76-NEXT: i7:1
// SHR76-NEXT: i7:-1
// 1 << 64 sets the sign bit of i65; 65 is the width.
// RUN: strata-run %s --entry=shl_i65 --poison-results --arg=i65:1 --arg=i65:64 | FileCheck %s --check-prefix=SHL6564
// SHL6564: i65:-18446744073709551616
// SHL6564-NEXT: i65:0
// SHL6564-NEXT: i65:0
// RUN: strata-run %s --entry=shl_i65 --poison-results --arg=i65:-18446744073709551616 --arg=i65:64 | FileCheck %s --check-prefix=SHR6564
// SHR6564: i65:0
// SHR6564-NEXT: i65:1
// SHR6564-NEXT: i65:-1
// RUN: strata-run %s --entry=shl_i65 --poison-results --arg=i65:1 --arg=i65:65 | FileCheck %s --check-prefix=SHL6565
// SHL6565: i65:poison
// SHL6565-NEXT: i65:poison
// SHL6565-NEXT: i65:poison
// An amount whose high word is set is past the width too.
// RUN: strata-run %s --entry=shl_i128 --poison-results --arg=i128:1 --arg=i128:0x10000000000000001 | FileCheck %s --check-prefix=SHLHIGH
// SHLHIGH: i128:poison
// SHLHIGH-NEXT: i128:poison
// SHLHIGH-NEXT: i128:poison
// -2^127 >> 127: 1 unsigned, -1 signed; << 100 of 3 is 3 * 2^100.
// RUN: strata-run %s --entry=shl_i128 --poison-results --arg=i128:-170141183460469231731687303715884105728 --arg=i128:127 | FileCheck %s --check-prefix=SHR128
// SHR128: i128:0
// SHR128-NEXT: i128:1
// SHR128-NEXT: i128:-1
// RUN: strata-run %s --entry=shl_i128 --poison-results --arg=i128:3 --arg=i128:100 | FileCheck %s --check-prefix=SHL128
// SHL128: i128:3802951800684688204490109616128
// SHL128-NEXT: i128:0
// SHL128-NEXT: i128:0
// Without --poison-results, poison reaching the return is reported.
// RUN: not strata-run %s --entry=shl_i32 --arg=i32:1 --arg=i32:32 2>&1 | FileCheck %s --check-prefix=RET
// RET: shifts.mlir:[[# @LINE + 6]]:3: error: undefined behaviour: poison value returned as result #0 by 'func.return'

func.func @shl_i32(%a: i32, %b: i32) -> (i32, i32, i32) {
  %l = arith.shli %a, %b : i32
  %u = arith.shrui %a, %b : i32
  %s = arith.shrsi %a, %b : i32
  return %l, %u, %s : i32, i32, i32
}
func.func @shl_i7(%a: i7, %b: i7) -> (i7, i7, i7) {
  %l = arith.shli %a, %b : i7
  %u = arith.shrui %a, %b : i7
  %s = arith.shrsi %a, %b : i7
  return %l, %u, %s : i7, i7, i7
}
func.func @shl_i65(%a: i65, %b: i65) -> (i65, i65, i65) {
  %l = arith.shli %a, %b : i65
  %u = arith.shrui %a, %b : i65
  %s = arith.shrsi %a, %b : i65
  return %l, %u, %s : i65, i65, i65
}
func.func @shl_i128(%a: i128, %b: i128) -> (i128, i128, i128) {
  %l = arith.shli %a, %b : i128
  %u = arith.shrui %a, %b : i128
  %s = arith.shrsi %a, %b : i128
  return %l, %u, %s : i128, i128, i128
}
