// RUN: strata-opt %s --split-input-file --verify-diagnostics
// The builtin dialect: builtin.module and builtin.unrealized_conversion_cast.

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: symbol name}}
"builtin.module"() ({}) {sym_name = 1} : () -> ()

// -----

// expected-note @+1 {{see existing symbol definition here}}
module @m {}
// expected-error @+1 {{'builtin.module' op redefinition of symbol named 'm'}}
module @m {}

// -----

// expected-error @+1 {{expected 'to'}}
%0 = builtin.unrealized_conversion_cast i32
