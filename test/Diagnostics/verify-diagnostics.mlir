// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The annotations of --verify-diagnostics, all of which must be matched here:
// where they point (none, @+N, @-N, @above, @below, @unknown), substring and
// regex text, notes. The failures of the verifier itself are in
// verify-diagnostics-failures.test.

// No designator: the annotation's own line.
"func.return"() : () -> () // expected-error {{'func.return' op expects parent op 'func.func'}}

// -----

// @+N and @-N count lines from the annotation.
// expected-error @+2 {{expects parent op 'func.func'}}

"func.return"() : () -> ()

// -----

"func.return"() : () -> ()

// expected-error @-2 {{expects parent op 'func.func'}}

// -----

// @above: the last line before the annotation that holds no annotation.
"func.return"() : () -> ()
// expected-error @above {{'func.return' op}}

// -----

// @below: the next line without annotations, so designators stack.
func.func @f(%arg0: i32) {
  // expected-error @below {{operand #0 does not dominate this use}}
  // expected-note @below {{operand defined here (op in the same block)}}
  %0 = "foo.op"(%0) : (i32) -> i32
  func.return
}

// -----

// Substrings: the start, the middle or the end of the message.
func.func @f() {
  %0 = "func.constant"() {value = @f} : () -> (() -> ())
  // expected-error @+1 {{'func.return' op has 1 operands}}
  func.return %0 : () -> ()
}

// -----

func.func @f() {
  %0 = "func.constant"() {value = @f} : () -> (() -> ())
  // expected-error @+1 {{operands, but enclosing}}
  func.return %0 : () -> ()
}

// -----

func.func @f() {
  %0 = "func.constant"() {value = @f} : () -> (() -> ())
  // expected-error @+1 {{function (@f) returns 0}}
  func.return %0 : () -> ()
}

// -----

// Regexes: literal text is matched literally (the parentheses and '@' here),
// `{{...}}` parts are POSIX extended regexes.
func.func @g() {
  %0 = func.constant @g : () -> ()
  // expected-error-re @+1 {{has {{[0-9]+}} operands, but enclosing function (@{{[a-z]+}}) returns 0}}
  func.return %0 : () -> ()
}

// -----

// An error and its note, each on its own line.
func.func private @dup()
// expected-note @-1 {{see existing symbol definition here}}
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// Notes stacked with @below on the line that gets the note.
// expected-note @below {{see existing symbol definition here}}
func.func private @dup2()
// expected-error-re @below {{redefinition of symbol named '{{.*}}'}}
func.func private @dup2()

// -----

// @unknown: a diagnostic without a file location.
// expected-error @unknown {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> () loc(unknown)
