// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The generic form of an operation: name, operands, successors, properties,
// regions, attributes and the function type.

// expected-error @+1 {{expected operation name in quotes}}
1

// -----

// expected-error @+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error @+1 {{expected '(' to start operand list}}
"foo.op" : () -> ()

// -----

// expected-error @+1 {{expected ')' to end operand list}}
"foo.op"(%a : () -> ()

// -----

// expected-error @+1 {{expected block name}}
"foo.op"() ["x"] : () -> ()

// -----

// expected-error @+1 {{expected ']' to end successor list}}
"foo.op"() [^bb1 : () -> ()

// -----

// expected-error @+1 {{expected '>' to close properties}}
"foo.op"() <{a = 1} : () -> ()

// -----

// An attribute in both the properties and the attribute dictionary.
// expected-error @+1 {{attribute 'a' occurs more than once in the attribute list}}
"foo.op"() <{a = 1}> {a = 2} : () -> ()

// -----

// expected-error @+1 {{expected '{' to begin a region}}
"foo.op"() (1) : () -> ()

// -----

// expected-error @+1 {{expected '{' to begin a region}}
"foo.op"() ({}, 1) : () -> ()

// -----

// expected-error @+1 {{expected ')' to end region list}}
"foo.op"() ({} {}) : () -> ()

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"foo.op"() -> ()

// -----

// expected-error @+1 {{expected function type}}
"foo.op"() : i32

// -----

%a = "foo.op"() : () -> i32
// expected-error @+1 {{expected 1 operand type but had 0}}
"foo.op"(%a) : () -> ()

// -----

%a = "foo.op"() : () -> i32
// expected-error @+1 {{expected 1 operand type but had 2}}
"foo.op"(%a) : (i32, i32) -> ()

// -----

%a = "foo.op"() : () -> i32
// expected-error @+1 {{expected 2 operand types but had 1}}
"foo.op"(%a, %a) : (i32) -> ()


// -----

// expected-error @+1 {{expected '{'}}
"foo.op"() <1> : () -> ()
