// f16 and bf16 arithmetic rounds to nearest, ties to even, in the narrow
// format.  Halfway cases are written so that "even" decides: near 1 the f16
// spacing is 2^-10 (half: 0.00048828125), the bf16 spacing 2^-7 (half:
// 0.00390625).  f16's largest finite is 65504; 65520 and above round to inf.
// RUN: strata-run %s --entry=add16 --arg=f16:1 --arg=f16:0.00048828125 | FileCheck %s --check-prefix=F16TIE
// F16TIE: f16:1{{$}}
// RUN: strata-run %s --entry=add16 --arg=f16:1.0009765625 --arg=f16:0.00048828125 | FileCheck %s --check-prefix=F16TIEUP
// F16TIEUP: f16:1.002{{$}}
// RUN: strata-run %s --entry=add16 --arg=f16:65504 --arg=f16:16 | FileCheck %s --check-prefix=F16INF
// F16INF: f16:inf
// RUN: strata-run %s --entry=add16 --arg=f16:65504 --arg=f16:15 | FileCheck %s --check-prefix=F16MAX
// F16MAX: f16:6.55e+04
// RUN: strata-run %s --entry=addbf --arg=bf16:1 --arg=bf16:0.00390625 | FileCheck %s --check-prefix=BFTIE
// BFTIE: bf16:1{{$}}
// RUN: strata-run %s --entry=addbf --arg=bf16:1.0078125 --arg=bf16:0.00390625 | FileCheck %s --check-prefix=BFTIEUP
// BFTIEUP: bf16:1.016{{$}}
// f32 to bf16 keeps the top 16 bits, rounding on the low 16 (ties to even):
// 0x3f808000 and 0x3f818000 are ties (to 0x3f80 and 0x3f82), 0x3f808010 is
// above half (0x3f81), 0x3f807fff below (0x3f80).
// RUN: strata-run %s --entry=tobf --arg=f32:0x3f808000 | FileCheck %s --check-prefix=BF1
// BF1: bf16:1{{$}}
// RUN: strata-run %s --entry=tobf --arg=f32:0x3f818000 | FileCheck %s --check-prefix=BF2
// BF2: bf16:1.016{{$}}
// RUN: strata-run %s --entry=tobf --arg=f32:0x3f808010 | FileCheck %s --check-prefix=BF3
// BF3: bf16:1.01{{$}}
// RUN: strata-run %s --entry=tobf --arg=f32:0x3f807fff | FileCheck %s --check-prefix=BF4
// BF4: bf16:1{{$}}
// Literals print in the shortest form that reads back to the same bits.
// RUN: strata-run %s --entry=tobf --arg=f32:0x3f818000 | FileCheck %s --check-prefix=BF2
// RUN: strata-run %s --entry=idbf --arg=bf16:0x3f81 | FileCheck %s --check-prefix=BF3
// extf is exact; a NaN keeps its payload (shifted to the top) and sign.
// RUN: strata-run %s --entry=ext16 --arg=f16:0x3555 | FileCheck %s --check-prefix=EXT
// EXT: f32:0.33325195
// RUN: strata-run %s --entry=ext16 --arg=f16:0xfe01 | FileCheck %s --check-prefix=EXTNAN
// EXTNAN: f32:0xffc02000

func.func @add16(%a: f16, %b: f16) -> f16 {
  %r = arith.addf %a, %b : f16
  return %r : f16
}
func.func @addbf(%a: bf16, %b: bf16) -> bf16 {
  %r = arith.addf %a, %b : bf16
  return %r : bf16
}
func.func @tobf(%a: f32) -> bf16 {
  %r = arith.truncf %a : f32 to bf16
  return %r : bf16
}
func.func @idbf(%a: bf16) -> bf16 {
  return %a : bf16
}
func.func @ext16(%a: f16) -> f32 {
  %r = arith.extf %a : f16 to f32
  return %r : f32
}
