// The grammar's stack is bounded: deep nesting is an error, not a crash.
// RUN: %python -c "print('main(output float y[1]) { index i[0:0]; y[i] = ' + '(' * 500 + '1' + ')' * 500 + '; }')" > %t.pm
// RUN: not strata-translate --import-pmlang %t.pm 2>&1 | FileCheck %s
// CHECK: error: expression nested too deeply
