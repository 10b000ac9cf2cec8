// Float to integer conversions truncate toward zero; a value outside the
// integer type's range, NaN or infinity gives poison.  Results: fptosi,
// then fptoui.
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:127.9 | FileCheck %s --check-prefix=P127
// P127: i8:127
// P127-NEXT: i8:127
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:-128.9 | FileCheck %s --check-prefix=M128
// M128: i8:-128
// M128-NEXT: i8:poison
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:128 | FileCheck %s --check-prefix=P128
// P128: i8:poison
// P128-NEXT: i8:-128
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:255.9 | FileCheck %s --check-prefix=P255
// P255: i8:poison
// P255-NEXT: i8:-1
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:256 | FileCheck %s --check-prefix=P256
// P256: i8:poison
// P256-NEXT: i8:poison
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:-129 | FileCheck %s --check-prefix=M129
// M129: i8:poison
// M129-NEXT: i8:poison
// -0.5 truncates to 0, which is in range for both.
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:-0.5 | FileCheck %s --check-prefix=MHALF
// MHALF: i8:0
// MHALF-NEXT: i8:0
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:nan | FileCheck %s --check-prefix=NAN
// NAN: i8:poison
// NAN-NEXT: i8:poison
// RUN: strata-run %s --poison-results --entry=f2i8 --arg=f32:-inf | FileCheck %s --check-prefix=INF
// INF: i8:poison
// INF-NEXT: i8:poison
// Past 64 bits: 1e19 fits i65 both ways; -2^64 is i65's minimum; 2^64 fits
// only unsigned (and prints as -2^64, the same bits read signed).
// RUN: strata-run %s --poison-results --entry=f2i65 --arg=f64:1e19 | FileCheck %s --check-prefix=W1
// W1: i65:10000000000000000000
// W1-NEXT: i65:10000000000000000000
// RUN: strata-run %s --poison-results --entry=f2i65 --arg=f64:-18446744073709551616 | FileCheck %s --check-prefix=W2
// W2: i65:-18446744073709551616
// W2-NEXT: i65:poison
// RUN: strata-run %s --poison-results --entry=f2i65 --arg=f64:18446744073709551616 | FileCheck %s --check-prefix=W3
// W3: i65:poison
// W3-NEXT: i65:-18446744073709551616
// Integer to float rounds to nearest, ties to even: 16777217 = 2^24 + 1 is a
// tie of 2^24 and 2^24 + 2; 16777219 one of 2^24 + 2 and 2^24 + 4.  Results:
// sitofp, then uitofp.
// RUN: strata-run %s --entry=i2f --arg=i32:16777217 | FileCheck %s --check-prefix=T1
// T1: f32:16777216
// T1-NEXT: f32:16777216
// RUN: strata-run %s --entry=i2f --arg=i32:16777219 | FileCheck %s --check-prefix=T3
// T3: f32:1.677722e+07
// T3-NEXT: f32:1.677722e+07
// RUN: strata-run %s --entry=i2f --arg=i32:-1 | FileCheck %s --check-prefix=NEG
// NEG: f32:-1
// NEG-NEXT: f32:4.2949673e+09
// RUN: strata-run %s --entry=i2f16 --arg=i32:65520 | FileCheck %s --check-prefix=H1
// H1: f16:inf
// H1-NEXT: f16:inf
// RUN: strata-run %s --entry=i2f16 --arg=i32:65519 | FileCheck %s --check-prefix=H2
// H2: f16:6.55e+04
// H2-NEXT: f16:6.55e+04
// RUN: strata-run %s --entry=i2f65 --arg=i65:-1 | FileCheck %s --check-prefix=W65
// W65: f32:-1
// W65-NEXT: f32:3.689349e+19
// RUN: strata-run %s --entry=i2f128 --arg=i128:1267650600228229401496703205377 | FileCheck %s --check-prefix=W128
// W128: f64:1.2676506002282294e+30
// W128-NEXT: f64:1.2676506002282294e+30

func.func @f2i8(%a: f32) -> (i8, i8) {
  %s = arith.fptosi %a : f32 to i8
  %u = arith.fptoui %a : f32 to i8
  return %s, %u : i8, i8
}
func.func @f2i65(%a: f64) -> (i65, i65) {
  %s = arith.fptosi %a : f64 to i65
  %u = arith.fptoui %a : f64 to i65
  return %s, %u : i65, i65
}
func.func @i2f(%a: i32) -> (f32, f32) {
  %s = arith.sitofp %a : i32 to f32
  %u = arith.uitofp %a : i32 to f32
  return %s, %u : f32, f32
}
func.func @i2f16(%a: i32) -> (f16, f16) {
  %s = arith.sitofp %a : i32 to f16
  %u = arith.uitofp %a : i32 to f16
  return %s, %u : f16, f16
}
func.func @i2f65(%a: i65) -> (f32, f32) {
  %s = arith.sitofp %a : i65 to f32
  %u = arith.uitofp %a : i65 to f32
  return %s, %u : f32, f32
}
func.func @i2f128(%a: i128) -> (f64, f64) {
  %s = arith.sitofp %a : i128 to f64
  %u = arith.uitofp %a : i128 to f64
  return %s, %u : f64, f64
}
