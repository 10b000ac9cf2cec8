// Issue 30: each component instantiates the one before twice, so the
// program has 2^30 instances (2^16 took a minute): nesting stays within its
// limit of 64, the instance count does not.  Refused at the instantiation
// that goes over the limit; --limit raises it (here 3 levels fit in 16).
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
// RUN: not strata-translate --import-pmlang %s --limit=pm-instances=16 2>&1 | FileCheck %s --check-prefix=LOW
c0(input float a[4], output float b[4]) {
  index i[0:3];
  b[i] = a[i] + 1.0;
}
c1(input float a[4], output float b[4]) {
  float t[4];
  c0(a, t);
  c0(t, b);
}
c2(input float a[4], output float b[4]) {
  float t[4];
  c1(a, t);
  c1(t, b);
}
c3(input float a[4], output float b[4]) {
  float t[4];
  c2(a, t);
  c2(t, b);
}
c4(input float a[4], output float b[4]) {
  float t[4];
  c3(a, t);
  c3(t, b);
}
c5(input float a[4], output float b[4]) {
  float t[4];
  c4(a, t);
  c4(t, b);
}
c6(input float a[4], output float b[4]) {
  float t[4];
  c5(a, t);
  c5(t, b);
}
c7(input float a[4], output float b[4]) {
  float t[4];
  c6(a, t);
  c6(t, b);
}
c8(input float a[4], output float b[4]) {
  float t[4];
  c7(a, t);
  c7(t, b);
}
c9(input float a[4], output float b[4]) {
  float t[4];
  c8(a, t);
  c8(t, b);
}
c10(input float a[4], output float b[4]) {
  float t[4];
  c9(a, t);
  c9(t, b);
}
c11(input float a[4], output float b[4]) {
  float t[4];
  c10(a, t);
  c10(t, b);
}
c12(input float a[4], output float b[4]) {
  float t[4];
  c11(a, t);
  c11(t, b);
}
c13(input float a[4], output float b[4]) {
  float t[4];
  c12(a, t);
  c12(t, b);
}
c14(input float a[4], output float b[4]) {
  float t[4];
  c13(a, t);
  c13(t, b);
}
c15(input float a[4], output float b[4]) {
  float t[4];
  c14(a, t);
  c14(t, b);
}
c16(input float a[4], output float b[4]) {
  float t[4];
  c15(a, t);
  c15(t, b);
}
c17(input float a[4], output float b[4]) {
  float t[4];
  c16(a, t);
  c16(t, b);
}
c18(input float a[4], output float b[4]) {
  float t[4];
  c17(a, t);
  c17(t, b);
}
c19(input float a[4], output float b[4]) {
  float t[4];
  c18(a, t);
  c18(t, b);
}
c20(input float a[4], output float b[4]) {
  float t[4];
  c19(a, t);
  c19(t, b);
}
c21(input float a[4], output float b[4]) {
  float t[4];
  c20(a, t);
  c20(t, b);
}
c22(input float a[4], output float b[4]) {
  float t[4];
  c21(a, t);
  c21(t, b);
}
c23(input float a[4], output float b[4]) {
  float t[4];
  c22(a, t);
  c22(t, b);
}
c24(input float a[4], output float b[4]) {
  float t[4];
  c23(a, t);
  c23(t, b);
}
c25(input float a[4], output float b[4]) {
  float t[4];
  c24(a, t);
  c24(t, b);
}
c26(input float a[4], output float b[4]) {
  float t[4];
  c25(a, t);
  c25(t, b);
}
c27(input float a[4], output float b[4]) {
  float t[4];
  c26(a, t);
  c26(t, b);
}
c28(input float a[4], output float b[4]) {
  float t[4];
  c27(a, t);
  c27(t, b);
}
c29(input float a[4], output float b[4]) {
  float t[4];
  c28(a, t);
  c28(t, b);
}
c30(input float a[4], output float b[4]) {
  float t[4];
  c29(a, t);
  c29(t, b);
}
main(input float x[4], output float y[4]) {
  c30(x, y);
}
// CHECK: limit-instances.pm:{{[0-9]+}}:3: error: more than 1024 component instances in the program (limit pm-instances = 1024; raise it with --limit=pm-instances=<n>)
// LOW: error: more than 16 component instances in the program (limit pm-instances = 16;
