// Every error the math dialect reports: its custom form's operand list, and
// the table's constraints (float-like or integer-like operands of one type,
// the fastmath attribute's kind) in MLIR's words.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: f32) {
  // expected-error @+1 {{expected at most 3 operands}}
  %0 = math.fma %a, %a, %a, %a : f32
  return
}

// -----

func.func @f(%i: i32) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.sqrt %i : i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctlz %a : f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'math.powf' op expected 2 operands, but found 1}}
  %0 = math.powf %a : f32
  return
}

// -----

func.func @f(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.copysign' op requires the same type for all operands and results}}
  %0 = "math.copysign"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'math.exp' op attribute 'fastmath' failed to satisfy constraint: floating point fast math flags}}
  %0 = "math.exp"(%a) {fastmath = #arith.overflow<nsw>} : (f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{expected '<'}}
  %0 = math.exp %a fastmath : f32
  return
}
