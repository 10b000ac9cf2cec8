// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The func dialect: func.func's verifier and custom syntax, func.return,
// func.call, func.call_indirect and func.constant.

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (), sym_visibility = "bogus"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @f()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @f()

// -----

// expected-error @+1 {{'func.func' op entry block must have 0 arguments to match function signature}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = () -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects arg_attrs to be an array of 1 dictionaries}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [{}, {}]} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects res_attrs to be an array of 0 dictionaries}}
"func.func"() ({
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = () -> (), res_attrs = [{}]} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({}) {function_type = () -> ()} : () -> ()

// -----

// Custom syntax of func.func.

// expected-error @+1 {{expected type instead of SSA identifier}}
func.func @f(i32, %a: i32)

// -----

// expected-error @+1 {{expected SSA identifier}}
func.func @f(%a: i32, i32)

// -----

// expected-error @+1 {{expected '{' after 'attributes'}}
func.func @f() attributes x

// -----

// expected-error @+1 {{expected named arguments for a function with a body}}
func.func @f(i32) { return }

// -----

// expected-error @+1 {{expected valid '@'-identifier for symbol name}}
func.func f()

// -----

// expected-error @+1 {{expected '('}}
func.func @f -> i32

// -----

// func.return.

// expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
func.func @f() -> i32 { return }

// -----

func.func @f() -> i32 {
  %0 = "foo.a"() : () -> i64
  // expected-error @+1 {{'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %0 : i64
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ':'}}
  return %x i32
}

// -----

// The operands and their types disagree (reported where the op ends).
func.func @f(%a: i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  return %a, %a : i32 }

// -----

// func.call.

func.func @f() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}

// -----

func.func private @g(i32)
func.func @f() {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g() : () -> ()
  return
}

// -----

func.func private @g(i32)
func.func @f(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: operand #0 does not match the callee's argument type}}
  func.call @g(%a) : (i64) -> ()
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  %0 = func.call @g() : () -> i32
  return
}

// -----

func.func private @g() -> i64
func.func @f() {
  // expected-error @+1 {{'func.call' op result type mismatch at index 0}}
  %0 = func.call @g() : () -> i32
  return
}

// -----

// Custom syntax of func.call (its errors are reported where the op ends, so
// these ops end their line).
func.func @f() {
  // expected-error @+1 {{expected a function type}}
  func.call @g() : i32 }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{1 operands present, but expected 2}}
  func.call @g(%a) : (i32, i32) -> () }

// -----

// expected-error @+1 {{'func.call' op requires attribute 'callee'}}
"func.call"() : () -> ()

// -----

// func.call_indirect.

func.func @f(%c: () -> ()) {
  // expected-error @+1 {{expected function type}}
  func.call_indirect %c() : i32 }

// -----

func.func @f(%c: () -> ()) {
  // expected-error @+1 {{1 operands present, but expected 0}}
  func.call_indirect %c(%c) : () -> () }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%c: (i32) -> ()) {
  // expected-error @+1 {{'func.call_indirect' op incorrect number of operands for callee}}
  "func.call_indirect"(%c) : ((i32) -> ()) -> ()
  return
}

// -----

// func.constant.

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @f : (i32) -> ()
  return
}
