// hw.module, hw.output and hw.instance verifier and parser errors.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected 'in' or 'out' before a port}}
hw.module @m(inout %a : i1) {}

// -----

// expected-error @+1 {{port 'a' has type 'f32', which is not a hardware type}}
hw.module @m(in %a : f32) {}

// -----

// expected-error @+1 {{port name 'a' is used twice}}
hw.module @m(in %a : i1, out a : i1) {
  hw.output %a : i1
}

// -----

// expected-error @+1 {{requires attribute 'module_type' to be a module type}}
"hw.module"() ({
^bb0:
  hw.output
}) {sym_name = "m", module_type = i32} : () -> ()

// -----

// expected-error @+1 {{must have an empty body}}
"hw.module.extern"() ({
^bb0:
}) {sym_name = "m", module_type = !hw.modty<>} : () -> ()

// -----

// expected-error @+1 {{body has 0 arguments, but the module has 1 input ports}}
"hw.module"() ({
^bb0:
  hw.output
}) {sym_name = "m", module_type = !hw.modty<input a : i1>} : () -> ()

// -----

// expected-error @+1 {{type of body argument 0 does not match input port 'a'}}
"hw.module"() ({
^bb0(%x: i2):
  hw.output
}) {sym_name = "m", module_type = !hw.modty<input a : i1>} : () -> ()

// -----

hw.module @m(in %a : i1, out r : i1, out s : i1) {
  // expected-error @+1 {{has 1 operands, but the module has 2 output ports}}
  hw.output %a : i1
}

// -----

hw.module @m(in %a : i1, out r : i2) {
  // expected-error @+1 {{operand 0 does not match the type of output port 'r'}}
  hw.output %a : i1
}

// -----

// expected-error @+1 {{parameter 0 must be a dictionary with a string 'name' and a type 'type'}}
"hw.module"() ({
^bb0:
  hw.output
}) {sym_name = "m", module_type = !hw.modty<>, parameters = [1]} : () -> ()

// -----

// expected-error @+1 {{parameter 'p' has a value of another type than its own}}
"hw.module"() ({
^bb0:
  hw.output
}) {sym_name = "m", module_type = !hw.modty<>, parameters = [{name = "p", type = i32, value = 1 : i8}]} : () -> ()

// -----

// expected-error @+1 {{must have a body}}
"hw.module"() ({}) {sym_name = "m", module_type = !hw.modty<>} : () -> ()
