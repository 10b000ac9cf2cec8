// RUN: strata-opt %s --split-input-file --verify-diagnostics
// Ops, types and attributes of dialects that are not registered, without
// --allow-unregistered-dialect.

// expected-error @+1 {{unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations}}
"func.foo"() : () -> ()

// -----

// expected-error @+1 {{operation 'foo' has no dialect prefix (use --allow-unregistered-dialect to accept it)}}
"foo"() : () -> ()

// -----

// expected-error @+1 {{operation 'foo.bar' belongs to dialect 'foo', which is not registered (use --allow-unregistered-dialect)}}
"foo.bar"() : () -> ()

// -----

// expected-error @+1 {{Dialect 'foo' not found for custom op 'foo.bar'}}
foo.bar

// -----

// expected-error @+1 {{custom op 'func.bar' is unknown}}
func.bar

// -----

// expected-error @+1 {{custom op 'bar' is unknown}}
bar

// -----

// Types and attributes of unregistered dialects.
// expected-error @+1 {{dialect 'foo' is not registered (use --allow-unregistered-dialect)}}
"func.func"() ({}) {sym_name = "f", function_type = () -> !foo.t, sym_visibility = "private"} : () -> ()

// -----

// expected-error @+1 {{dialect 'foo' is not registered (use --allow-unregistered-dialect)}}
func.func private @f() attributes {a = #foo.a}
