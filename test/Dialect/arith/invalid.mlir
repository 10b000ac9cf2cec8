// Every error the arith dialect reports: verifier messages (MLIR's wording,
// in MLIR's order of checks) and syntax errors of its custom forms.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// ----------------------------------------------------------- arith.constant

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @constant_signed() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "foo" : i32
  return
}

// -----

func.func @constant_untyped() {
  // expected-error @+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1, 2]} : () -> i32
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_scalable() {
  // expected-error @+1 {{'arith.constant' op initializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

// The error is reported at the token after the attribute (here `loc`).
func.func @constant_not_typed_syntax() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = arith.constant [1, 2] loc(unknown)
  return
}

// ------------------------------------------------------- binary operations

func.func @addi_float(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @addi_signed(%x: si32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.addi"(%x, %x) : (si32, si32) -> si32
  return
}

// -----

func.func @addi_mixed(%a: i16) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (i16, i16) -> i32
  return
}

// -----

func.func @addf_int(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @negf_int(%a: i16) {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i16'}}
  %0 = arith.negf %a : i16
  return
}

// -----

func.func @addui_extended_types(%a: i16) {
  // expected-error @+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i16, i16) -> (i32, i1)
  return
}

// -----

func.func @addui_extended_overflow(%a: i16) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i16'}}
  %0:2 = arith.addui_extended %a, %a : i16, i16
  return
}

// -----

func.func @mulsi_extended_types(%a: i16) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i16, i16) -> (i16, i32)
  return
}

// -----

func.func @mului_extended_types(%a: i16, %b: i8) {
  // expected-error @+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mului_extended"(%a, %b) : (i16, i8) -> (i16, i16)
  return
}

// -------------------------------------------------------------- attributes

func.func @fastmath_not_flags(%x: f32) {
  // expected-error @+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @overflow_not_flags(%a: i16) {
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = #arith.fastmath<fast>} : (i16, i16) -> i16
  return
}

// -----

func.func @rounding_out_of_range(%x: f32) {
  // expected-error @+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%x) {roundingmode = 7 : i32} : (f32) -> f16
  return
}

// -----

func.func @exact_not_unit(%a: i16) {
  // expected-error @+1 {{'arith.divui' op attribute 'isExact' failed to satisfy constraint: unit attribute}}
  %0 = "arith.divui"(%a, %a) {isExact = true} : (i16, i16) -> i16
  return
}

// -----

func.func @fastmath_bad_keyword(%x: f32) {
  // expected-error @+1 {{invalid Floating point fast math flags specification: bogus}}
  %0 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

func.func @fastmath_not_keyword(%x: f32) {
  // expected-error @+1 {{expected keyword for Floating point fast math flags}}
  %0 = arith.addf %x, %x fastmath<1> : f32
  return
}

// -----

func.func @overflow_bad_keyword(%a: i32) {
  // expected-error @+1 {{invalid Integer overflow arith flags specification: fast}}
  %0 = arith.addi %a, %a overflow<fast> : i32
  return
}

// -----

func.func @unknown_arith_attribute(%a: i32) {
  // expected-error @+1 {{unknown attribute `foo` in dialect `arith`}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = #arith.foo<nsw>} : (i32, i32) -> i32
  return
}

// -------------------------------------------------------------------- casts

func.func @extui_narrower(%a: i16) {
  // expected-error @+1 {{result type 'i8' must be wider than operand type 'i16'}}
  %0 = arith.extui %a : i16 to i8
  return
}

// -----

func.func @extsi_same(%v: vector<4xi16>) {
  // expected-error @+1 {{result type 'i16' must be wider than operand type 'i16'}}
  %0 = arith.extsi %v : vector<4xi16> to vector<4xi16>
  return
}

// -----

func.func @extf_narrower(%x: f32) {
  // expected-error @+1 {{result type 'f16' must be wider than operand type 'f32'}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @trunci_wider(%a: i16) {
  // expected-error @+1 {{result type 'i32' must be shorter than operand type 'i16'}}
  %0 = arith.trunci %a : i16 to i32
  return
}

// -----

func.func @truncf_wider(%x: f32) {
  // expected-error @+1 {{result type 'f64' must be shorter than operand type 'f32'}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @truncf_same_width(%x: f16) {
  // expected-error @+1 {{result type 'bf16' must be shorter than operand type 'f16'}}
  %0 = arith.truncf %x : f16 to bf16
  return
}

// -----

func.func @extui_index(%i: index) {
  // expected-error @+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %i : index to i64
  return
}

// -----

func.func @uitofp_float(%x: f32) {
  // expected-error @+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.uitofp %x : f32 to f32
  return
}

// -----

func.func @fptosi_to_float(%x: f32) {
  // expected-error @+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f64'}}
  %0 = arith.fptosi %x : f32 to f64
  return
}

// -----

func.func @ext_shape(%v: vector<4xi16>) {
  // expected-error @+1 {{'arith.extui' op requires the same shape for all operands and results}}
  %0 = arith.extui %v : vector<4xi16> to vector<3xi32>
  return
}

// -----

func.func @ext_scalar_to_vector(%a: i16) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : i16 to vector<4xi32>
  return
}

// -----

func.func @ext_tensor_dims(%t: tensor<?xi16>) {
  // expected-error @+1 {{'arith.extui' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extui %t : tensor<?xi16> to tensor<4xi32>
  return
}

// -----

func.func @cast_encoding(%t: tensor<4xi32, "a">) {
  // expected-error @+1 {{'arith.uitofp' op operand type 'tensor<4xi32, "a">' and result type 'tensor<4xf32>' are cast incompatible}}
  %0 = arith.uitofp %t : tensor<4xi32, "a"> to tensor<4xf32>
  return
}

// -----

func.func @index_cast_int_to_int(%a: i16) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i16' and result type 'i32' are cast incompatible}}
  %0 = arith.index_cast %a : i16 to i32
  return
}

// -----

func.func @index_castui_index_to_index(%i: index) {
  // expected-error @+1 {{'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_castui %i : index to index
  return
}

// -----

func.func @index_cast_float(%x: f32) {
  // expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %x : f32 to index
  return
}

// -----

func.func @bitcast_width(%a: i16) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i16' and result type 'f32' are cast incompatible}}
  %0 = arith.bitcast %a : i16 to f32
  return
}

// -----

func.func @bitcast_index(%i: index) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %i : index to i64
  return
}

// -----

func.func @bitcast_none(%n: none) {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'none'}}
  %0 = arith.bitcast %n : none to i32
  return
}

// -------------------------------------------------------------- comparisons

func.func @cmpi_float(%x: f32) {
  // expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %x, %x : f32
  return
}

// -----

func.func @cmpi_mixed(%a: i16, %b: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i16, i32) -> i1
  return
}

// -----

func.func @cmpi_result_not_bool(%a: i16) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i16'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i16, i16) -> i16
  return
}

// -----

func.func @cmpi_result_shape(%a: i16) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (i16, i16) -> vector<2xi1>
  return
}

// -----

func.func @cmpi_predicate_range(%a: i16) {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10 : i64} : (i16, i16) -> i1
  return
}

// -----

func.func @cmpi_predicate_missing(%a: i16) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i16, i16) -> i1
  return
}

// -----

func.func @cmpi_bad_keyword(%a: i16) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i16
  return
}

// -----

func.func @cmpf_int(%a: i32) {
  // expected-error @+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @cmpf_result_shape(%v: vector<4xf32>) {
  // expected-error @+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%v, %v) {predicate = 1 : i64} : (vector<4xf32>, vector<4xf32>) -> vector<2xi1>
  return
}

// -----

func.func @cmpf_predicate_range(%x: f32) {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%x, %x) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpf_bad_keyword(%x: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf foo, %x, %x : f32
  return
}

// -----

func.func @cmpf_no_keyword(%x: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf %x, %x : f32
  return
}

// ------------------------------------------------------------------ select

func.func @select_condition_not_bool(%a: i16) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i16'}}
  %0 = "arith.select"(%a, %a, %a) : (i16, i16, i16) -> i16
  return
}

// -----

func.func @select_value_types(%c: i1, %a: i16, %x: f32) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %x) : (i1, i16, f32) -> i16
  return
}

// -----

func.func @select_mask_for_scalar(%vc: vector<4xi1>, %a: i16) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%vc, %a, %a) : (vector<4xi1>, i16, i16) -> i16
  return
}

// -----

func.func @select_mask_shape(%vc: vector<3xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %vc, %v, %v : vector<3xi1>, vector<4xf32>
  return
}

// -----

func.func @select_mask_kind(%tc: tensor<4xi1>, %v: vector<4xi16>) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'vector<4xi1>', but got 'tensor<4xi1>'}}
  %0 = "arith.select"(%tc, %v, %v) : (tensor<4xi1>, vector<4xi16>, vector<4xi16>) -> vector<4xi16>
  return
}

// -----

func.func @select_mask_for_memref(%vc: vector<4xi1>, %m: memref<4xf32>) {
  // expected-error @+1 {{'arith.select' op expected condition to be a signless i1, but got 'vector<4xi1>'}}
  %0 = "arith.select"(%vc, %m, %m) : (vector<4xi1>, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  return
}
