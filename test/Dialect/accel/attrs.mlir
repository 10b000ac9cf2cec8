// The accel dialect's attributes (docs/dialects/accel.md) on the ops they
// mark, as a frontend or a hand-written input sets them: printed back as
// parsed, and verified.
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @k(%arg0: memref<4xi16> {accel.name = "input", accel.store_in = "host"}, %arg1: memref<4xi16> {accel.name = "output"}) attributes {accel.kernel}
func.func @k(%in: memref<4xi16> {accel.name = "input", accel.store_in = "host"}, %out: memref<4xi16> {accel.name = "output"}) attributes {accel.kernel} {
  // CHECK: memref.alloc() {accel.name = "buf", accel.store_in = "tile"} : memref<4xi16>
  %b = memref.alloc() {accel.name = "buf", accel.store_in = "tile"} : memref<4xi16>
  // CHECK: memref.alloca() {accel.name = "lut", accel.store_in = "rom"} : memref<4xi16>
  %r = memref.alloca() {accel.name = "lut", accel.store_in = "rom"} : memref<4xi16>
  affine.for %i = 0 to 4 {
    %v = affine.load %in[%i] : memref<4xi16>
    affine.store %v, %b[%i] : memref<4xi16>
  // CHECK: } {accel.latency = 2 : i64}
  } {accel.latency = 2 : i64}
  affine.for %i = 0 to 4 {
    %v = affine.load %b[%i] : memref<4xi16>
    affine.store %v, %out[%i] : memref<4xi16>
  // CHECK: } {accel.unroll}
  } {accel.unroll}
  memref.dealloc %b : memref<4xi16>
  return
}

// CHECK-LABEL: func.func @tiles
func.func @tiles(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %t = 0 to 2 {
    affine.for %i = 0 to 4 {
      %v = affine.load %in[%t * 4 + %i] : memref<8xi16>
      affine.store %v, %out[%t * 4 + %i] : memref<8xi16>
    }
  // CHECK: } {accel.launch = "tiles", accel.output_rate = 2 : i64}
  } {accel.launch = "tiles", accel.output_rate = 2 : i64}
  return
}
