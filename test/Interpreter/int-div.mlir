// Signed and unsigned division and remainder, with the rounding of each
// flavour (trunc, ceil, floor) on negative operands, at the minimum value
// (where the folders decline ceildivsi but the result is defined) and past
// 64 bits.  Results in the order divsi, divui, remsi, remui, ceildivsi,
// ceildivui, floordivsi; expected values from Python's exact integers.
// RUN: strata-run %s --entry=all_i32 --arg=i32:-7 --arg=i32:2 | FileCheck %s --check-prefix=I32A
// I32A: i32:-3
// I32A-NEXT: i32:2147483644
// I32A-NEXT: i32:-1
// I32A-NEXT: i32:1
// I32A-NEXT: i32:-3
// I32A-NEXT: i32:2147483645
// I32A-NEXT: i32:-4
// RUN: strata-run %s --entry=all_i32 --arg=i32:7 --arg=i32:-2 | FileCheck %s --check-prefix=I32B
// I32B: i32:-3
// I32B-NEXT: i32:0
// I32B-NEXT: i32:1
// I32B-NEXT: i32:7
// I32B-NEXT: i32:-3
// I32B-NEXT: i32:1
// I32B-NEXT: i32:-4
// RUN: strata-run %s --entry=all_i32 --arg=i32:-7 --arg=i32:-2 | FileCheck %s --check-prefix=I32C
// I32C: i32:3
// I32C-NEXT: i32:0
// I32C-NEXT: i32:-1
// I32C-NEXT: i32:-7
// I32C-NEXT: i32:4
// I32C-NEXT: i32:1
// I32C-NEXT: i32:3
// RUN: strata-run %s --entry=all_i32 --arg=i32:8 --arg=i32:2 | FileCheck %s --check-prefix=I32D
// I32D: i32:4
// I32D-NEXT: i32:4
// I32D-NEXT: i32:0
// I32D-NEXT: i32:0
// I32D-NEXT: i32:4
// I32D-NEXT: i32:4
// I32D-NEXT: i32:4
// RUN: strata-run %s --entry=all_i8 --arg=i8:-128 --arg=i8:-3 | FileCheck %s --check-prefix=I8A
// I8A: i8:42
// I8A-NEXT: i8:0
// I8A-NEXT: i8:-2
// I8A-NEXT: i8:-128
// I8A-NEXT: i8:43
// I8A-NEXT: i8:1
// I8A-NEXT: i8:42
// RUN: strata-run %s --entry=all_i8 --arg=i8:-3 --arg=i8:-128 | FileCheck %s --check-prefix=I8B
// I8B: i8:0
// I8B-NEXT: i8:1
// I8B-NEXT: i8:-3
// I8B-NEXT: i8:125
// I8B-NEXT: i8:1
// I8B-NEXT: i8:2
// I8B-NEXT: i8:0
// RUN: strata-run %s --entry=all_i8 --arg=i8:5 --arg=i8:-128 | FileCheck %s --check-prefix=I8C
// I8C: i8:0
// I8C-NEXT: i8:0
// I8C-NEXT: i8:5
// I8C-NEXT: i8:5
// I8C-NEXT: i8:0
// I8C-NEXT: i8:1
// I8C-NEXT: i8:-1
// RUN: strata-run %s --entry=all_i8 --arg=i8:-128 --arg=i8:3 | FileCheck %s --check-prefix=I8D
// I8D: i8:-42
// I8D-NEXT: i8:42
// I8D-NEXT: i8:-2
// I8D-NEXT: i8:2
// I8D-NEXT: i8:-42
// I8D-NEXT: i8:43
// I8D-NEXT: i8:-43
// RUN: strata-run %s --entry=all_i65 --arg=i65:-18446744073709551616 --arg=i65:3 | FileCheck %s --check-prefix=I65
// I65: i65:-6148914691236517205
// I65-NEXT: i65:6148914691236517205
// I65-NEXT: i65:-1
// I65-NEXT: i65:1
// I65-NEXT: i65:-6148914691236517205
// I65-NEXT: i65:6148914691236517206
// I65-NEXT: i65:-6148914691236517206
// RUN: strata-run %s --entry=all_i128 --arg=i128:-1267650600228229401496703205377 --arg=i128:1125899906842624 | FileCheck %s --check-prefix=I128
// I128: i128:-1125899906842624
// I128-NEXT: i128:302231453777757386833919
// I128-NEXT: i128:-1
// I128-NEXT: i128:1125899906842623
// I128-NEXT: i128:-1125899906842624
// I128-NEXT: i128:302231453777757386833920
// I128-NEXT: i128:-1125899906842625

func.func @all_i8(%a: i8, %b: i8) -> (i8, i8, i8, i8, i8, i8, i8) {
  %divsi = arith.divsi %a, %b : i8
  %divui = arith.divui %a, %b : i8
  %remsi = arith.remsi %a, %b : i8
  %remui = arith.remui %a, %b : i8
  %ceildivsi = arith.ceildivsi %a, %b : i8
  %ceildivui = arith.ceildivui %a, %b : i8
  %floordivsi = arith.floordivsi %a, %b : i8
  return %divsi, %divui, %remsi, %remui, %ceildivsi, %ceildivui, %floordivsi : i8, i8, i8, i8, i8, i8, i8
}

func.func @all_i32(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %divsi = arith.divsi %a, %b : i32
  %divui = arith.divui %a, %b : i32
  %remsi = arith.remsi %a, %b : i32
  %remui = arith.remui %a, %b : i32
  %ceildivsi = arith.ceildivsi %a, %b : i32
  %ceildivui = arith.ceildivui %a, %b : i32
  %floordivsi = arith.floordivsi %a, %b : i32
  return %divsi, %divui, %remsi, %remui, %ceildivsi, %ceildivui, %floordivsi : i32, i32, i32, i32, i32, i32, i32
}

func.func @all_i65(%a: i65, %b: i65) -> (i65, i65, i65, i65, i65, i65, i65) {
  %divsi = arith.divsi %a, %b : i65
  %divui = arith.divui %a, %b : i65
  %remsi = arith.remsi %a, %b : i65
  %remui = arith.remui %a, %b : i65
  %ceildivsi = arith.ceildivsi %a, %b : i65
  %ceildivui = arith.ceildivui %a, %b : i65
  %floordivsi = arith.floordivsi %a, %b : i65
  return %divsi, %divui, %remsi, %remui, %ceildivsi, %ceildivui, %floordivsi : i65, i65, i65, i65, i65, i65, i65
}

func.func @all_i128(%a: i128, %b: i128) -> (i128, i128, i128, i128, i128, i128, i128) {
  %divsi = arith.divsi %a, %b : i128
  %divui = arith.divui %a, %b : i128
  %remsi = arith.remsi %a, %b : i128
  %remui = arith.remui %a, %b : i128
  %ceildivsi = arith.ceildivsi %a, %b : i128
  %ceildivui = arith.ceildivui %a, %b : i128
  %floordivsi = arith.floordivsi %a, %b : i128
  return %divsi, %divui, %remsi, %remui, %ceildivsi, %ceildivui, %floordivsi : i128, i128, i128, i128, i128, i128, i128
}
