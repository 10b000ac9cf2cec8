// Integer literals out of range for their type, as MLIR's
// buildAttributeAPInt decides: the magnitude must fit the width, a negative
// literal must have its sign bit set once negated (so -0 is rejected), and a
// positive one must have it clear for signed types and index.  mlir-opt-14
// rejects each of these with the same message, but for the dense arrays and
// array<i32:>, which it does not have.  (In range: integer-attrs.mlir.)
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = -0 : i32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = 128 : si8} : () -> ()

// -----

// Hex literals of signed types obey the same rule.
// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = 0xFF : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = 1 : i0} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = -0 : i0} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = 340282366920938463463374607431768211456 : i128} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"u.op"() {a = -170141183460469231731687303715884105729 : i128} : () -> ()

// -----

// Dense elements and dense arrays read their values the same way, with
// MLIR's wording for each.
// expected-error @+1 {{integer constant out of range for type}}
"u.op"() {a = dense<[256]> : tensor<1xi8>} : () -> ()

// -----

// expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
"u.op"() {a = dense<[1, -1]> : tensor<2xui8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range}}
"u.op"() {a = array<i8: 256>} : () -> ()

// -----

// A float element given as a hex bit pattern takes no minus.
// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"u.op"() {a = dense<[-0x7F800000]> : tensor<1xf32>} : () -> ()

// -----

// After the colon of a dense array at least one value follows.
// expected-error @+1 {{expected element literal of primitive type}}
"u.op"() {a = array<i32:>} : () -> ()
