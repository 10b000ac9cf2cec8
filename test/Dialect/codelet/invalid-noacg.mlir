// The verifier's errors that need no ACG in the module, or none at all.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the surrogate is placed on 'MEM1' but the codelet has no ACG: give it a target or put one acg.graph in the module}}
    %a = codelet.inp %A : memref<12xi16, "MEM1">
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>, %i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %i5: index, %i6: index, %i7: index, %i8: index, %i9: index, %i10: index, %i11: index, %i12: index, %i13: index, %i14: index, %i15: index, %i16: index, %i17: index, %i18: index, %i19: index, %i20: index, %i21: index, %i22: index, %i23: index, %i24: index, %i25: index, %i26: index, %i27: index, %i28: index, %i29: index, %i30: index, %i31: index, %i32: index) {
  codelet.cdlt "x" {
    // expected-error @+1 {{at most 32 index operands}}
    %t = "codelet.transfer"(%A, %i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8, %i9, %i10, %i11, %i12, %i13, %i14, %i15, %i16, %i17, %i18, %i19, %i20, %i21, %i22, %i23, %i24, %i25, %i26, %i27, %i28, %i29, %i30, %i31, %i32) {maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32) -> (0)>], sizes = array<i64: 1>} : (memref<12xi16>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> memref<1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the result must be a surrogate of the slice's sizes with no memory space}}
    %t = "codelet.transfer"(%A) {maps = [affine_map<() -> (0)>], sizes = array<i64: 2>} : (memref<12xi16>) -> memref<3xi16>
  }
  return
}
