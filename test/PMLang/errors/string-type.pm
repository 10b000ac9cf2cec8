// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(param str path, output float y[3]) {
}
// CHECK: string-type.pm:2:16: error: type 'str' is not supported in computations yet (bin, bool, int and float are)
