// --view-srdfg draws the hierarchy: graphs and nodes are clusters (with
// their domain), statements boxes, edges arrows labelled with modifier and
// value type (dashed: read inside a statement).
// RUN: strata-translate --import-pmlang %s | strata-translate --view-srdfg | FileCheck %s

mv(input float A[m][n], input float x[n], output float y[m]) {
  index i[0:n-1], j[0:m-1];
  y[j] = sum[i](A[j][i] * x[i]);
}
main(input float A[2][3], input float x[3], output float y[2]) {
  DL: mv(A, x, y);
}
// CHECK: digraph srdfg {
// CHECK: subgraph cluster_{{.*}} {
// CHECK-NEXT: label="main";
// CHECK: subgraph cluster_{{.*}} {
// CHECK-NEXT: label="mv : DL";
// CHECK: [label="compute", shape=box];
// CHECK: [label="input tensor<2x3xf32>", style=dashed];
// CHECK: [label="output tensor<2xf32>"];
// CHECK: }
