// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Builtin attributes: numbers, arrays, dictionaries, symbol references, dense
// elements and arrays, dialect attributes and aliases.

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 2 : i1} : () -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x7c00 : f16} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x1ffff : f16} : () -> ()

// -----

// expected-error @+1 {{integer literal not valid for specified type}}
"foo.op"() {a = 1 : none} : () -> ()

// -----

// expected-error @+1 {{expected integer or floating point literal}}
"foo.op"() {a = - x} : () -> ()

// -----

// expected-error @+1 {{floating point literal too long}}
"foo.op"() {a = 11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111.5} : () -> ()

// -----

// expected-error @+1 {{expected ']' in array attribute}}
"foo.op"() {a = [1, 2} : () -> ()

// -----

// expected-error @+1 {{expected valid attribute name}}
"foo.op"() {a = {"" = 1}} : () -> ()

// -----

// expected-error @+1 {{duplicate key 'b' in dictionary attribute}}
"foo.op"() {a = {b, b}} : () -> ()

// -----

// expected-error @+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = {b = 1} : () -> ()

// -----

// expected-error @+1 {{expected attribute name}}
"foo.op"() {a = {1}} : () -> ()

// -----

// expected-error @+1 {{expected symbol reference}}
"foo.op"() {a = @a::b} : () -> ()

// -----

// expected-error @+1 {{symbol reference nested too deeply (at most 16 levels)}}
"foo.op"() {a = @a::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b::@b} : () -> ()

// -----

// expected-error @+1 {{expected '<'}}
"foo.op"() {a = affine_map(d0) -> (d0)>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close affine_map}}
"foo.op"() {a = affine_map<(d0) -> (d0)} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close affine_set}}
"foo.op"() {a = affine_set<(d0) : (d0 >= 0)} : () -> ()

// dense<...> elements

// -----

// expected-error @+1 {{expected '<' after 'dense'}}
"foo.op"() {a = dense 1} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense literal}}
"foo.op"() {a = dense<1> tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close dense literal}}
"foo.op"() {a = dense<1 2> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a ranked tensor or vector type}}
"foo.op"() {a = dense<1> : memref<2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{dense elements of type 'this kind' are not supported}}
"foo.op"() {a = dense<1> : tensor<2x!foo.t>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {a = dense<true> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected element literal of primitive type}}
"foo.op"() {a = dense<x> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{dense elements wider than 64 bits are not supported}}
"foo.op"() {a = dense<1> : tensor<2xi128>} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = dense<0x1ffff> : tensor<2xf16>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected ']'}}
"foo.op"() {a = dense<[1 2]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal}}
"foo.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected 2 elements for dense literal, got 0}}
"foo.op"() {a = dense<> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{dense literal nested too deeply}}
"foo.op"() {a = dense<[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]> : tensor<1xi32>} : () -> ()

// -----

// expected-error @+1 {{expected hex string in dense literal}}
"foo.op"() {a = dense<"1234"> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type}}
"foo.op"() {a = dense<"0x1234"> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{invalid hex digit in dense literal}}
"foo.op"() {a = dense<"0x12345678zz345678"> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected '(' for complex element}}
"foo.op"() {a = dense<[1]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"foo.op"() {a = dense<[(1 2)]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error @+1 {{expected ')'}}
"foo.op"() {a = dense<[(1, 2 3)]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error @+1 {{expected element literal of primitive type}}
"foo.op"() {a = dense<[(x, 2)]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<[(1.5, 2)]> : tensor<1xcomplex<i32>>} : () -> ()

// array<...>

// -----

// expected-error @+1 {{expected '<' after 'array'}}
"foo.op"() {a = array i32} : () -> ()

// -----

// expected-error @+1 {{expected integer or float type, got: unsupported element type}}
"foo.op"() {a = array<tensor<i32>: 1>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
"foo.op"() {a = array<i32: 1 ]} : () -> ()

// Dialect attributes and aliases

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
"foo.op"() {a = #foo} : () -> ()

// -----

// expected-error @+1 {{dialect 'builtin' provides no attribute parsing hook}}
"foo.op"() {a = #builtin.x} : () -> ()

// -----

// expected-error @+1 {{unbalanced ']' in dialect body}}
"foo.op"() {a = #foo.bar<a]>} : () -> ()

// -----

// expected-error @+1 {{expected alias name without a '.'}}
!foo.a = i32

// -----

// expected-error @+1 {{expected alias name without a '.'}}
#foo.a = 1

// -----

// expected-error @+1 {{expected '=' in alias definition}}
!b i32

// -----

!a = i32
// expected-error @+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

#a = 1
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// Other attribute values

// -----

// expected-error @+1 {{expected '(' in inline location}}
"foo.op"() {a = loc 1} : () -> ()

// -----

// expected-error @+1 {{expected ')' in inline location}}
"foo.op"() {a = loc(unknown 1} : () -> ()

// -----

// expected-error @+1 {{expected attribute value}}
"foo.op"() {a = foo} : () -> ()

// -----

// expected-error @+1 {{expected attribute value}}
"foo.op"() {a = :} : () -> ()

// -----

// expected-error @+1 {{attribute nesting too deep}}
"foo.op"() {a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = array<f32: 1>} : () -> ()

// -----

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
"foo.op"() {a = dense<[1, 2]> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"foo.op"() {a = array<i32 1>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = -129 : i8} : () -> ()
