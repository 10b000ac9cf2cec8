// hw.instance errors: the module it names, its ports and their names.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{'nope' does not name a hw.module or hw.module.extern}}
  %0 = hw.instance "u" @nope(a: %p: i8) -> (r: i8)
}

// -----

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{has 2 inputs and 1 outputs, but @inner has 1 and 1}}
  %0 = hw.instance "u" @inner(a: %p: i8, b: %p: i8) -> (r: i8)
}

// -----

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{input 0 is named 'b', but the module's port is 'a'}}
  %0 = hw.instance "u" @inner(b: %p: i8) -> (r: i8)
}

// -----

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{output 'r' has another type than the module's port}}
  %0 = hw.instance "u" @inner(a: %p: i8) -> (r: i4)
}

// -----

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{'argNames' must name each of the 1 operands}}
  %0 = "hw.instance"(%p) {instanceName = "u", moduleName = @inner, argNames = [], resultNames = ["r"]} : (i8) -> i8
}

// -----

hw.module @inner(in %a : i8, out r : i8) {
  hw.output %a : i8
}
hw.module @outer(in %p : i8) {
  // expected-error @+1 {{'resultNames' must hold strings}}
  %0 = "hw.instance"(%p) {instanceName = "u", moduleName = @inner, argNames = ["a"], resultNames = [1]} : (i8) -> i8
}
