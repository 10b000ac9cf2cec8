// Conditional expressions `c ? a : b` (also in parentheses and nested) become
// arith.select; comparisons and && || ! on numbers give i1 conditions.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK-LABEL: srdfg.graph @main
main(input float x[4], input int k[4], output float y[4]) {
  index i[0:3];
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpi eq
// CHECK: arith.xori
// CHECK: arith.ori
// CHECK: arith.select
// CHECK: arith.select
  y[i] = x[i] > 0.0 || !(k[i] == 2) ? x[i] : (k[i] > 1 ? 1.0 : -1.0);
}
