// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[2], output float b[2]) {
  index i[0:1];
  b[i] = a[i];
}
// CHECK: no-main.pm:1:1: error: no component 'main'
