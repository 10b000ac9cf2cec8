// Small layers of every kind the SIMD unit runs: element-wise operations
// on tensors of mixed widths (an immediate, in place), requantisation with
// and without rounding, max and average pooling with strides and padding
// (channels last and, through roles, first), depthwise convolutions (one
// accumulating), and a GEMM whose result is requantised and rectified on
// the SIMD unit in the same program.
func.func @add(%A: memref<3x37xi8>, %B: memref<3x37xi16>, %C: memref<3x37xi32>) {
  codelet.eltwise add %A, %B, %C : memref<3x37xi8>, memref<3x37xi16>, memref<3x37xi32>
  return
}

func.func @ops(%A: memref<2x5x20xi32>, %B: memref<2x5x20xi32>, %C: memref<2x5x20xi32>, %D: memref<2x5x20xi16>) {
  codelet.eltwise sub %A, %B, %C : memref<2x5x20xi32>, memref<2x5x20xi32>, memref<2x5x20xi32>
  codelet.eltwise mul %C, %A, %C : memref<2x5x20xi32>, memref<2x5x20xi32>, memref<2x5x20xi32>
  codelet.eltwise max %C, %B, %C : memref<2x5x20xi32>, memref<2x5x20xi32>, memref<2x5x20xi32>
  codelet.eltwise min %C, %A, %D : memref<2x5x20xi32>, memref<2x5x20xi32>, memref<2x5x20xi16>
  return
}

func.func @imm(%A: memref<40xi32>, %B: memref<40xi32>, %C: memref<40xi8>) {
  codelet.eltwise shrsi %A, %B {imm = 3} : memref<40xi32>, memref<40xi32>
  codelet.eltwise shli %B, %B {imm = 2} : memref<40xi32>, memref<40xi32>
  codelet.eltwise sub %B, %B {imm = -7} : memref<40xi32>, memref<40xi32>
  codelet.eltwise relu %B, %C : memref<40xi32>, memref<40xi8>
  return
}

func.func @requant(%X: memref<4x33xi32>, %Q: memref<4x33xi8>, %R: memref<4x33xi16>) {
  codelet.requant %X, %Q {scale = 77, shift = 9, zero_point = -3} : memref<4x33xi32>, memref<4x33xi8>
  codelet.requant %X, %R {scale = 3, shift = 0} : memref<4x33xi32>, memref<4x33xi16>
  return
}

func.func @maxpool(%I: memref<1x9x9x20xi8>, %O: memref<1x5x5x20xi8>) {
  codelet.pool max %I, %O {window = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x9x9x20xi8>, memref<1x5x5x20xi8>
  return
}

func.func @avgpool(%I: memref<7x6x18xi16>, %O: memref<4x3x18xi16>) {
  codelet.pool avg %I, %O {window = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0>} : memref<7x6x18xi16>, memref<4x3x18xi16>
  return
}

func.func @chanfirst(%I: memref<3x8x8xi8>, %O: memref<3x4x4xi8>) {
  codelet.pool max %I, %O {window = array<i64: 2, 2>, strides = array<i64: 2, 2>, input_dims = array<i64: -1, 1, 2, 0>, output_dims = array<i64: -1, 1, 2, 0>} : memref<3x8x8xi8>, memref<3x4x4xi8>
  return
}

func.func @depthwise(%I: memref<1x10x10x24xi8>, %W: memref<3x3x24xi8>, %O: memref<1x5x5x24xi32>) {
  codelet.depthwise %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x10x10x24xi8>, memref<3x3x24xi8>, memref<1x5x5x24xi32>
  return
}

func.func @dwacc(%I: memref<6x6x7xi8>, %W: memref<3x3x7xi8>, %O: memref<4x4x7xi32>) {
  codelet.depthwise %I, %W, %O {accumulate} : memref<6x6x7xi8>, memref<3x3x7xi8>, memref<4x4x7xi32>
  return
}

func.func @fc(%A: memref<5x40xi8>, %B: memref<40x24xi8>, %C: memref<5x24xi32>, %Q: memref<5x24xi8>) {
  codelet.gemm %A, %B, %C : memref<5x40xi8>, memref<40x24xi8>, memref<5x24xi32>
  codelet.requant %C, %Q {scale = 5, shift = 6} : memref<5x24xi32>, memref<5x24xi8>
  codelet.eltwise relu %Q, %Q : memref<5x24xi8>, memref<5x24xi8>
  return
}
