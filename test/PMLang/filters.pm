// Index filters `[j: cond]` restrict a reduction to the points where the
// condition holds: the body yields the element and the filter (an i1).
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK-LABEL: srdfg.graph @main
main(input float A[4][4], output float r[2]) {
  index i[0:3], j[0:3], z[0:0], w[1:1];
// The sum of the non-diagonal elements (the thesis's example).
// CHECK: srdfg.reduce "sum" {lb = array<i64: 0, 0>, ub = array<i64: 3, 3>} : f32 {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK: %[[NE:.*]] = arith.cmpi ne
// CHECK: %[[V:.*]] = srdfg.load
// CHECK: srdfg.yield %[[V]], %[[NE]] : f32, i1
  r[z] = sum[i][j: j != i](A[i][j]);
// Two filters are combined with a conjunction; a filter may use a later index.
// CHECK: arith.cmpi sle
// CHECK: arith.cmpi sgt
// CHECK: arith.andi
  r[w] = sum[i: i <= j][j: j > 1 && j < 3](A[i][j]);
}
