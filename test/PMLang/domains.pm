// Domain annotations (RBT, GA, DSP, DA, DL) on top-level instantiations
// become the `domain` attribute of the node and of every node inside it.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

inner(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = a[i] + 1.0;
}
outer(input float a[n], output float b[n]) {
  inner(a, b);
}

main(input float x[2], output float y[2]) {
  float t[2], u[2], v[2], w[2];
// CHECK: srdfg.node "outer"({{.*}}) {domain = "RBT"}
// CHECK: srdfg.node "inner"({{.*}}) {domain = "RBT"}
  RBT: outer(x, t);
// CHECK: srdfg.node "inner"({{.*}}) {domain = "GA"}
  GA: inner(t, u);
// CHECK: srdfg.node "inner"({{.*}}) {domain = "DSP"}
  DSP: inner(u, v);
// CHECK: srdfg.node "inner"({{.*}}) {domain = "DA"}
  DA: inner(v, w);
// CHECK: srdfg.node "inner"({{.*}}) {domain = "DL"}
  DL: inner(w, y);
// An instance without annotation runs on the host: no domain.
// CHECK: srdfg.node "inner"(%{{[^)]*}}) : (
  inner(w, y);
}
