// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Core checks that only arith's ops reach: the SameOperandsAndResultType and
// SameTypeOperands traits, enum keywords of a format, and the keyword of a
// dialect attribute. (arith's own messages are in test/Dialect/arith.)

func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i32, i64) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected string}}
  %0 = arith.cmpi 1, %a, %a : i32
  return
}

// -----

// expected-error @+1 {{expected keyword}}
"foo.op"() {a = #arith.1} : () -> ()
