// Errors of the struct ops and of hw.aggregate_constant.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

hw.module @m(in %a : i8) {
  // expected-error @+1 {{expected a struct type of 1 fields}}
  %0 = hw.struct_create (%a) : i8
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{result must be a struct}}
  %0 = "hw.struct_create"(%a) : (i8) -> i8
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{has 1 operands, but the struct has 2 fields}}
  %0 = "hw.struct_create"(%a) : (i8) -> !hw.struct<a: i8, b: i1>
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{operand 0 is not of the type of field 'a'}}
  %0 = "hw.struct_create"(%a) : (i8) -> !hw.struct<a: i4>
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{expected a struct type}}
  %0 = hw.struct_extract %a["a"] : i8
}

// -----

hw.module @m(in %s : !hw.struct<a: i8>) {
  // expected-error @+1 {{struct has no field 'b'}}
  %0 = hw.struct_extract %s["b"] : !hw.struct<a: i8>
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{operand must be a struct}}
  %0 = "hw.struct_extract"(%a) {fieldIndex = 0 : i32} : (i8) -> i8
}

// -----

hw.module @m(in %s : !hw.struct<a: i8>) {
  // expected-error @+1 {{field index 3 is out of range}}
  %0 = "hw.struct_extract"(%s) {fieldIndex = 3 : i32} : (!hw.struct<a: i8>) -> i8
}

// -----

hw.module @m(in %s : !hw.struct<a: i8>) {
  // expected-error @+1 {{result must be of the field's type}}
  %0 = "hw.struct_extract"(%s) {fieldIndex = 0 : i32} : (!hw.struct<a: i8>) -> i4
}

// -----

hw.module @m(in %s : !hw.struct<a: i8>, in %v : i4) {
  // expected-error @+1 {{new value must be of the field's type}}
  %0 = "hw.struct_inject"(%s, %v) {fieldIndex = 0 : i32} : (!hw.struct<a: i8>, i4) -> !hw.struct<a: i8>
}

// -----

hw.module @m(in %s : !hw.struct<a: i8>, in %v : i8) {
  // expected-error @+1 {{result must be the input's struct type}}
  %0 = "hw.struct_inject"(%s, %v) {fieldIndex = 0 : i32} : (!hw.struct<a: i8>, i8) -> !hw.struct<b: i8>
}

// -----

hw.module @m() {
  // expected-error @+1 {{expected an integer of type 'i8'}}
  %0 = hw.aggregate_constant [1 : i4] : !hw.array<1xi8>
}

// -----

hw.module @m() {
  // expected-error @+1 {{expected 2 elements for '!hw.array<2xi8>'}}
  %0 = hw.aggregate_constant [1 : i8] : !hw.array<2xi8>
}

// -----

hw.module @m() {
  // expected-error @+1 {{result must be an array or a struct}}
  %0 = hw.aggregate_constant [1 : i8] : i8
}

