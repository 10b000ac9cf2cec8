// Undefined behaviour of the divisions stops the run with a located error:
// division by zero (every flavour), signed MIN / -1 (the four signed ones),
// and a poison divisor (it could be zero).  A poison dividend is not
// undefined: it makes the result poison.
// RUN: not strata-run %s --entry=zero_divui --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-DIVUI
// RUN: not strata-run %s --entry=zero_divsi --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-DIVSI
// RUN: not strata-run %s --entry=zero_remui --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-REMUI
// RUN: not strata-run %s --entry=zero_remsi --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-REMSI
// RUN: not strata-run %s --entry=zero_ceildivui --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-CEILDIVUI
// RUN: not strata-run %s --entry=zero_ceildivsi --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-CEILDIVSI
// RUN: not strata-run %s --entry=zero_floordivsi --arg=i32:7 --arg=i32:0 2>&1 | FileCheck %s --check-prefix=ZERO-FLOORDIVSI
// RUN: not strata-run %s --entry=ovf_divsi --arg=i32:-2147483648 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=OVF-DIVSI
// RUN: not strata-run %s --entry=ovf_remsi --arg=i32:-2147483648 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=OVF-REMSI
// RUN: not strata-run %s --entry=ovf_ceildivsi --arg=i32:-2147483648 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=OVF-CEILDIVSI
// RUN: not strata-run %s --entry=ovf_floordivsi --arg=i32:-2147483648 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=OVF-FLOORDIVSI
// RUN: not strata-run %s --entry=zero_divsi_i65 --arg=i65:1 --arg=i65:0 2>&1 | FileCheck %s --check-prefix=ZERO-DIVSI-I65
// RUN: not strata-run %s --entry=ovf_divsi_i65 --arg=i65:-18446744073709551616 --arg=i65:-1 2>&1 | FileCheck %s --check-prefix=OVF-DIVSI-I65
// RUN: not strata-run %s --entry=poison_divisor --arg=i32:7 --arg=i32:1 2>&1 | FileCheck %s --check-prefix=POISON
// RUN: strata-run %s --entry=poison_dividend --arg=i32:7 --arg=i32:1 --poison-results | FileCheck %s --check-prefix=DIVIDEND
// DIVIDEND: i32:poison

func.func @zero_divui(%a: i32, %b: i32) -> i32 {
  // ZERO-DIVUI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.divui'
  // ZERO-DIVUI-NEXT: %r = arith.divui %a, %b : i32
  %r = arith.divui %a, %b : i32
  return %r : i32
}
func.func @zero_divsi(%a: i32, %b: i32) -> i32 {
  // ZERO-DIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.divsi'
  // ZERO-DIVSI-NEXT: %r = arith.divsi %a, %b : i32
  %r = arith.divsi %a, %b : i32
  return %r : i32
}
func.func @zero_remui(%a: i32, %b: i32) -> i32 {
  // ZERO-REMUI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.remui'
  // ZERO-REMUI-NEXT: %r = arith.remui %a, %b : i32
  %r = arith.remui %a, %b : i32
  return %r : i32
}
func.func @zero_remsi(%a: i32, %b: i32) -> i32 {
  // ZERO-REMSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.remsi'
  // ZERO-REMSI-NEXT: %r = arith.remsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  return %r : i32
}
func.func @zero_ceildivui(%a: i32, %b: i32) -> i32 {
  // ZERO-CEILDIVUI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.ceildivui'
  // ZERO-CEILDIVUI-NEXT: %r = arith.ceildivui %a, %b : i32
  %r = arith.ceildivui %a, %b : i32
  return %r : i32
}
func.func @zero_ceildivsi(%a: i32, %b: i32) -> i32 {
  // ZERO-CEILDIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.ceildivsi'
  // ZERO-CEILDIVSI-NEXT: %r = arith.ceildivsi %a, %b : i32
  %r = arith.ceildivsi %a, %b : i32
  return %r : i32
}
func.func @zero_floordivsi(%a: i32, %b: i32) -> i32 {
  // ZERO-FLOORDIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.floordivsi'
  // ZERO-FLOORDIVSI-NEXT: %r = arith.floordivsi %a, %b : i32
  %r = arith.floordivsi %a, %b : i32
  return %r : i32
}
func.func @ovf_divsi(%a: i32, %b: i32) -> i32 {
  // OVF-DIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: signed division overflow (minimum value divided by -1) in 'arith.divsi'
  // OVF-DIVSI-NEXT: %r = arith.divsi %a, %b : i32
  %r = arith.divsi %a, %b : i32
  return %r : i32
}
func.func @ovf_remsi(%a: i32, %b: i32) -> i32 {
  // OVF-REMSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: signed division overflow (minimum value divided by -1) in 'arith.remsi'
  // OVF-REMSI-NEXT: %r = arith.remsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  return %r : i32
}
func.func @ovf_ceildivsi(%a: i32, %b: i32) -> i32 {
  // OVF-CEILDIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: signed division overflow (minimum value divided by -1) in 'arith.ceildivsi'
  // OVF-CEILDIVSI-NEXT: %r = arith.ceildivsi %a, %b : i32
  %r = arith.ceildivsi %a, %b : i32
  return %r : i32
}
func.func @ovf_floordivsi(%a: i32, %b: i32) -> i32 {
  // OVF-FLOORDIVSI: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: signed division overflow (minimum value divided by -1) in 'arith.floordivsi'
  // OVF-FLOORDIVSI-NEXT: %r = arith.floordivsi %a, %b : i32
  %r = arith.floordivsi %a, %b : i32
  return %r : i32
}
func.func @zero_divsi_i65(%a: i65, %b: i65) -> i65 {
  // ZERO-DIVSI-I65: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: division by zero in 'arith.divsi'
  // ZERO-DIVSI-I65-NEXT: %r = arith.divsi %a, %b : i65
  %r = arith.divsi %a, %b : i65
  return %r : i65
}
func.func @ovf_divsi_i65(%a: i65, %b: i65) -> i65 {
  // OVF-DIVSI-I65: ub-division.mlir:[[@LINE+2]]:8: error: undefined behaviour: signed division overflow (minimum value divided by -1) in 'arith.divsi'
  // OVF-DIVSI-I65-NEXT: %r = arith.divsi %a, %b : i65
  %r = arith.divsi %a, %b : i65
  return %r : i65
}
func.func @poison_divisor(%a: i32, %b: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %b, %c32 : i32
  // POISON: ub-division.mlir:[[@LINE+1]]:8: error: undefined behaviour: poison divisor in 'arith.divui'
  %r = arith.divui %a, %p : i32
  return %r : i32
}
func.func @poison_dividend(%a: i32, %b: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %a, %c32 : i32
  %r = arith.divsi %p, %b : i32
  return %r : i32
}
