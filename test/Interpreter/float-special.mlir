// NaN and infinity through float arithmetic.  A NaN operand comes out
// quiet with its sign and payload (the left one first); an invalid operation
// (inf - inf, 0 * inf, 0 / 0, x rem 0) gives the positive default NaN, as
// APFloat does, so that folding and execution agree.
// RUN: strata-run %s --entry=ops --arg=f32:inf --arg=f32:-inf | FileCheck %s --check-prefix=INF
// INF: f32:nan
// INF-NEXT: f32:inf
// INF-NEXT: f32:-inf
// INF-NEXT: f32:nan
// INF-NEXT: f32:nan
// RUN: strata-run %s --entry=ops --arg=f32:0 --arg=f32:inf | FileCheck %s --check-prefix=ZINF
// ZINF: f32:inf
// ZINF-NEXT: f32:-inf
// ZINF-NEXT: f32:nan
// ZINF-NEXT: f32:0
// ZINF-NEXT: f32:0
// RUN: strata-run %s --entry=ops --arg=f32:1 --arg=f32:0 | FileCheck %s --check-prefix=DIV0
// DIV0: f32:1
// DIV0-NEXT: f32:1
// DIV0-NEXT: f32:0
// DIV0-NEXT: f32:inf
// DIV0-NEXT: f32:nan
// RUN: strata-run %s --entry=ops --arg=f32:-1 --arg=f32:-0 | FileCheck %s --check-prefix=NEGZ
// NEGZ: f32:-1
// NEGZ-NEXT: f32:-1
// NEGZ-NEXT: f32:0
// NEGZ-NEXT: f32:inf
// NEGZ-NEXT: f32:nan
// A quiet NaN with a payload passes through; a signaling one is quieted.
// RUN: strata-run %s --entry=ops --arg=f32:0x7fc00001 --arg=f32:1 | FileCheck %s --check-prefix=PAYLOAD
// PAYLOAD-COUNT-5: f32:0x7fc00001
// RUN: strata-run %s --entry=ops --arg=f32:1 --arg=f32:0x7f800001 | FileCheck %s --check-prefix=SNAN
// SNAN-COUNT-5: f32:0x7fc00001
// RUN: strata-run %s --entry=ops --arg=f32:-nan --arg=f32:nan | FileCheck %s --check-prefix=LEFT
// LEFT-COUNT-5: f32:-nan
// -5.5 rem 2 keeps the dividend's sign (fmod); 3e38 * 10 overflows, and
// 3e38 + 10 rounds back to 3e38.  (Python's float32 via struct agrees.)
// RUN: strata-run %s --entry=ops --arg=f32:-5.5 --arg=f32:2 | FileCheck %s --check-prefix=REM
// REM: f32:-3.5
// REM-NEXT: f32:-7.5
// REM-NEXT: f32:-11
// REM-NEXT: f32:-2.75
// REM-NEXT: f32:-1.5
// RUN: strata-run %s --entry=ops --arg=f32:3e38 --arg=f32:10 | FileCheck %s --check-prefix=OVF
// OVF: f32:3e+38
// OVF-NEXT: f32:3e+38
// OVF-NEXT: f32:inf
// OVF-NEXT: f32:3e+37
// OVF-NEXT: f32:2
// RUN: strata-run %s --entry=neg --arg=f64:nan | FileCheck %s --check-prefix=NEG
// NEG: f64:-nan

func.func @ops(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32) {
  %add = arith.addf %a, %b : f32
  %sub = arith.subf %a, %b : f32
  %mul = arith.mulf %a, %b : f32
  %div = arith.divf %a, %b : f32
  %rem = arith.remf %a, %b : f32
  return %add, %sub, %mul, %div, %rem : f32, f32, f32, f32, f32
}
func.func @neg(%a: f64) -> f64 {
  %r = arith.negf %a : f64
  return %r : f64
}
