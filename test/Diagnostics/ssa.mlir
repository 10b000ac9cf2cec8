// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// SSA names: undefined values, redefinitions, types of forward references,
// result numbers and result counts.

// Redefinitions.
%0 = "foo.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "foo.b"() : () -> i32

// -----

%x = "foo.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%x'}}
%x = "foo.b"() : () -> i32

// -----

// A block argument named twice.
"foo.op"() ({
// expected-error @+1 {{redefinition of SSA value '%a'}}
^bb0(%a: i32, %a: i32):
  "foo.t"() : () -> ()
}) : () -> ()

// -----

// Undefined values and forward references.
// expected-error @+1 {{use of undeclared SSA value name}}
"foo.use"(%x) : (i32) -> ()

// -----

// Values of one function are not visible in another (isolated from above).
func.func @f() {
  %0 = "foo.a"() : () -> i32
  func.return
}
func.func @g() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  func.return %0 : i32
}

// -----

// A value of a region is not visible after it.
"foo.op"() ({
  %0 = "foo.a"() : () -> i32
  "foo.t"() : () -> ()
}) : () -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"foo.use"(%0) : (i32) -> ()

// -----

"foo.op"() ({
  %inner = "foo.a"() : () -> i32
  "foo.t"() : () -> ()
}) : () -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"foo.use"(%inner) : (i32) -> ()

// -----

"foo.use"(%x) : (i32) -> ()
// expected-error @+1 {{definition of SSA value '%x#0' has type 'i64' but prior uses expect 'i32'}}
%x = "foo.a"() : () -> i64

// -----

// Two forward uses that disagree.
"foo.use"(%x) : (i32) -> ()
// expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.use"(%x) : (i64) -> ()
%x = "foo.a"() : () -> i32

// -----

%x = "foo.a"() : () -> i32
// expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.use"(%x) : (i64) -> ()

// -----

// Result numbers and counts.
// expected-error @+1 {{operation defines 2 results but was used as result #2}}
"foo.use"(%x#2) : (i32) -> ()
%x:2 = "foo.a"() : () -> (i32, i32)

// -----

%x:2 = "foo.a"() : () -> (i32, i32)
// expected-error @+1 {{reference to invalid result number}}
"foo.use"(%x#2) : (i32) -> ()

// -----

// expected-error @+1 {{invalid SSA value result number}}
"foo.use"(%x#a) : (i64) -> ()

// -----

// expected-error @+1 {{invalid SSA value result number}}
"foo.use"(%x#2000000) : (i64) -> ()

// -----

// expected-error @+1 {{expected valid ssa identifier}}
%a, 1 = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{expected integer number of results}}
%a:x = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{expected integer number of results}}
%a:99999999999 = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{expected named operation to have at least 1 result}}
%a:0 = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{expected '=' after SSA name}}
%a "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
%a = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
%a:3 = "foo.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "foo.a"() : () -> i32

// -----

// expected-error @+1 {{expected SSA operand}}
"foo.a"(1) : (i32) -> ()

// -----

// An operand defined inside the operation's own region (fuzz-interp: the
// forward reference was freed while the operation still held it).
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %y = %c0 to %x step %c1 {
    // expected-error @+1 {{'%x' is defined inside the region of the operation that uses it}}
    scf.for %x = %c0 to %n step %c1 {
    }
  }
  return
}

