// nsw, nuw and exact make the result poison when they do not hold
// (MLIR's semantics of the flags), and change nothing when they do.
// RUN: strata-run %s --entry=add --poison-results | FileCheck %s --check-prefix=ADD
// 100 + 100 overflows i8 signed, not unsigned; 255 + 1 the other way round.
// ADD: i8:poison
// ADD-NEXT: i8:-56
// ADD-NEXT: i8:poison
// ADD-NEXT: i8:0
// RUN: strata-run %s --entry=sub --poison-results | FileCheck %s --check-prefix=SUB
// SUB: i8:poison
// SUB-NEXT: i8:-1
// SUB-NEXT: i8:poison
// SUB-NEXT: i8:127
// RUN: strata-run %s --entry=mul --poison-results | FileCheck %s --check-prefix=MUL
// MUL: i8:poison
// MUL-NEXT: i8:-128
// MUL-NEXT: i8:poison
// MUL-NEXT: i8:poison
// MUL-NEXT: i8:-128
// MUL-NEXT: i8:poison
// RUN: strata-run %s --entry=shl --poison-results | FileCheck %s --check-prefix=SHL
// SHL: i8:poison
// SHL-NEXT: i8:poison
// SHL-NEXT: i8:poison
// SHL-NEXT: i8:-128
// SHL-NEXT: i8:-128
// SHL-NEXT: i8:poison
// RUN: strata-run %s --entry=exact --poison-results | FileCheck %s --check-prefix=EXACT
// EXACT: i8:poison
// EXACT-NEXT: i8:4
// EXACT-NEXT: i8:poison
// EXACT-NEXT: i8:-4
// EXACT-NEXT: i8:poison
// EXACT-NEXT: i8:-2
// EXACT-NEXT: i8:poison
// RUN: strata-run %s --entry=trunc --poison-results | FileCheck %s --check-prefix=TRUNC
// TRUNC: i8:poison
// TRUNC-NEXT: i8:poison
// TRUNC-NEXT: i8:poison
// TRUNC-NEXT: i8:-128
// TRUNC-NEXT: i8:-1
// TRUNC-NEXT: i8:poison
// RUN: strata-run %s --entry=wide --poison-results | FileCheck %s --check-prefix=WIDE
// WIDE: i65:poison
// WIDE-NEXT: i65:-18446744073709551616
// WIDE-NEXT: i65:poison
// WIDE-NEXT: i65:poison

func.func @add() -> (i8, i8, i8, i8) {
  %c100 = arith.constant 100 : i8
  %m1 = arith.constant -1 : i8
  %c1 = arith.constant 1 : i8
  %0 = arith.addi %c100, %c100 overflow<nsw> : i8
  %1 = arith.addi %c100, %c100 overflow<nuw> : i8
  %2 = arith.addi %m1, %c1 overflow<nuw> : i8
  %3 = arith.addi %m1, %c1 overflow<nsw> : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}
func.func @sub() -> (i8, i8, i8, i8) {
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %min = arith.constant -128 : i8
  %0 = arith.subi %c1, %c2 overflow<nuw> : i8
  %1 = arith.subi %c1, %c2 overflow<nsw> : i8
  %2 = arith.subi %min, %c1 overflow<nsw> : i8
  %3 = arith.subi %min, %c1 overflow<nuw> : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}
func.func @mul() -> (i8, i8, i8, i8, i8, i8) {
  %c16 = arith.constant 16 : i8
  %c8 = arith.constant 8 : i8
  %m16 = arith.constant -16 : i8
  %0 = arith.muli %c16, %c8 overflow<nsw> : i8
  %1 = arith.muli %c16, %c8 overflow<nuw> : i8
  %2 = arith.muli %c16, %c16 overflow<nuw> : i8
  %3 = arith.muli %c16, %c16 overflow<nsw> : i8
  %4 = arith.muli %m16, %c8 overflow<nsw> : i8
  %5 = arith.muli %m16, %c8 overflow<nuw> : i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}
func.func @shl() -> (i8, i8, i8, i8, i8, i8) {
  %min = arith.constant -128 : i8
  %c64 = arith.constant 64 : i8
  %m64 = arith.constant -64 : i8
  %c1 = arith.constant 1 : i8
  %0 = arith.shli %min, %c1 overflow<nuw> : i8
  %1 = arith.shli %min, %c1 overflow<nsw> : i8
  %2 = arith.shli %c64, %c1 overflow<nsw> : i8
  %3 = arith.shli %c64, %c1 overflow<nuw> : i8
  %4 = arith.shli %m64, %c1 overflow<nsw> : i8
  %5 = arith.shli %m64, %c1 overflow<nuw> : i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}
func.func @exact() -> (i8, i8, i8, i8, i8, i8, i8) {
  %c7 = arith.constant 7 : i8
  %c8 = arith.constant 8 : i8
  %m7 = arith.constant -7 : i8
  %m8 = arith.constant -8 : i8
  %c2 = arith.constant 2 : i8
  %c5 = arith.constant 5 : i8
  %m4 = arith.constant -4 : i8
  %m3 = arith.constant -3 : i8
  %c1 = arith.constant 1 : i8
  %0 = arith.divui %c7, %c2 exact : i8
  %1 = arith.divui %c8, %c2 exact : i8
  %2 = arith.divsi %m7, %c2 exact : i8
  %3 = arith.divsi %m8, %c2 exact : i8
  %4 = arith.shrui %c5, %c1 exact : i8
  %5 = arith.shrsi %m4, %c1 exact : i8
  %6 = arith.shrsi %m3, %c1 exact : i8
  return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i8, i8, i8, i8, i8
}
func.func @trunc() -> (i8, i8, i8, i8, i8, i8) {
  %c256 = arith.constant 256 : i32
  %c128 = arith.constant 128 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.trunci %c256 overflow<nuw> : i32 to i8
  %1 = arith.trunci %c256 overflow<nsw> : i32 to i8
  %2 = arith.trunci %c128 overflow<nsw> : i32 to i8
  %3 = arith.trunci %c128 overflow<nuw> : i32 to i8
  %4 = arith.trunci %m1 overflow<nsw> : i32 to i8
  %5 = arith.trunci %m1 overflow<nuw> : i32 to i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}
// The largest i65 plus one; -2^64 * 2 (nsw: overflows; nuw: 2^64 * 2 too).
func.func @wide() -> (i65, i65, i65, i65) {
  %max = arith.constant 18446744073709551615 : i65
  %c1 = arith.constant 1 : i65
  %c2 = arith.constant 2 : i65
  %min = arith.constant -18446744073709551616 : i65
  %0 = arith.addi %max, %c1 overflow<nsw> : i65
  %1 = arith.addi %max, %c1 overflow<nuw> : i65
  %2 = arith.muli %min, %c2 overflow<nsw> : i65
  %3 = arith.muli %min, %c2 overflow<nuw> : i65
  return %0, %1, %2, %3 : i65, i65, i65, i65
}
