// Every error the cf dialect reports: successor operands against the
// destination's arguments, cf.switch's case values and operand segments,
// the constraints of the op tables, and syntax errors of the custom forms.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// -------------------------------------------------------------------- cf.br

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.br' op branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i1):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.br' op branch has 2 operands for successor #0, but target block has 1}}
  cf.br ^bb1(%c, %c : i1, i1)
^bb1(%x: i1):
  return
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.br' op type mismatch for bb argument #1 of successor #0: 'i1' vs 'i32'}}
  cf.br ^bb1(%a, %c : i32, i1)
^bb1(%x: i32, %y: i32):
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}

// -----

// Custom syntax.
func.func @f(%c: i1) {
  // expected-error @+1 {{expected block name}}
  cf.br %c
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
  // expected-error @+1 {{expected SSA operand}}
  cf.br ^bb1()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^nowhere
}

// --------------------------------------------------------------- cf.cond_br

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op branch has 1 operands for successor #0, but target block has 0}}
  cf.cond_br %c, ^bb1(%c : i1), ^bb1
^bb1:
  return
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op type mismatch for bb argument #0 of successor #1: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%c : i1)
^bb1(%x: i32):
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%a)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%c)[^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c, %c)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1, i1) -> ()
^bb1:
  return
}

// -----

// Custom syntax.
func.func @f(%c: i1) {
  // expected-error @+1 {{expected ','}}
  cf.cond_br %c ^bb1, ^bb1
^bb1:
  return
}

// -----

// A missing destination is found at the next token.
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1
// expected-error @+1 {{expected ','}}
^bb1:
  return
}

// -----

// The condition is an i1: another type is a different use of the value.
func.func @f(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// ---------------------------------------------------------------- cf.switch

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
  // expected-error @+1 {{'cf.switch' op number of case values (0) should match number of case destinations (2)}}
  "cf.switch"(%c) [^bb1, ^bb1, ^bb1] {case_operand_segments = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type and 'case_values' element type must match}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1]> : vector<1xi8>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op attribute 'case_values' failed to satisfy constraint: integer elements attribute}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = "x", case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op attribute 'case_values' failed to satisfy constraint: integer elements attribute}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1.0]> : vector<1xf32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
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
  // expected-error @+1 {{'cf.switch' op requires attribute 'case_operand_segments'}}
  "cf.switch"(%c) [^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op attribute 'case_operand_segments' failed to satisfy constraint: i32 dense array attribute}}
  "cf.switch"(%c) [^bb1, ^bb1] {case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i64: 0>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

// The segments must split the case operands exactly (these used to read
// operands that are not there).
func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op caseOperands count (0) does not match with the total size (2) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%c) [^bb1, ^bb2] {case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i32: 2>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
^bb2(%x: i32, %y: i32):
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op 'case_operand_segments' attribute cannot have negative elements}}
  "cf.switch"(%c, %c) [^bb1, ^bb1, ^bb1] {case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 2, -1>, operandSegmentSizes = array<i32: 1, 0, 1>} : (i32, i32) -> ()
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

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op branch has 0 operands for successor #0, but target block has 1}}
  cf.switch %c : i32, [
    default: ^bb1,
    7: ^bb1(%c : i32)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.switch' op branch has 2 operands for successor #2, but target block has 1}}
  cf.switch %c : i32, [
    default: ^bb1(%c : i32),
    7: ^bb1(%c : i32),
    8: ^bb1(%c, %c : i32, i32)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @f(%c: index) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be signless integer, but got 'index'}}
  "cf.switch"(%c) [^bb1] {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (index) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: si32) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be signless integer, but got 'si32'}}
  cf.switch %c : si32, [ default: ^bb1 ]
^bb1:
  return
}

// -----

// Custom syntax.  Case values are read at the flag's width.
func.func @f(%c: f32) {
  // expected-error @+1 {{expected an integer flag type}}
  cf.switch %c : f32, [ default: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: index) {
  // expected-error @+1 {{expected an integer flag type}}
  cf.switch %c : index, [ default: ^bb1, 0: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i128) {
  // expected-error @+1 {{switch flags wider than 64 bits are not supported}}
  cf.switch %c : i128, [ default: ^bb1, 1: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i0) {
  // expected-error @+1 {{integer value too large for i0}}
  cf.switch %c : i0, [ default: ^bb1, 1: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i8) {
  // expected-error @+1 {{integer value too large for i8}}
  cf.switch %c : i8, [ default: ^bb1, 256: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i8) {
  // expected-error @+1 {{integer value too large for i8}}
  cf.switch %c : i8, [ default: ^bb1, -129: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{integer value too large for i1}}
  cf.switch %c : i1, [ default: ^bb1, 2: ^bb1 ]
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
  // expected-error @+1 {{expected 'default'}}
  cf.switch %c : i32, [ 1: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{expected ','}}
  cf.switch %c : i32 [ default: ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{expected ':'}}
  cf.switch %c : i32, [ default: ^bb1, 1 ^bb1 ]
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{expected ']'}}
  cf.switch %c : i32, [ default: ^bb1 ^bb1
^bb1:
  return
}

// ---------------------------------------------------------------- cf.assert

func.func @f(%a: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%a) {msg = "m"} : (i32) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute}}
  cf.assert %c, 3
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.assert %a, "m"
  return
}
