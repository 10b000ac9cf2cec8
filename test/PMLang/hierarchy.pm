// Component instantiation: each instance is an srdfg.node holding its own
// graph (two instances of mvmul are two nodes), shapes bound per instance,
// outputs passed back as the node's results; a state argument passed as both
// input and output reads the old value and writes the new one.
// RUN: strata-translate --import-pmlang %s | FileCheck %s
// RUN: strata-translate --import-pmlang %s | strata-opt | FileCheck %s

mvmul(input float A[m][n], input float B[n], output float C[m]) {
  index i[0:n-1], j[0:m-1];
  C[j] = sum[i](A[j][i] * B[i]);
}

twice(input float a[n], output float b[n]) {
  float t[n];
  mvmul2(a, t);
  mvmul2(t, b);
}

mvmul2(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = 2.0 * a[i];
}

// CHECK-LABEL: srdfg.graph @main
// CHECK: ^bb0(%[[W:.*]]: !srdfg.edge<param, tensor<2x3xf32>>, %[[V:.*]]: !srdfg.edge<param, tensor<3x2xf32>>, %[[X:.*]]: !srdfg.edge<input, tensor<3xf32>>, %[[S:.*]]: !srdfg.edge<state, tensor<3xf32>>, %[[Y:.*]]: !srdfg.edge<output, tensor<2xf32>>):
main(param float W[2][3], param float V[3][2], input float x[3], state float s[3], output float y[2]) {
// CHECK: %[[T:.*]] = srdfg.init : !srdfg.edge<local, tensor<2xf32>>
  float t[2];
// CHECK: %[[N1:.*]] = srdfg.node "mvmul"(%[[W]], %[[X]], %[[T]]) : {{.*}} -> !srdfg.edge<local, tensor<2xf32>>
// CHECK: ^bb0(%{{.*}}: !srdfg.edge<input, tensor<2x3xf32>>, %{{.*}}: !srdfg.edge<input, tensor<3xf32>>, %{{.*}}: !srdfg.edge<output, tensor<2xf32>>):
  mvmul(W, x, t);
// CHECK: %[[N2:.*]] = srdfg.node "mvmul"(%[[V]], %[[N1]], %[[S]]) : {{.*}} -> !srdfg.edge<state, tensor<3xf32>>
  mvmul(V, t, s);
// Nested instances: a node inside a node.
// CHECK: %[[N3:.*]] = srdfg.node "twice"(%[[N1]], %[[Y]])
// CHECK: srdfg.node "mvmul2"
// CHECK: srdfg.node "mvmul2"
  twice(t, y);
// CHECK: srdfg.return %[[N2]], %[[N3]], %[[S]], %[[Y]]
}
