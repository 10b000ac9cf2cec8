// Strided and affine subscripts become affine maps over the statement's
// indices (left-hand side first, then reduced ones).
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK-DAG: #[[STRIDE:.*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-DAG: #[[SHIFT:.*]] = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #[[TWO:.*]] = affine_map<(d0, d1) -> (d1 + 2, d0 - d1 + 3)>
main(input float x[12], input float a[6][5], output float y[12], output float z[2]) {
  index i[0:3], j[0:1];
// CHECK: srdfg.compute %{{.*}} {lb = array<i64: 0>, map = #[[STRIDE]], ub = array<i64: 3>}
// CHECK: srdfg.load %{{.*}}[%{{.*}}] {map = #[[SHIFT]]}
  y[3*i] = x[2*i + 1];
// CHECK: srdfg.load %{{.*}}[%{{.*}}, %{{.*}}] {map = #[[TWO]]}
  z[j] = sum[i](a[i+2][j-i+3]);
}
