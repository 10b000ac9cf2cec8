// Every cmpf predicate on ordered and unordered (NaN) operands, in the order
// false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
// Expected: the IEEE definitions (Python floats); -0 equals +0.
// RUN: strata-run %s --entry=cmp --arg=f64:nan --arg=f64:1 | FileCheck %s --check-prefix=NAN
// NAN: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:0
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// NAN-NEXT: i1:1
// RUN: strata-run %s --entry=cmp --arg=f64:1 --arg=f64:2 | FileCheck %s --check-prefix=LT
// LT: i1:0
// LT-NEXT: i1:0
// LT-NEXT: i1:0
// LT-NEXT: i1:0
// LT-NEXT: i1:1
// LT-NEXT: i1:1
// LT-NEXT: i1:1
// LT-NEXT: i1:1
// LT-NEXT: i1:0
// LT-NEXT: i1:0
// LT-NEXT: i1:0
// LT-NEXT: i1:1
// LT-NEXT: i1:1
// LT-NEXT: i1:1
// LT-NEXT: i1:0
// LT-NEXT: i1:1
// RUN: strata-run %s --entry=cmp --arg=f64:-0 --arg=f64:0 | FileCheck %s --check-prefix=ZERO
// ZERO: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:0
// ZERO-NEXT: i1:1
// RUN: strata-run %s --entry=cmp --arg=f64:inf --arg=f64:inf | FileCheck %s --check-prefix=INF
// INF: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// INF-NEXT: i1:0
// INF-NEXT: i1:0
// INF-NEXT: i1:1
// RUN: strata-run %s --entry=cmp --arg=f64:nan --arg=f64:nan | FileCheck %s --check-prefix=NANNAN
// NANNAN: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:0
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// NANNAN-NEXT: i1:1
// The same on f16, through the narrow format.
// RUN: strata-run %s --entry=cmp16 --arg=f16:1 --arg=f16:nan | FileCheck %s --check-prefix=NAN16
// NAN16: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:0
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1
// NAN16-NEXT: i1:1

func.func @cmp(%a: f64, %b: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %false = arith.cmpf false, %a, %b : f64
  %oeq = arith.cmpf oeq, %a, %b : f64
  %ogt = arith.cmpf ogt, %a, %b : f64
  %oge = arith.cmpf oge, %a, %b : f64
  %olt = arith.cmpf olt, %a, %b : f64
  %ole = arith.cmpf ole, %a, %b : f64
  %one = arith.cmpf one, %a, %b : f64
  %ord = arith.cmpf ord, %a, %b : f64
  %ueq = arith.cmpf ueq, %a, %b : f64
  %ugt = arith.cmpf ugt, %a, %b : f64
  %uge = arith.cmpf uge, %a, %b : f64
  %ult = arith.cmpf ult, %a, %b : f64
  %ule = arith.cmpf ule, %a, %b : f64
  %une = arith.cmpf une, %a, %b : f64
  %uno = arith.cmpf uno, %a, %b : f64
  %true = arith.cmpf true, %a, %b : f64
  return %false, %oeq, %ogt, %oge, %olt, %ole, %one, %ord, %ueq, %ugt, %uge, %ult, %ule, %une, %uno, %true : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
func.func @cmp16(%a: f16, %b: f16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %false = arith.cmpf false, %a, %b : f16
  %oeq = arith.cmpf oeq, %a, %b : f16
  %ogt = arith.cmpf ogt, %a, %b : f16
  %oge = arith.cmpf oge, %a, %b : f16
  %olt = arith.cmpf olt, %a, %b : f16
  %ole = arith.cmpf ole, %a, %b : f16
  %one = arith.cmpf one, %a, %b : f16
  %ord = arith.cmpf ord, %a, %b : f16
  %ueq = arith.cmpf ueq, %a, %b : f16
  %ugt = arith.cmpf ugt, %a, %b : f16
  %uge = arith.cmpf uge, %a, %b : f16
  %ult = arith.cmpf ult, %a, %b : f16
  %ule = arith.cmpf ule, %a, %b : f16
  %une = arith.cmpf une, %a, %b : f16
  %uno = arith.cmpf uno, %a, %b : f16
  %true = arith.cmpf true, %a, %b : f16
  return %false, %oeq, %ogt, %oge, %olt, %ole, %one, %ord, %ueq, %ugt, %uge, %ult, %ule, %une, %uno, %true : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
