// systolic-map places a GEMM on the 16x16 machine: the operands stay in
// DRAM, the tiles go where the ACG connects them to the array (IBUF,
// WBUF; the output zeroed in OBUF), each with two copies (the buffers
// double-buffer) and a layout across the banks, one nest per full and
// partial block of the array's rows (20 = 16 + 4 input channels) and
// columns (24 = 16 + 8 outputs), and the result runs in the interpreter
// as the layer does.
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map | FileCheck %s
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map -o %t.mlir
// RUN: strata-tv %s %t.mlir --entry=g --trials=16 | FileCheck %s --check-prefix=TV
// TV: @g: 16 inputs agree

// CHECK-LABEL: func.func @g
// CHECK: codelet.cdlt "gemm" attributes {plan = {{{.*}}dataflow = "ws"{{.*}}tiles = array<i64: 8, 1, 24, 20>
// CHECK: %[[A:.*]] = codelet.inp %arg0 : memref<8x20xi8, "DRAM">
// CHECK: %[[B:.*]] = codelet.inp %arg1 : memref<20x24xi8, "DRAM">
// CHECK: %[[C:.*]] = codelet.out %arg2 : memref<8x24xi32, "DRAM">
// CHECK: %[[O:.*]] = codelet.local 0 {base = array<i64: 0, 256>, layout = #map} : memref<1x8x1x24xi32, "OBUF">
// CHECK: %[[I:.*]] = codelet.transfer %[[A]][0, 0][8, 20] : memref<8x20xi8, "DRAM"> perm [-1, 0, -1, 1] to "IBUF" {base = array<i64: 0, 256>
// CHECK: %[[W:.*]] = codelet.transfer %[[B]][0, 0][20, 24] : memref<20x24xi8, "DRAM"> perm [-1, -1, 0, 1] to "WBUF" {base = array<i64: 0, 1024>
// CHECK: codelet.compute "SA" "GEMM" %[[O]][0, %{{.*}}, 0, 0][1, 1, 1, 16] {{.*}} = %[[I]][0, %{{.*}}, 0, 0][1, 1, 1, 16] {{.*}}, %[[W]][0, 0, 0, 0][1, 1, 16, 16]
// CHECK: codelet.compute "SA" "GEMM" %[[O]][0, %{{.*}}, 0, 16][1, 1, 1, 8] {{.*}} = %[[I]][0, %{{.*}}, 0, 0][1, 1, 1, 16] {{.*}}, %[[W]][0, 0, 0, 16][1, 1, 16, 8]
// CHECK: codelet.compute "SA" "GEMM" %[[O]][0, %{{.*}}, 0, 0][1, 1, 1, 16] {{.*}} = %[[I]][0, %{{.*}}, 0, 16][1, 1, 1, 4] {{.*}}, %[[W]][0, 0, 16, 0][1, 1, 4, 16]
// CHECK: codelet.compute "SA" "GEMM" %[[O]][0, %{{.*}}, 0, 16][1, 1, 1, 8] {{.*}} = %[[I]][0, %{{.*}}, 0, 16][1, 1, 1, 4] {{.*}}, %[[W]][0, 0, 16, 16][1, 1, 4, 8]
// CHECK: codelet.transfer %[[O]][0, 0, 0, 0][1, 8, 1, 24] : memref<1x8x1x24xi32, "OBUF"> perm [1, 3] into %[[C]][0, 0] : memref<8x24xi32, "DRAM">
func.func @g(%A: memref<8x20xi8>, %B: memref<20x24xi8>, %C: memref<8x24xi32>) {
  codelet.gemm %A, %B, %C : memref<8x20xi8>, memref<20x24xi8>, memref<8x24xi32>
  return
}
