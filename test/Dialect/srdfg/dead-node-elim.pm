// srdfg-dead-node-elim removes the instances, statements and reductions
// whose values nothing reads, chains included, and keeps the rest.
// RUN: strata-translate --import-pmlang %s | strata-opt --srdfg-dead-node-elim | FileCheck %s
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(srdfg.graph(srdfg-dead-node-elim))' | FileCheck %s --check-prefix=TV

unused(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = a[i] * a[i];
}

main(input float x[3], output float y[3]) {
  index i[0:2];
  float t[3], u[3];
  unused(x, t);
  u[i] = t[i] + 1.0;
  y[i] = x[i] - 1.0;
}
// CHECK-LABEL: srdfg.graph @main
// CHECK-NOT: srdfg.node
// CHECK-NOT: srdfg.init
// CHECK: srdfg.compute
// CHECK: arith.subf
// CHECK-NOT: srdfg.compute
// CHECK: srdfg.return
// TV: strata-tv: @main: 8 inputs agree
