// RUN: strata-opt %s --split-input-file --verify-diagnostics
// The cf dialect: successor operands against block arguments, cf.switch's
// case values and segments, and the custom syntax of the branches.

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op branch has 1 operands for successor #0, but target block has 0}}
  cf.cond_br %c, ^bb1(%c : i1), ^bb1
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.br' op type mismatch for bb argument #0 of successor #0: 'i1' vs 'i32'}}
  cf.br ^bb1(%c : i1)
^bb1(%x: i32):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.br' op branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i1):
  return
}

// -----

// cf.switch.

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op requires a default destination}}
  "cf.switch"(%c) {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (0) should match number of case destinations (1)}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type and 'case_values' element type must match}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1]> : vector<1xi64>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op 'case_operand_segments' must have one entry per case destination}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op attribute 'case_operand_segments' failed to satisfy constraint: i32 dense array attribute}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1]> : vector<1xi32>, case_operand_segments = [0], operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32, %d: i64) {
  // expected-error @+1 {{'cf.switch' op type mismatch for bb argument #0 of successor #1: 'i64' vs 'i32'}}
  cf.switch %c : i32, [
    default: ^bb1(%c : i32),
    7: ^bb1(%d : i64)
  ]
^bb1(%x: i32):
  return
}

// -----

// Custom syntax.

func.func @f(%c: f32) {
  // expected-error @+1 {{expected an integer flag type}}
  cf.switch %c : f32, [ default: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  cf.switch %c : i32, [
    default: ^bb1,
    // expected-error @+1 {{expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  cf.switch %c : i32, [
    default: ^bb1,
    // expected-error @+1 {{integer value too large}}
    99999999999999999999: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{expected 'default'}}
  cf.switch %c : i32, [ 1: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{expected ':'}}
  cf.br ^bb1(%c i1)
^bb1(%x: i1):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{expected ','}}
  cf.br ^bb1(%c, %c : i1 i1)
^bb1(%x: i1, %y: i1):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{expected block name}}
  cf.br %c
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{expected ','}}
  cf.cond_br %c ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// -----

// Case values may be written signed or unsigned (MLIR 14 printed them
// unsigned), but must fit the flag's width.
func.func @switch_case_too_large(%f: i8) {
  // expected-error @+1 {{integer value too large for i8}}
  cf.switch %f : i8, [ default: ^bb1, 256: ^bb1 ]
^bb1:
  return
}

// -----

func.func @switch_case_too_negative(%f: i8) {
  // expected-error @+1 {{integer value too large for i8}}
  cf.switch %f : i8, [ default: ^bb1, -129: ^bb1 ]
^bb1:
  return
}

// -----

func.func @switch_case_huge(%f: i64) {
  // expected-error @+1 {{integer value too large for i64}}
  cf.switch %f : i64, [ default: ^bb1, 1000000000000000000000000: ^bb1 ]
^bb1:
  return
}

// -----

func.func @switch_wide_flag(%f: i128) {
  // expected-error @+1 {{switch flags wider than 64 bits are not supported}}
  cf.switch %f : i128, [ default: ^bb1, 1: ^bb1 ]
^bb1:
  return
}
