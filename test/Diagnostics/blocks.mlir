// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Blocks: labels, arguments, references to blocks.

"foo.op"() ({
^bb0:
  "foo.t"() : () -> ()
// expected-error @+1 {{redefinition of block '^bb0'}}
^bb0:
  "foo.t"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error @+1 {{reference to an undefined block}}
  "foo.br"() [^bb9] : () -> ()
}) : () -> ()

// -----

// Block names are local to their region.
"foo.op"() ({
^bb0:
  "foo.br"() [^bb0] : () -> ()
}, {
// expected-error @+1 {{reference to an undefined block}}
  "foo.br"() [^bb0] : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error @+1 {{expected SSA identifier}}
^bb0(1: i32):
  "foo.t"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error @+1 {{expected ':' and type for SSA identifier}}
^bb0(%a i32):
  "foo.t"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error @+1 {{expected ')' to end argument list}}
^bb0(%a: i32 %b: i32):
  "foo.t"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb0
// expected-error @+1 {{expected ':' after block name}}
  "foo.t"() : () -> ()
}) : () -> ()

// -----

func.func @f(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0:
  return
}

