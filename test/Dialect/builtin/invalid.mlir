// Errors of the builtin ops: builtin.unrealized_conversion_cast without
// results, symbol redefinitions in a module, the module's region and
// attributes, and syntax errors of the custom forms.  (What the verifier
// misses is in the known-bug-*.mlir tests beside this file.)
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// ------------------------------------------- builtin.unrealized_conversion_cast

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  builtin.unrealized_conversion_cast %a : i32 to
  return
}

// -----

// expected-error @+1 {{operation defines 0 results but was provided 1 to bind}}
%0 = builtin.unrealized_conversion_cast to

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = builtin.unrealized_conversion_cast %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = builtin.unrealized_conversion_cast %a to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected 'to'}}
  %0 = builtin.unrealized_conversion_cast %a : i32 i64
  return
}

// -----

// expected-error @+1 {{expected 'to'}}
%0 = builtin.unrealized_conversion_cast i32

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  return
}

// ----------------------------------------------------------- builtin.module

// expected-note @+1 {{see existing symbol definition here}}
module @m {
}
// expected-error @+1 {{'builtin.module' op redefinition of symbol named 'm'}}
module @m {
}

// -----

module @outer {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @x()
  // expected-error @+1 {{'builtin.module' op redefinition of symbol named 'x'}}
  module @x {
  }
}

// -----

module @outer {
  module @inner {
    // expected-note @+1 {{see existing symbol definition here}}
    func.func private @f()
    // expected-error @+1 {{'func.func' op redefinition of symbol named 'f'}}
    func.func private @f()
  }
}

// -----

// expected-error @+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
^bb1:
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: symbol name}}
"builtin.module"() ({
^bb0:
}) {sym_name = @m} : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
^bb0:
}) {sym_visibility = 1} : () -> ()

// -----

module {
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}

// -----

// Custom syntax of builtin.module.

// expected-error @+1 {{expected '{' to begin a region}}
module "m" {}

// -----

// expected-error @+1 {{expected '{' to begin a region}}
module @m attributes x {}

// -----

// expected-error @+1 {{expected '{' to begin a region}}
module @m attributes {foo.a} attributes {foo.b} {}
