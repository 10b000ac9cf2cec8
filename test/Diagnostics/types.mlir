// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Builtin types: shapes, element types, function types, dialect types.

// expected-error @+1 {{expected static shape}}
"foo.op"() : () -> vector<?xf32>

// -----

// expected-error @+1 {{dimension too large}}
"foo.op"() : () -> vector<99999999999999999999xf32>

// -----

// expected-error @+1 {{expected dimension size in scalable dimension}}
"foo.op"() : () -> vector<[x4xf32>

// -----

// expected-error @+1 {{missing ']' closing scalable dimension}}
"foo.op"() : () -> vector<[4xf32>

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
"foo.op"() : () -> vector<0xf32>

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
"foo.op"() : () -> vector<4xtensor<f32>>

// -----

// expected-error @+1 {{expected '>' in vector type}}
"foo.op"() : () -> vector<4x8xf32, 1>

// -----

// expected-error @+1 {{expected 'x' in unranked shape}}
"foo.op"() : () -> tensor<*f32>

// -----

// expected-error @+1 {{cannot apply encoding to unranked tensor}}
"foo.op"() : () -> tensor<*xf32, "enc">

// -----

// expected-error @+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<4xf32 ]

// -----

// expected-error @+1 {{invalid tensor element type}}
"foo.op"() : () -> tensor<4xnone>

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"foo.op"() : () -> memref<4xf32, affine_map<(d0, d1) -> (d0)>>

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
"foo.op"() : () -> memref<4xf32, 1, 2>

// -----

// expected-error @+1 {{expected '>' in memref type}}
"foo.op"() : () -> memref<4xf32 ]

// -----

// expected-error @+1 {{invalid memref element type}}
"foo.op"() : () -> memref<4xtuple<>>

// -----

// expected-error @+1 {{expected '<' in tensor type}}
"foo.op"() : () -> tensor>

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> i99999999

// -----

// expected-error @+1 {{expected '<' in tuple type}}
"foo.op"() : () -> tuple i32

// -----

// expected-error @+1 {{expected '>' in tuple type}}
"foo.op"() : () -> tuple<i32 ]

// -----

// expected-error @+1 {{expected '<' in complex type}}
"foo.op"() : () -> complex i32

// -----

// expected-error @+1 {{expected '>' in complex type}}
"foo.op"() : () -> complex<f32 ]

// -----

// expected-error @+1 {{invalid element type for complex}}
"foo.op"() : () -> complex<index>

// -----

// expected-error @+1 {{expected non-function type}}
"foo.op"() : () -> foo

// -----

// expected-error @+1 {{expected type}}
"foo.op"() : () -> =

// -----

// expected-error @+1 {{expected '->' in function type}}
"foo.op"() : (i32) i32

// -----

// expected-error @+1 {{expected ')'}}
"foo.op"() : (i32 i32) -> ()

// -----

// expected-error @+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error @+1 {{undefined symbol alias id 'a'}}
"foo.op"() : (!a) -> ()

// -----

// expected-error @+1 {{unbalanced ']' in dialect body}}
"foo.op"() : () -> !foo.bar<a(]>

// -----

// expected-error @+1 {{unbalanced '<' in dialect body}}
"foo.op"() : () -> !foo.bar<a(b>

// -----

// expected-error @+1 {{dialect 'builtin' provides no type parsing hook}}
"foo.op"() : () -> !builtin.x

// -----

// expected-error @+1 {{too many dimensions (at most 64)}}
"foo.op"() : () -> vector<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi32>

// -----

// expected-error @+1 {{type nesting too deep}}
"foo.op"() : () -> tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<tuple<i32>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>

// -----

// expected-error @+1 {{nesting too deep in dialect body}}
"foo.op"() : () -> !foo.x<(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((())))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>
