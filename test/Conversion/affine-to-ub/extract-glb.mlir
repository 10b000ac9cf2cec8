// Two-level tiles (issue 24, Done-when 2: cascade_hw's fabric tiles inside
// a run of the accelerator): a run copies the host's data into a global
// buffer, runs the fabric once per tile of it (the loop holding the
// fabric's allocations), and copies its global output buffer out.  The
// copies fold: the global buffers are the host's arrays shifted by the
// run's offset, so the graph is one fabric tile, run once per iteration
// of the fabric's tile loop (tiles = [2]) at footprints 4 apart.
// RUN: strata-opt %s --ub-extract | FileCheck %s
// CHECK: ub.graph @f_ub attributes {tiles = array<i64: 2>}
// CHECK-NEXT: ub.buffer @arg0 {arg = 0 : i64, host_shape = array<i64: 17>, tile_offset = array<i64: 8, 4>} : memref<5xi16>
// CHECK-NEXT: ub.buffer @arg1 {arg = 1 : i64, host_shape = array<i64: 16>, tile_offset = array<i64: 8, 4>} : memref<4xi16>
// CHECK-NEXT: ub.buffer @buf4 : memref<5xi16>
// CHECK-NEXT: ub.write %{{[0-9]+}} {access = "{ host_arg0[i0] -> arg0[1*i0] }", domain = "{ host_arg0[i0] : 0 <= i0 <= 4 }"
// CHECK: ub.read %{{[0-9]+}} {access = "{ arg1[i0] -> buf4[1*i0 + 1] }"
// CHECK: ub.read %{{[0-9]+}} {access = "{ host_arg1[i0] -> arg1[1*i0] }", domain = "{ host_arg1[i0] : 0 <= i0 <= 3 }"
func.func @f(%in: memref<17xi16>, %out: memref<16xi16>) {
  affine.for %b = 1 to 2 {
    %g = memref.alloc() {accel.store_in = "global"} : memref<9xi16>
    %h = memref.alloc() {accel.store_in = "global"} : memref<8xi16>
    affine.for %x = 0 to 9 {
      %v = affine.load %in[%b * 8 + %x] : memref<17xi16>
      affine.store %v, %g[%x] : memref<9xi16>
    }
    affine.for %t = 0 to 2 {
      %a = memref.alloc() : memref<5xi16>
      affine.for %x = 0 to 5 {
        %v = affine.load %g[%t * 4 + %x] : memref<9xi16>
        affine.store %v, %a[%x] : memref<5xi16>
      }
      affine.for %x = 0 to 4 {
        %v = affine.load %a[%x] : memref<5xi16>
        %w = affine.load %a[%x + 1] : memref<5xi16>
        %s = arith.addi %v, %w : i16
        affine.store %s, %h[%t * 4 + %x] : memref<8xi16>
      }
    }
    affine.for %x = 0 to 8 {
      %v = affine.load %h[%x] : memref<8xi16>
      affine.store %v, %out[%b * 8 + %x] : memref<16xi16>
    }
  } {accel.launch = "a"}
  return
}
