// Every error the memref dialect reports: dynamic sizes and layout symbols
// of allocations, index counts and element types of loads and stores,
// globals and their initial values, references to globals, cast
// compatibility, subview lists, result types (current MLIR's strided<>
// layouts) and bounds, copy shapes, constant dim indices, and syntax errors
// of the custom forms.  A strided layout whose rank is not the memref's is
// a type error of the core's parser.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// ------------------------------------------------------------ alloc, alloca

func.func @f(%d: index) {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc(%d, %d) : memref<?x4xf32>
  return
}

// -----

func.func @f(%d: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc(%d) : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%0 = memref.alloca() : memref<4xf32>

// -----

func.func @f() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = memref.alloc() {alignment = -8 : i64} : memref<4xf32>
  return
}

// ------------------------------------------------------------- load, store

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i, %i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: i32) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{expected a memref type}}
  %0 = memref.load %m[%i] : tensor<4xf32>
  return
}

// ----------------------------------------------------------------- globals

// expected-error @+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32>

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() {sym_name = "g", type = memref<?xf32>} : () -> ()

// -----

// expected-error @+1 {{initial value should be a unit or elements attribute}}
memref.global @g : memref<2xf32> = "abc"

// -----

// expected-error @+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 1.000000e+00 : f32}}
"memref.global"() {sym_name = "g", type = memref<2xf32>, initial_value = 1.0 : f32} : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2xf32>', but was of type 'tensor<2xi32>'}}
"memref.global"() {sym_name = "g", type = memref<2xf32>, initial_value = dense<1> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{alignment attribute value 12 is not a power of 2}}
memref.global @g : memref<2xf32> = uninitialized {alignment = 12 : i64}

// -----

// expected-error @+1 {{expected a visibility string or a symbol name}}
memref.global 42 @g : memref<2xf32>

// -----

func.func @f() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @g : memref<2xf32> = uninitialized
func.func @f() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// ------------------------------------------------------------------- casts

func.func @f(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, strided<[8, 1], offset: 2>>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32, strided<[8, 1], offset: 2>>' and result type 'memref<4x4xf32, strided<[8, 1], offset: 3>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[8, 1], offset: 3>>
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func @f(%m: memref<4x4xf32, strided<[1]>>) {
  return
}

// ---------------------------------------------------------------- subviews

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 2>>' or a rank-reduced version. (mismatch of result layout) }}
  %0 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 3>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 2>>' or a rank-reduced version. (mismatch of result sizes) }}
  %0 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1], offset: 2>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank. }}
  %0 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x1xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32'}}
  %0 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xi32, strided<[8, 1], offset: 2>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{offset 1 is out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[0, 8] [4, 1] [1, 1] : memref<8x8xf32> to memref<4x1xf32, strided<[8, 1], offset: 8>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = memref.subview %m[3, 0] [4, 4] [2, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 24>>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = "memref.subview"(%m) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<8x8xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected 1 dynamic size values}}
  %0 = "memref.subview"(%m) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: -9223372036854775808, 8>, static_strides = array<i64: 1, 1>} : (memref<8x8xf32>) -> memref<?x8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8xf32>' and subview memref type 'memref<4xf32, strided<[1]>, 1>'}}
  %0 = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>, 1>
  return
}

// -----

func.func @f(%m: memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {
  // expected-error @+1 {{base type 'memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>' is not strided}}
  %0 = memref.subview %m[0] [4] [1] : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  // expected-error @+1 {{'memref.subview' op subviews of more than 16 dimensions are not supported}}
  %0 = memref.subview %m[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> to memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return
}

// -------------------------------------------------------------- copy, dim

func.func @f(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%a: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'memref.dim' op index is out of range}}
  %0 = memref.dim %a, %c1 : memref<4xf32>
  return
}
