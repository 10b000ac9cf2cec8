// systolic-map on convolutions: a strided, padded 3x3 convolution of few
// input channels goes output-stationary on the 16x16 array (the output
// pixels take the rows; 8 channels would use half of them
// weight-stationary), one of many channels weight-stationary; the input
// tile is a padded transfer of the window with its halo.  Both run in the
// interpreter as the layers do.
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map | FileCheck %s
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map -o %t.mlir
// RUN: strata-tv %s %t.mlir --entry=few --trials=4 --max-steps=100000000 | FileCheck %s --check-prefix=FEW
// RUN: strata-tv %s %t.mlir --entry=many --trials=4 --max-steps=100000000 | FileCheck %s --check-prefix=MANY
// FEW: @few: 4 inputs agree
// MANY: @many: 4 inputs agree

// CHECK-LABEL: func.func @few
// CHECK: plan = {{{.*}}dataflow = "os"
// CHECK: codelet.transfer %{{.*}} : memref<1x20x20x8xi8, "DRAM"> perm [0, 1, 2, 3] to "IBUF" pad
// CHECK: codelet.compute "SA" "GEMM" {{.*}} {dataflow = "os", row_level = {{[0-9]}} : i64}
func.func @few(%I: memref<1x20x20x8xi8>, %W: memref<3x3x8x16xi8>, %O: memref<1x10x10x16xi32>) {
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x20x20x8xi8>, memref<3x3x8x16xi8>, memref<1x10x10x16xi32>
  return
}

// CHECK-LABEL: func.func @many
// CHECK: plan = {{{.*}}dataflow = "ws"
// CHECK: codelet.compute "SA" "GEMM" {{.*}} {dataflow = "ws"}
func.func @many(%I: memref<1x6x6x64xi8>, %W: memref<3x3x64x32xi8>, %O: memref<1x6x6x32xi32>) {
  codelet.conv2d %I, %W, %O {pads = array<i64: 1, 1>} : memref<1x6x6x64xi8>, memref<3x3x64x32xi8>, memref<1x6x6x32xi32>
  return
}
