// The dialect's own errors, each at the place it is about.
// RUN: %mod-opt --split-input-file --verify-diagnostics %s

func.func @f() {
  // expected-error @+1 {{residue 7 is not below the modulus 7}}
  %c = mod.constant #mod.residue<7> : !mod.int<7>
  return
}

// -----

// expected-error @+1 {{modulus must be between 2 and 4294967296, got 1}}
func.func @f(%x: !mod.int<1>) {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{a residue is not negative, got -1}}
  %c = mod.constant #mod.residue<-1> : !mod.int<7>
  return
}

// -----

func.func @f(%a: !mod.int<7>, %b: !mod.int<5>) {
  // expected-error @+1 {{'mod.add' op requires the same type for all operands and results}}
  %s = "mod.add"(%a, %b) : (!mod.int<7>, !mod.int<5>) -> !mod.int<7>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer, but got 'i32'}}
  %x = "mod.from_int"(%a) : (i32) -> !mod.int<7>
  return
}
