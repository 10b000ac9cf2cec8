// The layer ops compute what independent affine loop nests compute
// (Inputs/layers-affine.mlir), on random inputs, and so do the codelets
// codelet-expand makes of them.
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=gemm | FileCheck %s --check-prefix=GEMM
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=conv | FileCheck %s --check-prefix=CONV
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=depthwise | FileCheck %s --check-prefix=DW
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=pools | FileCheck %s --check-prefix=POOL
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=eltwise | FileCheck %s --check-prefix=ELT
// RUN: strata-tv %S/Inputs/layers-affine.mlir %s --entry=andi | FileCheck %s --check-prefix=AND
// RUN: strata-opt %s --codelet-expand -o %t.mlir
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=gemm --max-steps=10000000 | FileCheck %s --check-prefix=GEMM
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=conv --max-steps=10000000 | FileCheck %s --check-prefix=CONV
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=depthwise --max-steps=10000000 | FileCheck %s --check-prefix=DW
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=pools --max-steps=10000000 | FileCheck %s --check-prefix=POOL
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=eltwise --max-steps=10000000 | FileCheck %s --check-prefix=ELT
// RUN: strata-tv %S/Inputs/layers-affine.mlir %t.mlir --entry=andi --max-steps=10000000 | FileCheck %s --check-prefix=AND
// GEMM: @gemm: 64 inputs agree
// CONV: @conv: 64 inputs agree
// DW: @depthwise: 64 inputs agree
// POOL: @pools: 64 inputs agree
// ELT: @eltwise: 64 inputs agree
// AND: @andi: 64 inputs agree

func.func @gemm(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  codelet.gemm %A, %B, %C : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}

// The weights in (k, r, s, c) order, as Halide's conv layer has them.
func.func @conv(%I: memref<6x6x3xi8>, %W: memref<4x3x3x3xi8>, %O: memref<3x3x4xi32>) {
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>, weights_dims = array<i64: 1, 2, 3, 0>} : memref<6x6x3xi8>, memref<4x3x3x3xi8>, memref<3x3x4xi32>
  return
}

func.func @depthwise(%I: memref<6x6x3xi8>, %D: memref<3x3x3xi8>, %E: memref<4x4x3xi32>) {
  codelet.depthwise %I, %D, %E : memref<6x6x3xi8>, memref<3x3x3xi8>, memref<4x4x3xi32>
  return
}

func.func @pools(%I: memref<5x4x2xi16>, %M: memref<3x2x2xi16>, %V: memref<3x2x2xi16>) {
  codelet.pool max %I, %M {window = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0>} : memref<5x4x2xi16>, memref<3x2x2xi16>
  codelet.pool avg %I, %V {window = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0>} : memref<5x4x2xi16>, memref<3x2x2xi16>
  return
}

func.func @eltwise(%A: memref<2x3xi32>, %B: memref<2x3xi32>, %C: memref<2x3xi32>, %Q: memref<2x3xi8>) {
  codelet.eltwise add %A, %B, %C : memref<2x3xi32>, memref<2x3xi32>, memref<2x3xi32>
  codelet.eltwise relu %C, %C : memref<2x3xi32>, memref<2x3xi32>
  codelet.eltwise shrsi %C, %C {imm = 3} : memref<2x3xi32>, memref<2x3xi32>
  codelet.requant %C, %Q {scale = 5, shift = 4, zero_point = -2} : memref<2x3xi32>, memref<2x3xi8>
  return
}

// A mask of an i8 tensor (read sign-extended) into i16: its zero extension.
func.func @andi(%A: memref<2x3xi8>, %Z: memref<2x3xi16>) {
  codelet.eltwise andi %A, %Z {imm = 255} : memref<2x3xi8>, memref<2x3xi16>
  return
}
