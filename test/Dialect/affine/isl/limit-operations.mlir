// Issue 30: nested floordiv and mod in the access maps make isl's
// dependence analysis work with ever larger numbers (it ran for minutes:
// isl counted its operations against a bound of 20 million, each of which
// grew slower).  The bound is the named limit isl-operations (200,000 by
// default: the test suites' nests need under 100,000); at it, the analysis
// stops with an error naming the limit.  `timeout` only guards against the
// old hang; the default bound is reached in about 3 s of CPU.
// RUN: not timeout 120 strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s --check-prefix=DEPS
// RUN: not strata-opt --enable-test-passes --test-affine-isl %s --limit=isl-operations=1000 -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODEL
// RUN: not strata-opt --affine-scalrep %s --limit=isl-operations=20000 -o %t.out 2>&1 | FileCheck %s --check-prefix=SCALREP
// RUN: not strata-opt --affine-loop-interchange="permutation='1,0,2'" %s --limit=isl-operations=20000 -o %t.out 2>&1 | FileCheck %s --check-prefix=INTERCHANGE
// DEPS: limit-operations.mlir:18:3: error: 'affine.for' op test-affine-isl: the dependences: the polyhedral analysis stopped at its operation bound (limit isl-operations = 200000; raise it with --limit=isl-operations=<n>)
// MODEL: limit-operations.mlir:18:3: error: 'affine.for' op test-affine-isl: the polyhedral analysis stopped at its operation bound (limit isl-operations = 1000; raise it with --limit=isl-operations=<n>)
// SCALREP: limit-operations.mlir:18:3: error: 'affine.for' op affine-scalrep: the polyhedral analysis stopped at its operation bound (limit isl-operations = 20000;
// INTERCHANGE: limit-operations.mlir:18:3: error: 'affine.for' op cannot interchange: the polyhedral analysis stopped at its operation bound (limit isl-operations = 20000;
func.func @k(%A: memref<1000000xi32>) {
  affine.for %i = 0 to 1000 {
    affine.for %j = 0 to 1000 {
      affine.for %k = 0 to 100 {
        %v = affine.load %A[((%i * 7 + %j floordiv 3) mod 13 + (%k * 11 + %i floordiv 5) floordiv 7) mod 997 + ((%j mod 17) floordiv 3) * 31] : memref<1000000xi32>
        %w = arith.addi %v, %v : i32
        affine.store %w, %A[((%i floordiv 3 + %k mod 11) mod 29) * 101 + (%j * 5 + %k floordiv 13) mod 23 + ((%i + %j + %k) floordiv 9) mod 41] : memref<1000000xi32>
      }
    }
  }
  return
}
