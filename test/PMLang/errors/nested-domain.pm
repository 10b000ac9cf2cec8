// Domain annotations belong to the top-level instantiations.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
inner(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = a[i];
}
outer(input float a[n], output float b[n]) {
  DSP: inner(a, b);
}
main(input float x[3], output float y[3]) {
  DA: outer(x, y);
}
// CHECK: nested-domain.pm:8:3: error: domain annotations are only allowed on instantiations in main
