// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Inputs that end too early. An error at the end of a chunk is on the line
// after its last one (the `// -----` line, or the empty line after the end
// of the file), which `@below` on the chunk's last line points at (so no blank line
// may follow it).

"foo.op"() ({
  "foo.t"() : () -> ()
// expected-error @below {{expected '}' to end region}}
// -----

{-# metadata
// expected-error @below {{expected '#-}' to end file metadata}}
// -----

"foo.op"() {a = dense<[1, 2 : tensor<2xi32>} : () -> ()
// expected-error @below {{expected '>' to close dense literal}}
// -----

"foo.op"() : () -> vector<4xf32
// expected-error @below {{expected '>' in vector type}}
// -----

"foo.op"() : () -> (i32
// expected-error @below {{expected ')'}}
