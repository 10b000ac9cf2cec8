// Transfers convert integers as a machine's LD and ST do (sign-extended
// into a wider destination, truncated into a narrower one), and a padded
// transfer reads its pad value outside its source: the interpreter agrees
// with the same computation written in affine, and the pad value prints
// and parses back.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-tv %S/Inputs/convert-ref.mlir %s --entry=convert | FileCheck %s --check-prefix=TV
// CHECK: codelet.transfer %{{.*}}[-1][6] : memref<4xi8> into %{{.*}}[0] : memref<6xi32> pad(-100)
// CHECK: codelet.transfer %{{.*}}[0][4] : memref<4xi32> into %{{.*}}[0] : memref<4xi8>{{$}}
// TV: @convert: 64 inputs agree
func.func @convert(%A: memref<4xi8>, %B: memref<6xi32>, %D: memref<4xi32>, %C: memref<4xi8>) {
  codelet.cdlt "convert" {
    %a = codelet.inp %A : memref<4xi8>
    %b = codelet.out %B : memref<6xi32>
    %d = codelet.inp %D : memref<4xi32>
    %c = codelet.out %C : memref<4xi8>
    codelet.transfer %a[-1][6] : memref<4xi8> into %b[0] : memref<6xi32> pad(-100)
    codelet.transfer %d[0][4] : memref<4xi32> into %c[0] : memref<4xi8>
  }
  return
}
