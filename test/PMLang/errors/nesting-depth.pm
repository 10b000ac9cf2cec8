// RUN: %python -c "import sys; n = 70; print(''.join('c%d(input float a[2], output float b[2]) { c%d(a, b); }\n' % (k, k + 1) for k in range(n)) + 'c%d(input float a[2], output float b[2]) { }\nmain(input float x[2], output float y[2]) { c0(x, y); }' % n)" > %t.pm
// RUN: not strata-translate --import-pmlang %t.pm 2>&1 | FileCheck %s
// CHECK: error: components nested more than 64 deep
