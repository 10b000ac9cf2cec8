// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(param float w[3] = 1.0, output float y[3]) {
}
// CHECK: default-array.pm:2:18: error: only scalar params can have default values
