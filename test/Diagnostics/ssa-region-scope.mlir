// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// XFAIL: *
// Known parser bug: a named value (not a numeric one, see ssa.mlir) defined
// in a region stays visible after the region ends, so the use below parses
// and only the verifier rejects it ("operand #0 does not dominate this use").
// MLIR rejects it in the parser. Drop the XFAIL line once core/parser.c pops
// the names of a region at its end.

"foo.op"() ({
  %inner = "foo.a"() : () -> i32
  "foo.t"() : () -> ()
}) : () -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"foo.use"(%inner) : (i32) -> ()
