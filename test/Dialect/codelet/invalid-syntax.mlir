// Every error of the codelet ops' custom syntax.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<12xi16>
    codelet.loop %i = 0 to 12 {
      // expected-error @+1 {{codelet offsets take no symbols}}
      %t = codelet.transfer %a[symbol(%i)][1] : memref<12xi16>
    }
  }
  return
}

// -----

func.func @f(%A: memref<1x1x1x1x1x1x1x1x1xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a slice has at most 8 dimensions}}
    %t = codelet.transfer %A[0, 0, 0, 0, 0, 0, 0, 0, 0][1, 1, 1, 1, 1, 1, 1, 1, 1] : memref<1x1x1x1x1x1x1x1x1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<1x1xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{at most 8 sizes}}
    %t = codelet.transfer %A[0, 0][1, 1, 1, 1, 1, 1, 1, 1, 1] : memref<1x1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{1 sizes for 2 offsets}}
    %t = codelet.transfer %A[0, 0][4] : memref<4x4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>, %B: memref<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the destination has 2 sizes for a surrogate of 1 dimensions}}
    codelet.transfer %A[0, 0][1, 4] : memref<4x4xi16> into %B[0] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: tensor<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a surrogate is a memref}}
    %t = codelet.transfer %A[0][4] : tensor<4xi16>
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{a local is filled with an integer of its element type}}
    %t = codelet.local 3 : memref<4xf32>
  }
  return
}

// -----

func.func @f(%A: memref<4xi32>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a compute has at most 8 operands}}
    codelet.compute "ADD" %A[0][1] : memref<4xi32> = %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>, %A[0][1] : memref<4xi32>
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>, %i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %i5: index, %i6: index, %i7: index, %i8: index, %i9: index, %i10: index, %i11: index, %i12: index, %i13: index, %i14: index, %i15: index, %i16: index, %i17: index, %i18: index, %i19: index, %i20: index, %i21: index, %i22: index, %i23: index, %i24: index, %i25: index, %i26: index, %i27: index, %i28: index, %i29: index, %i30: index, %i31: index, %i32: index) {
  codelet.cdlt "x" {
    // expected-error @+1 {{an op's offsets use at most 32 loop variables}}
    %t = codelet.transfer %A[%i0 + %i1 + %i2 + %i3 + %i4 + %i5 + %i6 + %i7 + %i8 + %i9 + %i10 + %i11 + %i12 + %i13 + %i14 + %i15 + %i16 + %i17 + %i18 + %i19 + %i20 + %i21 + %i22 + %i23 + %i24 + %i25 + %i26 + %i27 + %i28 + %i29 + %i30 + %i31 + %i32][1] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the permutation names dimension 2 of a slice of 2}}
    %t = codelet.transfer %A[0, 0][4, 4] : memref<4x4xi16> perm [1, 2]
  }
  return
}
