// systolic-map places the SIMD unit's layers on the 16x16 machine: each
// operand's tile is a 32-bit local of a vector memory (one block of 16
// channels per entry) filled from DRAM by a converting transfer (a max
// pool's window padded with the lowest i8), constants FILLed into IMM,
// one nest per element operation (window loops, rows, columns, channel
// blocks, and a nest for the 4 channels left of 20), the tile stored back
// narrowed.  The mapped programs, and those of a machine whose vector
// memories hold 40 entries (many tiles, double-buffered), run in the
// interpreter as the layers do.
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map | FileCheck %s
// RUN: strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s --systolic-map -o %t.mlir
// RUN: sed 's/depth = 8192;/depth = 40;/' %strata_src_root/archs/genesys-systolic-16x16.acg > %t.acg
// RUN: strata-opt --acg=%t.acg %s --systolic-map -o %t.tiny.mlir
// RUN: for e in mp dw rq; do strata-tv %s %t.mlir --entry=$e --trials=8 && strata-tv %s %t.tiny.mlir --entry=$e --trials=8 || exit 1; done | FileCheck %s --check-prefix=TV
// TV-COUNT-2: @mp: 8 inputs agree
// TV-COUNT-2: @dw: 8 inputs agree
// TV-COUNT-2: @rq: 8 inputs agree
// A function the pass is told to map that the module does not have.
// RUN: not strata-opt --acg=%strata_src_root/archs/genesys-systolic-16x16.acg %s '--pass-pipeline=builtin.module(systolic-map{func=nope})' 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: error: no function 'nope' in the module

// CHECK-LABEL: func.func @mp
// CHECK: codelet.cdlt "pool" attributes {plan = {{{.*}}dataflow = "simd", order = "spatial-outer", tiles = array<i64: 3, 3, 1, 20>
// CHECK: %[[I:.*]] = codelet.local {base = array<i64: 0>, layout = #map{{[0-9]*}}} : memref<1x7x7x20xi32, "VMEM1">
// CHECK: codelet.transfer %{{.*}}[0, -1, -1, 0][1, 7, 7, 20] : memref<1x6x6x20xi8, "DRAM"> perm [0, 1, 2, 3] into %[[I]][0, 0, 0, 0] : memref<1x7x7x20xi32, "VMEM1"> pad(-128)
// CHECK: %[[O:.*]] = codelet.local -128 {{.*}} : memref<1x3x3x20xi32, "VMEM2">
// CHECK: codelet.compute "SIMD" "MAX" %[[O]][0, %[[P:.*]], %[[Q:.*]], 0][1, 1, 1, 16] : {{.*}} = %[[O]][0, %[[P]], %[[Q]], 0][1, 1, 1, 16] : {{.*}}, %[[I]][0, %[[P]] * 2 + %{{.*}}, %[[Q]] * 2 + %{{.*}}, 0][1, 1, 1, 16]
// CHECK: codelet.compute "SIMD" "MAX" %[[O]][0, %{{.*}}, %{{.*}}, 16][1, 1, 1, 4]
// CHECK: codelet.transfer %[[O]][0, 0, 0, 0][1, 3, 3, 20] : memref<1x3x3x20xi32, "VMEM2"> perm [0, 1, 2, 3] into %{{.*}}[0, 0, 0, 0] : memref<1x3x3x20xi8, "DRAM">
// CHECK-LABEL: func.func @dw
// CHECK: dataflow = "simd", order = "k-outer"
// CHECK: codelet.compute "SIMD" "MACC" %[[D:[0-9]+]][{{.*}}] : memref<1x3x3x4xi32, "VMEM2"> = %{{.*}} : memref<1x5x5x4xi32, "VMEM1">, %{{.*}} : memref<3x3x4xi32, "VMEM2">, %[[D]][{{.*}}] : memref<1x3x3x4xi32, "VMEM2">
// CHECK-LABEL: func.func @rq
// CHECK: codelet.local 5 {{.*}} : memref<1xi32, "IMM">
// CHECK: codelet.compute "SIMD" "MUL"
// CHECK: codelet.compute "SIMD" "ADD"
// CHECK: codelet.compute "SIMD" "RSHIFT"
// CHECK: codelet.compute "SIMD" "ADD"
// CHECK: codelet.compute "SIMD" "MAX"
// CHECK: codelet.compute "SIMD" "MIN"
func.func @mp(%I: memref<1x6x6x20xi8>, %O: memref<1x3x3x20xi8>) {
  codelet.pool max %I, %O {window = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1>} : memref<1x6x6x20xi8>, memref<1x3x3x20xi8>
  return
}
func.func @dw(%I: memref<5x5x4xi8>, %W: memref<3x3x4xi8>, %O: memref<3x3x4xi32>) {
  codelet.depthwise %I, %W, %O : memref<5x5x4xi8>, memref<3x3x4xi8>, memref<3x3x4xi32>
  return
}
func.func @rq(%X: memref<2x8xi32>, %Q: memref<2x8xi8>) {
  codelet.requant %X, %Q {scale = 5, shift = 3, zero_point = 1} : memref<2x8xi32>, memref<2x8xi8>
  return
}
