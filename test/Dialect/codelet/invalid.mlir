// Every error of the codelet verifier: surrogates, locals and placements,
// loops, slices, transfers and computes; with the Fig. 3.8 machine (and an island), the
// checks against the ACG (nodes, capabilities at a width, edges).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --acg=%S/Inputs/invalid.acg

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the surrogate is placed on 'MEM9', which the ACG does not have}}
    %a = codelet.inp %A : memref<12xi16, "MEM9">
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the surrogate is placed on 'PE1', which is not a storage node}}
    %a = codelet.inp %A : memref<12xi16, "PE1">
  }
  return
}

// -----

func.func @f(%A: memref<?xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a surrogate must be a memref of static shape with 1 to 8 dimensions and no layout}}
    %a = codelet.inp %A : memref<?xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a surrogate has a memory space that is not an ACG node name}}
    %a = codelet.inp %A : memref<12xi16, 3>
  }
  return
}

// -----

// expected-error @+1 {{target '@nowhere' is not an acg.graph at the top of the module}}
codelet.cdlt "x" target @nowhere {
}

// -----

func.func @f(%A: memref<12xi16>) {
  // expected-error @+1 {{must be directly inside a codelet.cdlt}}
  %a = codelet.inp %A : memref<12xi16>
  return
}

// -----

func.func @f(%A: memref<12xi32>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the layer operand must have the surrogate's shape and element type and no memory space}}
    %a = "codelet.inp"(%A) : (memref<12xi32>) -> memref<12xi16>
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the fill value must have the element type of the local}}
    %l = "codelet.local"() {fill = 0 : i32} : () -> memref<4xi16>
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{a placement needs both `base` (1 to 4 addresses) and `layout`}}
    %l = codelet.local {base = array<i64: 0>} : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the layout must map the 1 indices of the surrogate to (entry, bank)}}
    %l = codelet.local {base = array<i64: 0>, layout = affine_map<(d0) -> (d0)>} : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{a placement needs a surrogate on a node}}
    %l = codelet.local {base = array<i64: 0>, layout = affine_map<(d0) -> (d0, 0)>} : memref<4xi16>
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the layout cannot be evaluated}}
    %l = codelet.local {base = array<i64: 0>, layout = affine_map<(d0) -> (d0 floordiv 0, 0)>} : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the layout puts an element at entry 0, bank 1 of 'MEM2', which has 1 banks}}
    %l = codelet.local {base = array<i64: 0>, layout = affine_map<(d0) -> (0, d0)>} : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{copy 1 at element 18 of 'MEM2' does not fit: it needs elements up to 21 of 20 (and starts on an entry)}}
    %l = codelet.local {base = array<i64: 0, 18>, layout = affine_map<(d0) -> (d0, 0)>} : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the body must have one block with one index argument}}
    "codelet.loop"() ({
      "codelet.yield"() : () -> ()
    }) {lb = 0, ub = 4, step = 1} : () -> ()
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the loop variable must be an index}}
    "codelet.loop"() ({
    ^bb0(%i: i32):
      "codelet.yield"() : () -> ()
    }) {lb = 0, ub = 4, step = 1} : () -> ()
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the step must be positive}}
    codelet.loop %i = 0 to 4 step 0 {
    }
  }
  return
}

// -----

func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{the lower bound must not be negative}}
    codelet.loop %i = -1 to 4 {
    }
  }
  return
}

// -----

func.func @f(%n: index) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a loop bound that is not a constant must be a codelet.param}}
    codelet.loop %i = 0 to %n {
    }
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the source: its offsets must be an affine map and its sizes an array<i64>}}
    %t = "codelet.transfer"(%A) {maps = [1], sizes = array<i64: 1>} : (memref<12xi16>) -> memref<1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the source has 2 offsets for a surrogate of 1 dimensions (and 0 index operands)}}
    %t = "codelet.transfer"(%A) {maps = [affine_map<() -> (0, 0)>], sizes = array<i64: 1>} : (memref<12xi16>) -> memref<1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the source has 2 sizes for a surrogate of 1 dimensions}}
    %t = "codelet.transfer"(%A) {maps = [affine_map<() -> (0)>], sizes = array<i64: 1, 1>} : (memref<12xi16>) -> memref<1x1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>, %i: i32) {
  codelet.cdlt "x" {
    // expected-error @+1 {{index operand #0 is not an index}}
    %t = "codelet.transfer"(%A, %i) {maps = [affine_map<(d0) -> (d0)>], sizes = array<i64: 1>} : (memref<12xi16>, i32) -> memref<1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the source: size 13 of dimension 0 is not within 1..12}}
    %t = codelet.transfer %A[0][13] : memref<12xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    codelet.loop %i = 0 to 12 step 4 {
      // expected-error @+1 {{the source reaches elements 1..13 of dimension 0, which has 12}}
      %t = codelet.transfer %A[%i + 1][5] : memref<12xi16>
    }
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>, %B: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a transfer that defines a surrogate has one slice, a transfer into one two}}
    %t = "codelet.transfer"(%A, %B) {maps = [affine_map<() -> (0)>, affine_map<() -> (0)>], sizes = array<i64: 1>} : (memref<12xi16>, memref<12xi16>) -> memref<1xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>, %B: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a transfer into a surrogate goes where that surrogate is: it takes no `to`}}
    "codelet.transfer"(%A, %B) {maps = [affine_map<() -> (0)>, affine_map<() -> (0)>], sizes = array<i64: 1>, to = "MEM2"} : (memref<12xi16>, memref<12xi16>) -> ()
  }
  return
}

// -----

func.func @f(%A: memref<12xf32>, %B: memref<12xi32>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{source and destination have different element types (only integers convert)}}
    codelet.transfer %A[0][1] : memref<12xf32> into %B[0] : memref<12xi32>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the result must be a surrogate of the slice's sizes on 'MEM2'}}
    %t = "codelet.transfer"(%A) {maps = [affine_map<() -> (0)>], sizes = array<i64: 2>, to = "MEM2"} : (memref<12xi16>) -> memref<2xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<12xi16, "MEM1">
    // expected-error @+1 {{a transfer from 'MEM1' to 'MEM3' along no ACG edge}}
    %t = codelet.transfer %a[0][2] : memref<12xi16, "MEM1"> to "MEM3"
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{unknown capability 'FROB'}}
    codelet.compute "FROB" %A[0][1] : memref<4xi16> = %A[0][1] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{'ADD' takes 2 inputs, not 1}}
    codelet.compute "ADD" %A[0][1] : memref<4xi16> = %A[0][1] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{codelet computes work on integers}}
    codelet.compute "RELU" %A[0][1] : memref<4xf32> = %A[0][1] : memref<4xf32>
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{'ADD' works element by element: input 1 has 2 elements, the output 4}}
    codelet.compute "ADD" %A[0][4] : memref<4xi16> = %A[0][4] : memref<4xi16>, %A[0][2] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<2x4xi8>, %B: memref<3x5xi8>, %C: memref<2x5xi32>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{'GEMM' multiplies a 2x4 slice by a 3x5 one into a 2x5 one (the last dimension of each slice is its columns)}}
    codelet.compute "GEMM" %C[0, 0][2, 5] : memref<2x5xi32> = %A[0, 0][2, 4] : memref<2x4xi8>, %B[0, 0][3, 5] : memref<3x5xi8>, %C[0, 0][2, 5] : memref<2x5xi32>
  }
  return
}

// -----

func.func @f(%A: memref<2x4xi16>, %B: memref<3xi16>, %C: memref<2xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{'MVMUL' multiplies a 2x4 slice by 3 elements into 2}}
    codelet.compute "MVMUL" %C[0][2] : memref<2xi16> = %A[0, 0][2, 4] : memref<2x4xi16>, %B[0][3] : memref<3xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi16, "MEM2">
    // expected-error @+1 {{'MEM2' is not a compute node of the ACG}}
    codelet.compute "MEM2" "ADD" %a[0][1] : memref<4xi16, "MEM2"> = %a[0][1] : memref<4xi16, "MEM2">, %a[0][1] : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi16, "MEM2">
    // expected-error @+1 {{'PE1' has no capability 'MUL'}}
    codelet.compute "PE1" "MUL" %a[0][1] : memref<4xi16, "MEM2"> = %a[0][1] : memref<4xi16, "MEM2">, %a[0][1] : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi16, "MEM2">
    // expected-error @+1 {{no 'ADD' capability of 'PE1' takes these slices (output 2 x i16): types or widths differ}}
    codelet.compute "PE1" "ADD" %a[0][2] : memref<4xi16, "MEM2"> = %a[0][2] : memref<4xi16, "MEM2">, %a[0][2] : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi16, "MEM1">
    // expected-error @+1 {{an input comes from 'MEM1' to 'PE1' along no ACG edge}}
    codelet.compute "PE1" "ADD" %a[0][1] : memref<4xi16, "MEM1"> = %a[0][1] : memref<4xi16, "MEM1">, %a[0][1] : memref<4xi16, "MEM1">
  }
  return
}

// -----

func.func @f(%A: memref<4xi16>, %C: memref<4xi16>) {
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi16, "MEM2">
    %c = codelet.out %C : memref<4xi16, "MEM2">
    // expected-error @+1 {{the output goes from 'PE2' to 'MEM2' along no ACG edge}}
    codelet.compute "PE2" "ADD" %c[0][2] : memref<4xi16, "MEM2"> = %a[0][2] : memref<4xi16, "MEM2">, %a[0][2] : memref<4xi16, "MEM2">
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>, %B: memref<4x4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{a permutation has at most 8 dimensions}}
    "codelet.transfer"(%A, %B) {maps = [affine_map<() -> (0, 0)>, affine_map<() -> (0, 0)>], sizes = array<i64: 4, 4>, perm = array<i64: 0, 1, -1, -1, -1, -1, -1, -1, -1>} : (memref<4x4xi16>, memref<4x4xi16>) -> ()
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>, %B: memref<4x4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the permutation names dimension 3 of a slice of 2}}
    "codelet.transfer"(%A, %B) {maps = [affine_map<() -> (0, 0)>, affine_map<() -> (0, 0)>], sizes = array<i64: 4, 4>, perm = array<i64: 0, 3>} : (memref<4x4xi16>, memref<4x4xi16>) -> ()
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>, %B: memref<4x4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the permutation takes source dimension 0 twice}}
    codelet.transfer %A[0, 0][4, 4] : memref<4x4xi16> perm [0, 0] into %B[0, 0] : memref<4x4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<4x4xi16>, %B: memref<4xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{the permutation drops source dimension 0, which has 4 elements}}
    codelet.transfer %A[0, 0][4, 4] : memref<4x4xi16> perm [1] into %B[0] : memref<4xi16>
  }
  return
}

// -----

func.func @f(%A: memref<12xi16>, %B: memref<12xi16>) {
  codelet.cdlt "x" {
    // expected-error @+1 {{`pad_value` belongs to a padded transfer (`pad`)}}
    "codelet.transfer"(%A, %B) {maps = [affine_map<() -> (0)>, affine_map<() -> (0)>], sizes = array<i64: 1>, pad_value = 3} : (memref<12xi16>, memref<12xi16>) -> ()
  }
  return
}
