// arith.truncf with each rounding mode, in the order to_nearest_even,
// downward, upward, toward_zero, to_nearest_away.  1 + 2^-24
// (0x3ff0000010000000) lies halfway between the f32 neighbours 1 and
// 1 + 2^-23 (1.0000001); 2^-150 (0x3690000000000000) halfway between 0 and the
// smallest subnormal 2^-149 (1e-45); 1e-45 is 0.71 of that subnormal.
// RUN: strata-run %s --entry=modes --arg=f64:0x3ff0000010000000 | FileCheck %s --check-prefix=TIE
// TIE: f32:1{{$}}
// TIE-NEXT: f32:1{{$}}
// TIE-NEXT: f32:1.0000001
// TIE-NEXT: f32:1{{$}}
// TIE-NEXT: f32:1.0000001
// RUN: strata-run %s --entry=modes --arg=f64:0xbff0000010000000 | FileCheck %s --check-prefix=NTIE
// NTIE: f32:-1{{$}}
// NTIE-NEXT: f32:-1.0000001
// NTIE-NEXT: f32:-1{{$}}
// NTIE-NEXT: f32:-1{{$}}
// NTIE-NEXT: f32:-1.0000001
// Past the largest f32 (3.4028235e+38): to infinity or to the largest finite.
// RUN: strata-run %s --entry=modes --arg=f64:1e300 | FileCheck %s --check-prefix=OVF
// OVF: f32:inf
// OVF-NEXT: f32:3.4028235e+38
// OVF-NEXT: f32:inf
// OVF-NEXT: f32:3.4028235e+38
// OVF-NEXT: f32:inf
// RUN: strata-run %s --entry=modes --arg=f64:-1e300 | FileCheck %s --check-prefix=NOVF
// NOVF: f32:-inf
// NOVF-NEXT: f32:-inf
// NOVF-NEXT: f32:-3.4028235e+38
// NOVF-NEXT: f32:-3.4028235e+38
// NOVF-NEXT: f32:-inf
// RUN: strata-run %s --entry=modes --arg=f64:1e-45 | FileCheck %s --check-prefix=SUB
// SUB: f32:1e-45
// SUB-NEXT: f32:0{{$}}
// SUB-NEXT: f32:1e-45
// SUB-NEXT: f32:0{{$}}
// SUB-NEXT: f32:1e-45
// RUN: strata-run %s --entry=modes --arg=f64:0x3690000000000000 | FileCheck %s --check-prefix=SUBTIE
// SUBTIE: f32:0{{$}}
// SUBTIE-NEXT: f32:0{{$}}
// SUBTIE-NEXT: f32:1e-45
// SUBTIE-NEXT: f32:0{{$}}
// SUBTIE-NEXT: f32:1e-45
// NaN stays NaN in every mode; a signaling NaN whose payload sits in the
// dropped bits becomes the quiet NaN.
// RUN: strata-run %s --entry=modes --arg=f64:0x7ff0000000000001 | FileCheck %s --check-prefix=SNAN
// SNAN-COUNT-5: f32:nan
// To f16: 1 + 2^-11 is a tie of f16's neighbours 1 and 1.000977 (shortest 1.001).
// RUN: strata-run %s --entry=modes16 --arg=f32:1.00048828125 | FileCheck %s --check-prefix=F16
// F16: f16:1{{$}}
// F16-NEXT: f16:1{{$}}
// F16-NEXT: f16:1.001
// F16-NEXT: f16:1{{$}}
// F16-NEXT: f16:1.001

func.func @modes(%a: f64) -> (f32, f32, f32, f32, f32) {
  %0 = arith.truncf %a : f64 to f32
  %1 = arith.truncf %a downward : f64 to f32
  %2 = arith.truncf %a upward : f64 to f32
  %3 = arith.truncf %a toward_zero : f64 to f32
  %4 = arith.truncf %a to_nearest_away : f64 to f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
func.func @modes16(%a: f32) -> (f16, f16, f16, f16, f16) {
  %0 = arith.truncf %a to_nearest_even : f32 to f16
  %1 = arith.truncf %a downward : f32 to f16
  %2 = arith.truncf %a upward : f32 to f16
  %3 = arith.truncf %a toward_zero : f32 to f16
  %4 = arith.truncf %a to_nearest_away : f32 to f16
  return %0, %1, %2, %3, %4 : f16, f16, f16, f16, f16
}
