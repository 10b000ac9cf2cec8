// Errors of hw.constant, hw.bitcast and the array ops.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

hw.module @m() {
  // expected-error @+1 {{expected an integer constant}}
  %0 = hw.constant 1.0 : f32
}

// -----

hw.module @m() {
  // expected-error @+1 {{value type must match the result type}}
  %0 = "hw.constant"() {value = 1 : i8} : () -> i4
}

// -----

hw.module @m() {
  // expected-error @+1 {{value must be a signless integer}}
  %0 = "hw.constant"() {value = 1 : si8} : () -> si8
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{bit widths differ: 'i8' has 8 bits, '!hw.array<3xi4>' has 12}}
  %0 = hw.bitcast %a : (i8) -> !hw.array<3xi4>
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{operand and result must be hardware value types}}
  %0 = hw.bitcast %a : (i8) -> f32
}

// -----

hw.module @m(in %a : f32) {
  // expected-error @+1 {{array element must be a hardware value type}}
  %0 = hw.array_create %a : f32
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{result must be an array of as many elements as operands (at least one)}}
  %0 = "hw.array_create"(%a) : (i8) -> !hw.array<2xi8>
}

// -----

hw.module @m(in %a : i8, in %b : i4) {
  // expected-error @+1 {{operand 1 is not of the array's element type}}
  %0 = "hw.array_create"(%a, %b) : (i8, i4) -> !hw.array<2xi8>
}

// -----

hw.module @m(in %a : i8, in %i : i2) {
  // expected-error @+1 {{expected an array, but got 'i8'}}
  %0 = "hw.array_get"(%a, %i) : (i8, i2) -> i8
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %i : i3) {
  // expected-error @+1 {{index must be i2 for an array of 4 elements}}
  %0 = hw.array_get %a[%i] : !hw.array<4xi8>, i3
}

// -----

hw.module @m(in %a : i8, in %i : i2) {
  // expected-error @+1 {{expected an array type}}
  %0 = hw.array_get %a[%i] : i8, i2
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %i : i2) {
  // expected-error @+1 {{result must be the array's element type}}
  %0 = "hw.array_get"(%a, %i) : (!hw.array<4xi8>, i2) -> i4
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %i : i2, in %v : i4) {
  // expected-error @+1 {{injected element must be the array's element type}}
  %0 = "hw.array_inject"(%a, %i, %v) : (!hw.array<4xi8>, i2, i4) -> !hw.array<4xi8>
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %i : i2, in %v : i8) {
  // expected-error @+1 {{result must be the input's array type}}
  %0 = "hw.array_inject"(%a, %i, %v) : (!hw.array<4xi8>, i2, i8) -> !hw.array<5xi8>
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %i : i2) {
  // expected-error @+1 {{result must be an array of the same element type, not longer than the input}}
  %0 = hw.array_slice %a[%i] : (!hw.array<4xi8>) -> !hw.array<5xi8>
}

// -----

hw.module @m(in %a : !hw.array<4xi8>, in %b : !hw.array<4xi4>) {
  // expected-error @+1 {{expected arrays of one element type}}
  %0 = hw.array_concat %a, %b : !hw.array<4xi8>, !hw.array<4xi4>
}

// -----

hw.module @m(in %a : !hw.array<4xi8>) {
  // expected-error @+1 {{result must be an array}}
  %0 = "hw.array_concat"(%a) : (!hw.array<4xi8>) -> i32
}

// -----

hw.module @m(in %a : !hw.array<4xi8>) {
  // expected-error @+1 {{operand 0 is not an array of the result's element type}}
  %0 = "hw.array_concat"(%a) : (!hw.array<4xi8>) -> !hw.array<4xi4>
}

// -----

hw.module @m(in %a : !hw.array<4xi8>) {
  // expected-error @+1 {{result has 5 elements, but the operands have 4}}
  %0 = "hw.array_concat"(%a) : (!hw.array<4xi8>) -> !hw.array<5xi8>
}
