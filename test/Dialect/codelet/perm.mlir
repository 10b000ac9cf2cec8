// A transfer with `perm` orders its destination's dimensions: a 3x4 slice
// of a 2-D memref becomes a 4x1x3 local (its transpose, with a unit
// dimension), read back into a 4x3 output, equal to a transpose in affine.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-tv %s %S/Inputs/transpose.mlir --entry=t | FileCheck %s --check-prefix=TV
// TV: @t: 64 inputs agree
// CHECK: %[[L:.*]] = codelet.transfer %{{.*}}[1, 0][3, 4] : memref<5x4xi16> perm [1, -1, 0]
// CHECK: codelet.transfer %[[L]][0, 0, 0][4, 1, 3] : memref<4x1x3xi16> perm [0, 2] into %{{.*}}[0, 0] : memref<4x3xi16>
func.func @t(%A: memref<5x4xi16>, %B: memref<4x3xi16>) {
  codelet.cdlt "transpose" {
    %a = codelet.inp %A : memref<5x4xi16>
    %b = codelet.out %B : memref<4x3xi16>
    %l = codelet.transfer %a[1, 0][3, 4] : memref<5x4xi16> perm [1, -1, 0]
    codelet.transfer %l[0, 0, 0][4, 1, 3] : memref<4x1x3xi16> perm [0, 2] into %b[0, 0] : memref<4x3xi16>
  }
  return
}
