// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The verifier's structural checks, driven by op definitions (counts of
// operands, results, regions and successors, operandSegmentSizes,
// attributes, parents, terminators) and by the IR itself (dominance, symbol
// tables, entry blocks). Registered ops are written in the generic form to
// get past their custom parsers.

// expected-error @+1 {{'func.constant' op requires one result}}
"func.constant"() {value = @f} : () -> ()

// -----

func.func private @f()
// expected-error @+1 {{'func.constant' op requires one result}}
%0:2 = "func.constant"() {value = @f} : () -> (() -> (), () -> ())

// -----

// expected-error @+1 {{'func.call_indirect' op expected 1 or more operands, but found 0}}
"func.call_indirect"() : () -> ()

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.constant' op requires zero operands}}
  %0 = "func.constant"(%a) {value = @f} : (i32) -> ((i32) -> ())
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.return' op requires zero results}}
  %0 = "func.return"() : () -> i32
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.negf' op requires a single operand}}
  %0 = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addui_extended' op expected 2 results, but found 1}}
  %0 = "arith.addui_extended"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// expected-error @+1 {{'func.return' op requires zero regions}}
"func.return"() ({}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "foo.op"() : () -> ()
^bb1:
  "foo.op"() : () -> ()
}) : () -> ()

// -----

func.func @f() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @f() {
  // expected-error @+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"() [^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

"foo.op"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Terminators.

func.func @f() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  return
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "foo.br"() [^bb1] : () -> ()
  "foo.op"() : () -> ()
^bb1:
  return
}

// -----

// expected-error @+1 {{empty block: expect at least a terminator}}
func.func @f() {
^bb0:
}

// -----

func.func @f() {
  // expected-error @+1 {{block with no terminator, has 'func.constant'}}
  %0 = func.constant @f : () -> ()
}

// -----

// An unregistered op may end a block: it might be a terminator.
func.func @f() {
  "foo.op"() : () -> ()
}
func.func @g() {
  // expected-error @+1 {{block with no terminator, has 'func.constant'}}
  %0 = func.constant @f : () -> ()
}

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
func.func @f() {
^bb0:
  cf.br ^bb0
}

// -----

// Attributes from the op definition.

// expected-error @+1 {{'func.call' op requires attribute 'callee'}}
"func.call"() : () -> ()

// -----

// expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
"func.call"() {callee = "f"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({}) {sym_name = "f", function_type = i32} : () -> ()

// -----

// Operand and result types from the op definition.

func.func @f(%c: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

// expected-error @+1 {{'func.constant' op result #0 must be function type, but got 'i32'}}
%0 = "func.constant"() {value = @f} : () -> i32

// -----

// operandSegmentSizes.

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op requires dense i32 array attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op attribute 'operandSegmentSizes' must be a dense i32 array}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {operandSegmentSizes = array<i64: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements}}
  "cf.cond_br"(%c) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, -1, 1>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op operand group 'condition' requires exactly one value, but got 2}}
  "cf.cond_br"(%c, %c) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 2, 0, 0>} : (i1, i1) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c, %c) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1, i1) -> ()
^bb1:
  return
}

// -----

// Dominance (checked once the whole tree is otherwise valid, as in MLIR: the
// op after the bad use is reported first).

func.func @f(%arg0: i32) {
  %0 = "foo.op"(%1) : (i32) -> i32
  %1 = "foo.op"(%arg0) : (i32) -> i32
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  return %0 : i32
}

// -----

func.func @f(%arg0: i32) {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = "foo.op"(%1) : (i32) -> i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = "foo.op"(%arg0) : (i32) -> i32
  return
}

// -----

func.func @f(%arg0: i32) {
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %0 = "foo.op"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "foo.use"(%0) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %0 = "foo.op"() : () -> i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  return
}

// -----

// Graph regions (the module body) are not ordered.
"foo.use"(%0) : (i32) -> ()
%0 = "foo.op"() : () -> i32
func.func @f() {
  // expected-error @+1 {{'func.return' op has 1 operands}}
  func.return %1 : i32
^bb1:
  // Unreachable blocks are not checked for dominance.
  %1 = "foo.op"() : () -> i32
  cf.br ^bb1
}

// -----

// Symbol tables.

// expected-note @+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error @+1 {{'func.func' op redefinition of symbol named 'f'}}
func.func private @f()

// -----

// Isolation from above and successors in other regions are enforced while
// parsing, so the verifier's own checks cannot be reached from text: the
// body of an isolated op (here in the generic form) cannot name a value from
// outside, and a region cannot name a block of another (blocks.mlir).
%0 = "foo.op"() : () -> i32
"func.func"() ({
  // expected-error @+1 {{use of undeclared SSA value name}}
  "func.return"(%0) : (i32) -> ()
}) {sym_name = "f", function_type = () -> ()} : () -> ()
