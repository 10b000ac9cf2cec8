// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The affine expression parser, through affine_map<...> and affine_set<...>
// attributes: the error is at the offending character inside the body.

// expected-error @+1 {{unexpected character}}
"foo.op"() {a = affine_map<(d0) -> (d0 $ 1)>} : () -> ()

// -----

// expected-error @+1 {{use of undeclared identifier}}
"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error @+1 {{constant too large for index}}
"foo.op"() {a = affine_map<(d0) -> (99999999999999999999999)>} : () -> ()

// -----

// expected-error @+1 {{no expression inside parentheses}}
"foo.op"() {a = affine_map<(d0) -> (())>} : () -> ()

// -----

// expected-error @+1 {{expected ')'}}
"foo.op"() {a = affine_map<(d0) -> ((d0 d0))>} : () -> ()

// -----

// expected-error @+1 {{unexpected ssa identifier}}
"foo.op"() {a = affine_map<(d0) -> (%x)>} : () -> ()

// -----

// expected-error @+1 {{missing right operand of binary operator}}
"foo.op"() {a = affine_map<(d0) -> (d0 + )>} : () -> ()

// -----

// expected-error @+1 {{missing right operand of binary operator}}
"foo.op"() {a = affine_map<(d0) -> (d0 * )>} : () -> ()

// -----

// expected-error @+1 {{missing left operand of binary operator}}
"foo.op"() {a = affine_map<(d0) -> ( + d0)>} : () -> ()

// -----

// expected-error @+1 {{expected affine expression}}
"foo.op"() {a = affine_map<(d0) -> (-)>} : () -> ()

// -----

// expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()

// -----

// expected-error @+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 floordiv d0)>} : () -> ()

// -----

// expected-error @+1 {{non-affine expression: right operand of ceildiv has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 ceildiv d0)>} : () -> ()

// -----

// expected-error @+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 mod d0)>} : () -> ()

// -----

// expected-error @+1 {{expected bare identifier}}
"foo.op"() {a = affine_map<(1) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{redefinition of identifier 'd0'}}
"foo.op"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"foo.op"() {a = affine_set<(d0) : (d0 + 1)>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in dimensional identifier list}}
"foo.op"() {a = affine_map<d0 -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in dimensional identifier list}}
"foo.op"() {a = affine_map<(d0 -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected ']' in symbol list}}
"foo.op"() {a = affine_map<(d0)[s0 -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '->' or ':'}}
"foo.op"() {a = affine_map<(d0) (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in affine map range}}
"foo.op"() {a = affine_map<(d0) -> d0>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in affine map range}}
"foo.op"() {a = affine_map<(d0) -> (d0 d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in integer set constraint list}}
"foo.op"() {a = affine_set<(d0) : d0 >= 0>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in integer set constraint list}}
"foo.op"() {a = affine_set<(d0) : (d0 >= 0>} : () -> ()

// -----

// expected-error @+1 {{expected AffineMap, but got IntegerSet}}
"foo.op"() {a = affine_map<(d0) : (d0 >= 0)>} : () -> ()

// -----

// expected-error @+1 {{expected IntegerSet, but got AffineMap}}
"foo.op"() {a = affine_set<(d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{affine expression is nested too deeply}}
"foo.op"() {a = affine_map<(d0) -> (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((d0)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>} : () -> ()

// -----

// expected-error @+1 {{affine expression is nested too deeply}}
"foo.op"() {a = affine_map<(d0) -> (------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------d0)>} : () -> ()
