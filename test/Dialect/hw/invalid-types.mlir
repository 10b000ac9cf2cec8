// Errors in hw's type syntax.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected a non-negative size}}
hw.module @m(in %a : !hw.array<-1xi8>) {}

// -----

// expected-error @+1 {{expected 'x' after the size}}
hw.module @m(in %a : !hw.array<4 i8>) {}

// -----

// expected-error @+1 {{array element must be an integer, array or struct type}}
hw.module @m(in %a : !hw.array<4xf32>) {}

// -----

// expected-error @+1 {{duplicate struct field 'a'}}
hw.module @m(in %a : !hw.struct<a: i1, a: i2>) {}

// -----

// expected-error @+1 {{unknown hw type 'vector'}}
hw.module @m(in %a : !hw.vector<4xi8>) {}

// -----

// expected-error @+1 {{expected 'input' or 'output'}}
"hw.module.extern"() ({}) {sym_name = "m", module_type = !hw.modty<inout a : i1>} : () -> ()

// -----

// expected-error @+1 {{more than 64 struct fields}}
hw.module @m(in %a : !hw.struct<f0: i1, f1: i1, f2: i1, f3: i1, f4: i1, f5: i1, f6: i1, f7: i1, f8: i1, f9: i1, f10: i1, f11: i1, f12: i1, f13: i1, f14: i1, f15: i1, f16: i1, f17: i1, f18: i1, f19: i1, f20: i1, f21: i1, f22: i1, f23: i1, f24: i1, f25: i1, f26: i1, f27: i1, f28: i1, f29: i1, f30: i1, f31: i1, f32: i1, f33: i1, f34: i1, f35: i1, f36: i1, f37: i1, f38: i1, f39: i1, f40: i1, f41: i1, f42: i1, f43: i1, f44: i1, f45: i1, f46: i1, f47: i1, f48: i1, f49: i1, f50: i1, f51: i1, f52: i1, f53: i1, f54: i1, f55: i1, f56: i1, f57: i1, f58: i1, f59: i1, f60: i1, f61: i1, f62: i1, f63: i1, f64: i1>) {}
