// The two-result ops, integer comparisons past 64 bits, and fastmath's nnan
// and ninf (poison when an operand or the result is NaN or infinite).
// 200 + 100 = 300 = 256 + 44: sum 44, carry 1.
// RUN: strata-run %s --entry=addx --arg=i8:200 --arg=i8:100 | FileCheck %s --check-prefix=ADDX
// ADDX: i8:44
// ADDX-NEXT: i1:1
// RUN: strata-run %s --entry=addx --arg=i8:100 --arg=i8:100 | FileCheck %s --check-prefix=ADDX2
// ADDX2: i8:-56
// ADDX2-NEXT: i1:0
// Results: signed low, signed high, unsigned low, unsigned high.
// (-128)^2 = 16384 = 64 * 256; 255^2 = 65025 = 0xfe01; -1 * 1 = -1 (signed),
// 255 * 1 = 255 (unsigned).
// RUN: strata-run %s --entry=mulx --arg=i8:-128 --arg=i8:-128 | FileCheck %s --check-prefix=MULX1
// MULX1: i8:0
// MULX1-NEXT: i8:64
// MULX1-NEXT: i8:0
// MULX1-NEXT: i8:64
// RUN: strata-run %s --entry=mulx --arg=i8:-1 --arg=i8:-1 | FileCheck %s --check-prefix=MULX2
// MULX2: i8:1
// MULX2-NEXT: i8:0
// MULX2-NEXT: i8:1
// MULX2-NEXT: i8:-2
// RUN: strata-run %s --entry=mulx --arg=i8:-1 --arg=i8:1 | FileCheck %s --check-prefix=MULX3
// MULX3: i8:-1
// MULX3-NEXT: i8:-1
// MULX3-NEXT: i8:-1
// MULX3-NEXT: i8:0
// (2^65 - 1)^2 = 2^130 - 2^66 + 1: low 1, high 2^65 - 2 (-2 signed).
// RUN: strata-run %s --entry=mulx65 --arg=i65:-1 --arg=i65:-1 | FileCheck %s --check-prefix=MULX65
// MULX65: i65:1
// MULX65-NEXT: i65:0
// MULX65-NEXT: i65:1
// MULX65-NEXT: i65:-2
// cmpi eq ne slt sle sgt sge ult ule ugt uge on (-1, 1): -1 is the largest
// unsigned value.
// RUN: strata-run %s --entry=cmp65 --arg=i65:-1 --arg=i65:1 | FileCheck %s --check-prefix=CMP
// CMP: i1:0
// CMP-NEXT: i1:1
// CMP-NEXT: i1:1
// CMP-NEXT: i1:1
// CMP-NEXT: i1:0
// CMP-NEXT: i1:0
// CMP-NEXT: i1:0
// CMP-NEXT: i1:0
// CMP-NEXT: i1:1
// CMP-NEXT: i1:1
// RUN: strata-run %s --entry=cmp65 --arg=i65:7 --arg=i65:7 | FileCheck %s --check-prefix=CMPEQ
// CMPEQ: i1:1
// CMPEQ-NEXT: i1:0
// CMPEQ-NEXT: i1:0
// CMPEQ-NEXT: i1:1
// CMPEQ-NEXT: i1:0
// CMPEQ-NEXT: i1:1
// CMPEQ-NEXT: i1:0
// CMPEQ-NEXT: i1:1
// CMPEQ-NEXT: i1:0
// CMPEQ-NEXT: i1:1
// Results: plain, nnan, ninf, and cmpf under nnan.
// RUN: strata-run %s --poison-results --entry=fm --arg=f32:nan --arg=f32:1 | FileCheck %s --check-prefix=FMNAN
// FMNAN: f32:nan
// FMNAN-NEXT: f32:poison
// FMNAN-NEXT: f32:nan
// FMNAN-NEXT: i1:poison
// RUN: strata-run %s --poison-results --entry=fm --arg=f32:3e38 --arg=f32:3e38 | FileCheck %s --check-prefix=FMINF
// FMINF: f32:inf
// FMINF-NEXT: f32:inf
// FMINF-NEXT: f32:poison
// FMINF-NEXT: i1:1
// RUN: strata-run %s --poison-results --entry=fm --arg=f32:1 --arg=f32:2 | FileCheck %s --check-prefix=FMOK
// FMOK: f32:3
// FMOK-NEXT: f32:3
// FMOK-NEXT: f32:3
// FMOK-NEXT: i1:0

func.func @addx(%a: i8, %b: i8) -> (i8, i1) {
  %s, %c = arith.addui_extended %a, %b : i8, i1
  return %s, %c : i8, i1
}
func.func @mulx(%a: i8, %b: i8) -> (i8, i8, i8, i8) {
  %sl, %sh = arith.mulsi_extended %a, %b : i8
  %ul, %uh = arith.mului_extended %a, %b : i8
  return %sl, %sh, %ul, %uh : i8, i8, i8, i8
}
func.func @mulx65(%a: i65, %b: i65) -> (i65, i65, i65, i65) {
  %sl, %sh = arith.mulsi_extended %a, %b : i65
  %ul, %uh = arith.mului_extended %a, %b : i65
  return %sl, %sh, %ul, %uh : i65, i65, i65, i65
}
func.func @cmp65(%a: i65, %b: i65) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpi eq, %a, %b : i65
  %1 = arith.cmpi ne, %a, %b : i65
  %2 = arith.cmpi slt, %a, %b : i65
  %3 = arith.cmpi sle, %a, %b : i65
  %4 = arith.cmpi sgt, %a, %b : i65
  %5 = arith.cmpi sge, %a, %b : i65
  %6 = arith.cmpi ult, %a, %b : i65
  %7 = arith.cmpi ule, %a, %b : i65
  %8 = arith.cmpi ugt, %a, %b : i65
  %9 = arith.cmpi uge, %a, %b : i65
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
func.func @fm(%a: f32, %b: f32) -> (f32, f32, f32, i1) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.addf %a, %b fastmath<nnan> : f32
  %2 = arith.addf %a, %b fastmath<ninf> : f32
  %3 = arith.cmpf oeq, %a, %b fastmath<nnan> : f32
  return %0, %1, %2, %3 : f32, f32, f32, i1
}
