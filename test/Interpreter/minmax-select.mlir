// Float minimum and maximum: maximumf/minimumf propagate NaN (IEEE
// maximum/minimum), maxnumf/minnumf return the number when one operand is
// NaN (maximumNumber/minimumNumber); all four order -0 below +0.  Results in
// the order maximumf, minimumf, maxnumf, minnumf.
// RUN: strata-run %s --entry=fminmax --arg=f32:nan --arg=f32:1 | FileCheck %s --check-prefix=NAN1
// NAN1: f32:nan
// NAN1-NEXT: f32:nan
// NAN1-NEXT: f32:1
// NAN1-NEXT: f32:1
// RUN: strata-run %s --entry=fminmax --arg=f32:-2 --arg=f32:-nan | FileCheck %s --check-prefix=NAN2
// NAN2: f32:-nan
// NAN2-NEXT: f32:-nan
// NAN2-NEXT: f32:-2
// NAN2-NEXT: f32:-2
// RUN: strata-run %s --entry=fminmax --arg=f32:-0 --arg=f32:0 | FileCheck %s --check-prefix=ZEROS
// ZEROS: f32:0
// ZEROS-NEXT: f32:-0
// ZEROS-NEXT: f32:0
// ZEROS-NEXT: f32:-0
// RUN: strata-run %s --entry=fminmax --arg=f32:0 --arg=f32:-0 | FileCheck %s --check-prefix=ZEROS2
// ZEROS2: f32:0
// ZEROS2-NEXT: f32:-0
// ZEROS2-NEXT: f32:0
// ZEROS2-NEXT: f32:-0
// RUN: strata-run %s --entry=fminmax --arg=f32:-inf --arg=f32:inf | FileCheck %s --check-prefix=INF
// INF: f32:inf
// INF-NEXT: f32:-inf
// INF-NEXT: f32:inf
// INF-NEXT: f32:-inf
// Integer minimum and maximum: -1 is the largest unsigned value.  Results in
// the order maxsi, maxui, minsi, minui.
// RUN: strata-run %s --entry=iminmax --arg=i16:-1 --arg=i16:1 | FileCheck %s --check-prefix=INT
// INT: i16:1
// INT-NEXT: i16:-1
// INT-NEXT: i16:-1
// INT-NEXT: i16:1
// RUN: strata-run %s --entry=iminmax_wide --arg=i100:-1 --arg=i100:1 | FileCheck %s --check-prefix=WIDE
// WIDE: i100:1
// WIDE-NEXT: i100:-1
// WIDE-NEXT: i100:-1
// WIDE-NEXT: i100:1
// select picks by the condition; a poison condition makes poison, a poison
// value not picked does not matter.
// RUN: strata-run %s --entry=sel --poison-results --arg=i1:1 --arg=i32:7 | FileCheck %s --check-prefix=SEL1
// SEL1: i32:7
// SEL1-NEXT: i32:poison
// SEL1-NEXT: i32:poison
// RUN: strata-run %s --entry=sel --poison-results --arg=i1:0 --arg=i32:7 | FileCheck %s --check-prefix=SEL0
// SEL0: i32:poison
// SEL0-NEXT: i32:7
// SEL0-NEXT: i32:poison

func.func @fminmax(%a: f32, %b: f32) -> (f32, f32, f32, f32) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.maxnumf %a, %b : f32
  %3 = arith.minnumf %a, %b : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}
func.func @iminmax(%a: i16, %b: i16) -> (i16, i16, i16, i16) {
  %0 = arith.maxsi %a, %b : i16
  %1 = arith.maxui %a, %b : i16
  %2 = arith.minsi %a, %b : i16
  %3 = arith.minui %a, %b : i16
  return %0, %1, %2, %3 : i16, i16, i16, i16
}
func.func @iminmax_wide(%a: i100, %b: i100) -> (i100, i100, i100, i100) {
  %0 = arith.maxsi %a, %b : i100
  %1 = arith.maxui %a, %b : i100
  %2 = arith.minsi %a, %b : i100
  %3 = arith.minui %a, %b : i100
  return %0, %1, %2, %3 : i100, i100, i100, i100
}
// (c ? v : poison), (c ? poison : v), (poison ? v : v)
func.func @sel(%c: i1, %v: i32) -> (i32, i32, i32) {
  %c40 = arith.constant 40 : i32
  %p = arith.shli %v, %c40 : i32
  %pc = arith.cmpi eq, %p, %v : i32
  %0 = arith.select %c, %v, %p : i32
  %1 = arith.select %c, %p, %v : i32
  %2 = arith.select %pc, %v, %v : i32
  return %0, %1, %2 : i32, i32, i32
}
