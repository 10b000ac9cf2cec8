// argmax and argmin give the position of the first best element over one
// index (with a filter, among the kept ones), as an int; the interpreter and
// the lowering agree (strata-tv), and on a known input:
// x = [3, 9, -2, 9, 5]: argmax 1 (the first 9), argmin 2, argmax over the
// even positions 4 (x[4] = 5 beats x[0] = 3 and x[2] = -2).
// RUN: strata-translate --import-pmlang %s | FileCheck %s
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: %python %strata_src_root/test/PMLang/Inputs/mknpy.py %t.x.npy f4 5 3 9 -2 9 5
// RUN: strata-run %t.mlir --arg=%t.x.npy --arg=memref:zeros | FileCheck %s --check-prefix=VAL
// RUN: strata-opt %t.mlir --convert-srdfg-to-affine --lower-affine | strata-run - --arg=%t.x.npy --arg=memref:zeros | FileCheck %s --check-prefix=VAL
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(convert-srdfg-to-affine)' | FileCheck %s --check-prefix=TV

main(input float x[5], output int r[3]) {
  index i[0:4], a[0:0], b[1:1], c[2:2];
// CHECK: srdfg.reduce "argmax" {lb = array<i64: 0>, ub = array<i64: 4>} : i32 {
// CHECK: srdfg.yield %{{.*}} : f32
  r[a] = argmax[i](x[i]);
// CHECK: srdfg.reduce "argmin"
  r[b] = argmin[i](x[i]);
// CHECK: srdfg.reduce "argmax"
// CHECK: srdfg.yield %{{.*}}, %{{.*}} : f32, i1
  r[c] = argmax[i: i % 2 == 0](x[i]);
}
// VAL: memref<3xi32>:[1, 2, 4]
// TV: strata-tv: @main: 8 inputs agree
