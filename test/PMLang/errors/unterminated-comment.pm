// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
// CHECK: unterminated-comment.pm:4:1: error: unterminated comment
main(input float x[3], output float y[3]) {
/* never closed
