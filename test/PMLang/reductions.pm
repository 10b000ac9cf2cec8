// The built-in group operations sum, prod, max and min, over one or more
// indices, nested, and in integer and float types.
// RUN: strata-translate --import-pmlang %s | FileCheck %s
// RUN: strata-translate --import-pmlang %s | strata-opt | FileCheck %s

// CHECK-LABEL: srdfg.graph @main
main(input float A[3][4], input int v[4], output float r[4], output int q[2]) {
  index i[0:2], j[0:3], z[0:1];
// CHECK: srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 2>} : f32
// CHECK: srdfg.reduce "prod" {lb = array<i64: 0>, ub = array<i64: 2>} : f32
  r[j] = sum[i](A[i][j]) + prod[i](A[i][j]);
// CHECK: srdfg.reduce "max" {lb = array<i64: 0>, ub = array<i64: 3>} : i32
// A reduction over two indices, and one nested in another.
// CHECK: srdfg.reduce "sum" {lb = array<i64: 0, 0>, ub = array<i64: 2, 3>} : f32
// CHECK: srdfg.reduce "min" {lb = array<i64: 0>, ub = array<i64: 2>} : f32
// CHECK: srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 3>} : f32
  q[z] = max[j](v[j]) + int(sum[i][j](A[i][j])) + int(min[i](sum[j](A[i][j])));
}
