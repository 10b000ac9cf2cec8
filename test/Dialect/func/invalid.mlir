// Every error the func dialect reports: the verifiers of func.func,
// func.return, func.call, func.call_indirect and func.constant (MLIR's
// wording), the constraints of their op tables, and syntax errors of the
// custom forms.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// ---------------------------------------------------------------- func.func

// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({}) {function_type = () -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({}) {sym_name = "f", sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint}}
"func.func"() ({}) {sym_name = "f", function_type = i32, sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (), sym_visibility = 1} : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (), sym_visibility = "bogus"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires one region}}
"func.func"() {sym_name = "f", function_type = () -> (), sym_visibility = "private"} : () -> ()

// -----

// A declaration (no body) must not be public, whether said or implied.
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32)

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @decl(i32) -> i32

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> ()} : () -> ()

// -----

// The custom form makes the entry block from the signature; a labelled entry
// block with its own arguments disagrees with it.
// expected-error @+1 {{'func.func' op entry block must have 0 arguments to match function signature}}
func.func @f() {
^bb0(%x: i32):
  return
}

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #1('i64') must match the type of the corresponding argument in function signature('f32')}}
"func.func"() ({
^bb0(%a: i32, %b: i64):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32, f32) -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects arg_attrs to be an array of 1 dictionaries}}
"func.func"() ({
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [{}, {}], sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects res_attrs to be an array of 2 dictionaries}}
"func.func"() ({
}) {sym_name = "f", function_type = () -> (i1, i1), res_attrs = [{}], sym_visibility = "private"} : () -> ()

// -----

// Each entry is a dictionary of dialect attributes: the custom form could
// print nothing else.
// expected-error @+1 {{'func.func' op expects argument attribute dictionary to be a DictionaryAttr, but got `1 : i64`}}
"func.func"() ({
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [1], sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects result attribute dictionary to be a DictionaryAttr, but got `"x"`}}
"func.func"() ({
}) {sym_name = "f", function_type = () -> (i32, i32), res_attrs = [{}, "x"], sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @f(i32 {foo.ok, nodot})

// -----

// expected-error @+1 {{'func.func' op results may only have dialect attributes}}
func.func @f(%a: i32 {foo.ok}) -> (i32 {x = 1}) {
  return %a : i32
}

// -----

// expected-error @+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint}}
"func.func"() ({
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = {a}, sym_visibility = "private"} : () -> ()

// -----

// Symbols in one module have distinct names.
// expected-note @+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error @+1 {{'func.func' op redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

// Custom syntax of func.func.

// expected-error @+1 {{expected valid '@'-identifier for symbol name}}
func.func f()

// -----

// expected-error @+1 {{expected valid '@'-identifier for symbol name}}
func.func private "f"()

// -----

// expected-error @+1 {{expected '('}}
func.func @f -> i32

// -----

// expected-error @+1 {{expected type instead of SSA identifier}}
func.func @f(i32, %a: i32)

// -----

// expected-error @+1 {{expected SSA identifier}}
func.func @f(%a: i32, i32)

// -----

// expected-error @+1 {{expected ':'}}
func.func @f(%a i32) {
  return
}

// -----

// expected-error @+1 {{redefinition of SSA value '%a'}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

// expected-error @+1 {{expected type}}
func.func @f() -> (i32, {foo.x})

// -----

// expected-error @+1 {{expected '{' after 'attributes'}}
func.func @f() attributes x

// -----

// expected-error @+1 {{expected named arguments for a function with a body}}
func.func @f(i32) {
  return
}

// -----

// `{}` is not a declaration: a body has a block.
// expected-error @+1 {{expected non-empty function body}}
func.func private @f() {}

// -----

func.func @f(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^entry:
  return
}

// -------------------------------------------------------------- func.return

// expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
func.func @f() -> i32 { return }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  return %a : i32
}

// -----

func.func @f(%a: i32, %b: i64) -> (i32, i32) {
  // expected-error @+1 {{type of return operand 1 ('i64') doesn't match function result type ('i32') in function @f}}
  "func.return"(%a, %b) : (i32, i64) -> ()
}

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

"foo.region"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @f() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "foo.op"() : () -> ()
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ':'}}
  return %x i32
}

// -----

// The operands and their types disagree (reported where the op ends, see
// test/Diagnostics/known-bug-format-error-line.mlir).
func.func @f(%a: i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  return %a, %a : i32 }

// ---------------------------------------------------------------- func.call

// expected-error @+1 {{'func.call' op requires attribute 'callee'}}
"func.call"() : () -> ()

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}

// -----

// A symbol that is not a func.func is no callee, even with a function type.
"foo.fn"() {sym_name = "g", function_type = () -> ()} : () -> ()
func.func @f() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}

// -----

module @g {
}
func.func @f() {
  // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}

// -----

// Lookups stop at the nearest symbol table, as in MLIR.
func.func private @outer()
module @m {
  func.func @f() {
    // expected-error @+1 {{'func.call' op 'outer' does not reference a valid function}}
    func.call @outer() : () -> ()
    return
  }
}

// -----

// The callee is a flat reference: no nested `@m::@f`.
module @m {
  func.func private @f()
}
func.func @g() {
  // expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  func.call @m::@f() : () -> ()
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

func.func private @g(i32, i32)
func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: operand #1 does not match the callee's argument type}}
  func.call @g(%a, %b) : (i32, i64) -> ()
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

func.func private @g() -> (i32, i64)
func.func @f() {
  // expected-error @+1 {{'func.call' op result type mismatch at index 1}}
  %0:2 = func.call @g() : () -> (i32, i32)
  return
}

// -----

// Custom syntax of func.call (errors found once its elements are read are
// reported where the op ends, so these ops end their line).
func.func @f() {
  // expected-error @+1 {{expected a function type}}
  func.call @g() : i32 }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{1 operands present, but expected 2}}
  func.call @g(%a) : (i32, i32) -> () }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected '('}}
  func.call @g : () -> ()
  return
}

// -------------------------------------------------------- func.call_indirect

func.func @f(%a: i32) {
  // expected-error @+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%a) : (i32) -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call_indirect' op expected 1 or more operands, but found 0}}
  "func.call_indirect"() : () -> ()
  return
}

// -----

func.func @f(%c: (i32) -> ()) {
  // expected-error @+1 {{'func.call_indirect' op incorrect number of operands for callee}}
  "func.call_indirect"(%c) : ((i32) -> ()) -> ()
  return
}

// -----

func.func @f(%c: (i32) -> (), %a: f32) {
  // expected-error @+1 {{'func.call_indirect' op operand type mismatch: operand #0 does not match the callee's argument type}}
  "func.call_indirect"(%c, %a) : ((i32) -> (), f32) -> ()
  return
}

// -----

func.func @f(%c: () -> i32) {
  // expected-error @+1 {{'func.call_indirect' op incorrect number of results for callee}}
  "func.call_indirect"(%c) : (() -> i32) -> ()
  return
}

// -----

func.func @f(%c: () -> i32) {
  // expected-error @+1 {{'func.call_indirect' op result type mismatch at index 0}}
  %0 = "func.call_indirect"(%c) : (() -> i32) -> i64
  return
}

// -----

// Custom syntax of func.call_indirect.
func.func @f(%c: () -> ()) {
  // expected-error @+1 {{expected function type}}
  func.call_indirect %c() : i32 }

// -----

func.func @f(%c: () -> ()) {
  // expected-error @+1 {{1 operands present, but expected 0}}
  func.call_indirect %c(%c) : () -> () }

// -----

func.func @f(%c: (i32) -> ()) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: '(i64) -> ()' vs '(i32) -> ()'}}
  func.call_indirect %c(%c) : (i64) -> ()
  return
}

// ------------------------------------------------------------ func.constant

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : () -> ()
  return
}

// -----

"foo.fn"() {sym_name = "g", function_type = () -> ()} : () -> ()
func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'g'}}
  %0 = func.constant @g : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @f : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op result #0 must be function type, but got 'i32'}}
  %0 = "func.constant"() {value = @f} : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op attribute 'value' failed to satisfy constraint: flat symbol reference attribute}}
  %0 = "func.constant"() {value = "f"} : () -> (() -> ())
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op requires attribute 'value'}}
  %0 = "func.constant"() : () -> (() -> ())
  return
}
