// A user reduction `reduction name(a, b) = expr;` becomes srdfg.reduce with a
// combiner region over its two operands; one named like a built-in (min, from
// the thesis) takes its place.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

reduction min(a, b) = a < b ? a : b;
reduction absmax(x, y) = abs(x) > abs(y) ? x : y;

// CHECK-LABEL: srdfg.graph @main
main(input float A[3][3], output float r[2]) {
  index i[0:2], j[0:2], z[0:0], w[1:1];
// CHECK: srdfg.reduce "min" {lb = array<i64: 0, 0>, ub = array<i64: 2, 2>} : f32 {
// CHECK: } {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[C:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : f32
// CHECK-NEXT: srdfg.yield %[[S]] : f32
  r[z] = min[i][j](A[i][j]);
// CHECK: srdfg.reduce "absmax"
// CHECK: math.absf
  r[w] = absmax[i](A[i][0]);
}
