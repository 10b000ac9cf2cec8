// Every error of the layer ops' verifier, and the one of codelet-expand.
// RUN: strata-opt %s --split-input-file --verify-diagnostics
// RUN: strata-opt %s --split-input-file --verify-diagnostics --codelet-expand

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{`a_dims` needs 2 entries (one per canonical dimension)}}
  codelet.gemm %A, %B, %C {a_dims = array<i64: 0>} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<1x4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{operand 0 has 3 dimensions, more than the layer's 2}}
  codelet.gemm %A, %B, %C : memref<1x4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{`a_dims` names dimension 2 of an operand with 2}}
  codelet.gemm %A, %B, %C {a_dims = array<i64: 0, 2>} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{`a_dims` gives dimension 0 two roles}}
  codelet.gemm %A, %B, %C {a_dims = array<i64: 0, 0>} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{`a_dims` leaves a dimension of operand 0 without a role}}
  codelet.gemm %A, %B, %C {a_dims = array<i64: 0, -1>} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<7x5xi8>, %C: memref<4x5xi32>) {
  // expected-error @+1 {{the inner dimensions (k) of A and B differ: 8 and 7}}
  codelet.gemm %A, %B, %C : memref<4x8xi8>, memref<7x5xi8>, memref<4x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<?x5xi32>) {
  // expected-error @+1 {{operand 2 must be a memref of static shape, at most 4 dimensions, no layout}}
  codelet.gemm %A, %B, %C : memref<4x8xi8>, memref<8x5xi8>, memref<?x5xi32>
  return
}

// -----

func.func @f(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi64>) {
  // expected-error @+1 {{layers work on integers of up to 32 bits (operand 2)}}
  codelet.gemm %A, %B, %C : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi64>
  return
}

// -----

func.func @f(%I: memref<6x6x3xi8>, %W: memref<3x3x3x4xi8>, %O: memref<4x4x4xi32>) {
  // expected-error @+1 {{strides must be positive}}
  codelet.conv2d %I, %W, %O {strides = array<i64: 0, 1>} : memref<6x6x3xi8>, memref<3x3x3x4xi8>, memref<4x4x4xi32>
  return
}

// -----

func.func @f(%I: memref<6x6x3xi8>, %W: memref<3x3x3x4xi8>, %O: memref<4x4x4xi32>) {
  // expected-error @+1 {{pads must not be negative}}
  codelet.conv2d %I, %W, %O {pads = array<i64: -1, 0>} : memref<6x6x3xi8>, memref<3x3x3x4xi8>, memref<4x4x4xi32>
  return
}

// -----

func.func @f(%I: memref<6x6x3xi8>, %O: memref<3x3x3xi8>) {
  // expected-error @+1 {{the window must be positive}}
  codelet.pool max %I, %O {window = array<i64: 0, 2>} : memref<6x6x3xi8>, memref<3x3x3xi8>
  return
}

// -----

func.func @f(%I: memref<6x6x3xi8>, %O: memref<3x3x3xi16>) {
  // expected-error @+1 {{pooling keeps the element type}}
  codelet.pool max %I, %O {window = array<i64: 2, 2>} : memref<6x6x3xi8>, memref<3x3x3xi16>
  return
}

// -----

func.func @f(%I: memref<6x6x3xi8>, %O: memref<3x3x4xi8>) {
  // expected-error @+1 {{the channels (c) of input and output differ: 3 and 4}}
  codelet.pool max %I, %O {window = array<i64: 2, 2>} : memref<6x6x3xi8>, memref<3x3x4xi8>
  return
}

// -----

func.func @f(%A: memref<4xi32>) {
  // expected-error @+1 {{relu takes no immediate}}
  codelet.eltwise relu %A, %A {imm = 1} : memref<4xi32>, memref<4xi32>
  return
}

// -----

func.func @f(%A: memref<4xi32>) {
  // expected-error @+1 {{'add' takes 3 operands here (the output last), not 2}}
  codelet.eltwise add %A, %A : memref<4xi32>, memref<4xi32>
  return
}

// -----

func.func @f(%A: memref<4xi32>, %B: memref<5xi32>) {
  // expected-error @+1 {{element-wise operands must have one shape}}
  codelet.eltwise add %A, %B, %A : memref<4xi32>, memref<5xi32>, memref<4xi32>
  return
}

// -----

func.func @f(%A: memref<4xi32>, %B: memref<5xi8>) {
  // expected-error @+1 {{input and output must have one shape}}
  codelet.requant %A, %B {scale = 1, shift = 0} : memref<4xi32>, memref<5xi8>
  return
}

// -----

func.func @f(%A: memref<4xi32>, %B: memref<4xi8>) {
  // expected-error @+1 {{the shift must be within 0..31}}
  codelet.requant %A, %B {scale = 1, shift = 32} : memref<4xi32>, memref<4xi8>
  return
}
