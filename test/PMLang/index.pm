// Index ranges are inclusive and their bounds constant expressions over
// sizes and literal params; a statement runs over the box of its
// left-hand side's indices.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

shift(input float x[n], param int h, output float y[n]) {
  index i[1:n-h];
// CHECK: srdfg.compute %{{.*}} {lb = array<i64: 1>, map = #{{.*}}, ub = array<i64: 5>}
  y[i] = x[i - 1];
}

main(input float x[7], output float y[7]) {
  shift(x, 2, y);
}
