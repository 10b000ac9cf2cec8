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
// Nodes are numbered in drawing order: the picture is the same every run.
// CHECK:      digraph srdfg {
// CHECK-NEXT: compound=true;
// CHECK-NEXT: subgraph cluster_0 {
// CHECK-NEXT: label="main";
// CHECK-NEXT: n0 [label="", shape=point];
// CHECK-NEXT: subgraph cluster_1 {
// CHECK-NEXT: label="mv : DL";
// CHECK-NEXT: n1 [label="", shape=point];
// CHECK-NEXT: n2 [label="compute", shape=box];
// CHECK-NEXT: n1 -> n2 [label="output tensor<2xf32>"];
// CHECK-NEXT: n1 -> n2 [label="input tensor<2x3xf32>", style=dashed];
// CHECK-NEXT: n1 -> n2 [label="input tensor<3xf32>", style=dashed];
// CHECK-NEXT: }
// CHECK-NEXT: n0 -> n1 [label="input tensor<2x3xf32>"];
// CHECK-NEXT: n0 -> n1 [label="input tensor<3xf32>"];
// CHECK-NEXT: n0 -> n1 [label="output tensor<2xf32>"];
// CHECK-NEXT: }
// CHECK-NEXT: }
