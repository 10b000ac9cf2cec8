// srdfg-flatten inlines the component nodes below a depth: depth=0 leaves a
// graph of statements, depth=1 keeps the top-level instances and inlines
// what is inside them.  Statements updating an instance's output take the
// modifier of the caller's edge.  The meaning does not change (strata-tv).
// RUN: strata-translate --import-pmlang %s | strata-opt --srdfg-flatten | FileCheck %s --check-prefix=ALL
// RUN: strata-translate --import-pmlang %s | strata-opt '--pass-pipeline=builtin.module(srdfg.graph(srdfg-flatten{depth=1}))' | FileCheck %s --check-prefix=ONE
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(srdfg.graph(srdfg-flatten))' | FileCheck %s --check-prefix=TV
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(srdfg.graph(srdfg-flatten{depth=1}))' | FileCheck %s --check-prefix=TV

scale(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = 2.0 * a[i];
}
twice(input float a[n], output float b[n]) {
  float t[n];
  scale(a, t);
  scale(t, b);
}

main(input float x[3], output float y[3]) {
  twice(x, y);
}
// ALL-LABEL: srdfg.graph @main
// ALL-NOT: srdfg.node
// ALL: srdfg.init : !srdfg.edge<local, tensor<3xf32>>
// ALL: srdfg.compute %{{.*}} : !srdfg.edge<local, tensor<3xf32>>
// ALL: %[[Y:.*]] = srdfg.compute %{{.*}} : !srdfg.edge<output, tensor<3xf32>>
// ALL: srdfg.return %[[Y]], %{{.*}}

// ONE: srdfg.node "twice"
// ONE-NOT: srdfg.node "scale"
// ONE: srdfg.return
// TV: strata-tv: @main: 8 inputs agree
