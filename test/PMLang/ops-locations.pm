// Ops carry the .pm locations of the statements and expressions they come from.
// RUN: strata-translate --import-pmlang %s --mlir-print-debuginfo | FileCheck %s

main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[i] * 2.0;
}
// CHECK: srdfg.load {{.*}} loc("{{.*}}ops-locations.pm":6:10)
// CHECK: arith.mulf {{.*}} loc("{{.*}}ops-locations.pm":6:15)
// CHECK: } loc("{{.*}}ops-locations.pm":6:3)
