// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(param str path, output float y[3]) {
}
// CHECK: string-type.pm:2:16: error: 'str' values cannot be computed with: strings only name files for PolyMath's I/O builtins, which are not supported
