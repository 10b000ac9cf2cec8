// srdfg-simplify: reads of a zero-filled local or of a literal argument
// become constants, exact identities go (x * 1.0, x / 1.0, x - 0.0 on
// floats, x + 0 and x * 1 on ints; x + 0.0 stays, -0.0 + 0.0 being +0.0),
// and a statement copying its init onto itself is its init.
// RUN: strata-translate --import-pmlang %s | strata-opt --srdfg-simplify | FileCheck %s
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(srdfg.graph(srdfg-simplify))' | FileCheck %s --check-prefix=TV

scaled(input float a[n], param float k, output float b[n]) {
  index i[0:n-1];
  b[i] = k * a[i];
}

main(input float x[3], input int v[3], output float y[3], output int w[3], output float z[3]) {
  index i[0:2];
  float zero[3];
// CHECK-LABEL: srdfg.graph @main
// The literal param is read as a constant, then k * a is a * 1.0 = a.
// CHECK: srdfg.node "scaled"
// CHECK: srdfg.compute
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = srdfg.load
// CHECK-NEXT: srdfg.yield %[[A]] : f32
  scaled(x, 1.0, y);
// CHECK: srdfg.compute
// CHECK-NOT: arith.subf
// CHECK-NOT: arith.divf
// CHECK: arith.addf
  z[i] = (x[i] - zero[i]) / 1.0 + 0.0;
// CHECK: srdfg.compute
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.muli
// CHECK: srdfg.yield
  w[i] = 1 * v[i] + 0;
// A copy onto itself disappears: y is returned as it was.
// CHECK-NOT: srdfg.compute
// CHECK: srdfg.return
  y[i] = y[i];
}
// TV: strata-tv: @main: 8 inputs agree
