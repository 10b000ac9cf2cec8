// Small layers of every shape the array path has: a GEMM whose sizes are
// no multiple of the array, a matrix-vector product, a strided padded
// convolution of few channels, a 1x1 strided one, one that accumulates
// into its output, and two layers writing one output in turn (the second
// accumulating onto the first's result in DRAM).  Outputs narrower than
// the array's i32 sums (the sums wrap at the output's width, as a
// program's 16-bit arithmetic does): a GEMM into i16 whose sums overflow
// 16 bits, one accumulating into i16, a convolution into i8.  GEMMs on
// operands the array does not take run on the SIMD unit: i32 with sums
// wrapping at 32 bits and N no multiple of the lanes, a dot product
// (1 x 64 times 64 x 1), i16 inputs accumulating into i32; so do
// convolutions: i32, strided and padded, with output channels no multiple
// of the lanes, and one on i16 inputs accumulating into i32.
func.func @gemm(%A: memref<19x37xi8>, %B: memref<37x21xi8>, %C: memref<19x21xi32>) {
  codelet.gemm %A, %B, %C : memref<19x37xi8>, memref<37x21xi8>, memref<19x21xi32>
  return
}

func.func @gemv(%A: memref<1x70xi8>, %B: memref<70x33xi8>, %C: memref<1x33xi32>) {
  codelet.gemm %A, %B, %C : memref<1x70xi8>, memref<70x33xi8>, memref<1x33xi32>
  return
}

func.func @conv(%I: memref<1x15x15x3xi8>, %W: memref<3x3x3x20xi8>, %O: memref<1x8x8x20xi32>) {
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x15x15x3xi8>, memref<3x3x3x20xi8>, memref<1x8x8x20xi32>
  return
}

func.func @down(%I: memref<1x8x8x40xi8>, %W: memref<1x1x40x24xi8>, %O: memref<1x4x4x24xi32>) {
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>} : memref<1x8x8x40xi8>, memref<1x1x40x24xi8>, memref<1x4x4x24xi32>
  return
}

func.func @acc(%A: memref<6x18xi8>, %B: memref<18x5xi8>, %C: memref<6x5xi32>) {
  codelet.gemm %A, %B, %C {accumulate} : memref<6x18xi8>, memref<18x5xi8>, memref<6x5xi32>
  return
}

func.func @chain(%A: memref<12x30xi8>, %B: memref<30x10xi8>, %C: memref<12x10xi32>) {
  codelet.gemm %A, %B, %C : memref<12x30xi8>, memref<30x10xi8>, memref<12x10xi32>
  codelet.gemm %A, %B, %C {accumulate} : memref<12x30xi8>, memref<30x10xi8>, memref<12x10xi32>
  return
}

func.func @gemm16(%A: memref<19x37xi8>, %B: memref<37x21xi8>, %C: memref<19x21xi16>) {
  codelet.gemm %A, %B, %C : memref<19x37xi8>, memref<37x21xi8>, memref<19x21xi16>
  return
}

func.func @acc16(%A: memref<6x18xi8>, %B: memref<18x5xi8>, %C: memref<6x5xi16>) {
  codelet.gemm %A, %B, %C {accumulate} : memref<6x18xi8>, memref<18x5xi8>, memref<6x5xi16>
  return
}

func.func @conv8(%I: memref<1x9x9x5xi8>, %W: memref<3x3x5x7xi8>, %O: memref<1x9x9x7xi8>) {
  codelet.conv2d %I, %W, %O {pads = array<i64: 1, 1>} : memref<1x9x9x5xi8>, memref<3x3x5x7xi8>, memref<1x9x9x7xi8>
  return
}

func.func @gemm32(%A: memref<5x37xi32>, %B: memref<37x21xi32>, %C: memref<5x21xi32>) {
  codelet.gemm %A, %B, %C : memref<5x37xi32>, memref<37x21xi32>, memref<5x21xi32>
  return
}

func.func @dot(%A: memref<1x64xi32>, %B: memref<64x1xi32>, %C: memref<1x1xi32>) {
  codelet.gemm %A, %B, %C : memref<1x64xi32>, memref<64x1xi32>, memref<1x1xi32>
  return
}

func.func @acc16in(%A: memref<3x9xi16>, %B: memref<9x20xi16>, %C: memref<3x20xi32>) {
  codelet.gemm %A, %B, %C {accumulate} : memref<3x9xi16>, memref<9x20xi16>, memref<3x20xi32>
  return
}

func.func @conv32(%I: memref<1x9x9x5xi32>, %W: memref<3x3x5x20xi32>, %O: memref<1x5x5x20xi32>) {
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x9x9x5xi32>, memref<3x3x5x20xi32>, memref<1x5x5x20xi32>
  return
}

func.func @convacc16in(%I: memref<1x6x6x3xi16>, %W: memref<3x3x3x4xi16>, %O: memref<1x4x4x4xi32>) {
  codelet.conv2d %I, %W, %O {accumulate} : memref<1x6x6x3xi16>, memref<3x3x3x4xi16>, memref<1x4x4x4xi32>
  return
}
