// RUN: strata-opt %s --split-input-file --verify-diagnostics
// Custom forms: the declarative assembly formats (literals, operands, types,
// attributes, the attribute dictionary, regions) and the C parse hooks, on
// builtin, func and arith ops. An error found once the whole form is read
// is reported at the token after the op (see known-bug-format-error-line.mlir),
// so those ops end their line.

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  func.return %a i32
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ':'}}
  %0 = func.constant @f }

// -----

func.func private @g(i32)
func.func @f(%a: i32) {
  // expected-error @+1 {{expected ')'}}
  func.call @g(%a : (i32) -> ()
  return
}

// -----

func.func private @g(i32)
func.func @f(%a: i32) {
  // expected-error @+1 {{expected '('}}
  func.call @g %a : (i32) -> ()
  return
}

// -----

// expected-error @+1 {{expected 'to'}}
%0 = builtin.unrealized_conversion_cast i32

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected 'to'}}
  %0 = arith.index_cast %a : i32 index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ','}}
  %0 = arith.addi %a %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ','}}
  %0 = arith.cmpi eq %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected attribute value}}
  %0 = arith.constant : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addi %a, %a }

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %a, %a : i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0, %1 = arith.addi %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected location instance}}
  %0 = arith.addi %a, %a {x} : i32 loc(1)
  return
}

// -----

// Region of a custom form.
// expected-error @+1 {{expected '{' to begin a region}}
module @m attributes x {}

// -----

// Names: a custom op needs its dialect outside a function body, where
// func's names need none.
// expected-error @+1 {{custom op 'return' is unknown}}
return
