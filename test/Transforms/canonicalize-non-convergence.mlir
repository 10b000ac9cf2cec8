// A limit reached while the IR still changes is a warning naming the op
// and the limit (MLIR counts the sweep that would confirm the fixpoint, so
// one iteration is never enough when anything changes); the IR is still
// printed.  With test-convergence it is an error and the pass fails.
// RUN: strata-opt %s --verify-diagnostics --canonicalize=max-iterations=1 | FileCheck %s
// RUN: strata-opt %s --canonicalize=max-iterations=2 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not strata-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1 test-convergence=true})' 2>&1 | FileCheck %s --check-prefix=TEST

// CHECK: arith.constant 3 : i32
// TWO-NOT: warning
// TWO: arith.constant 3 : i32
// TEST: error: 'builtin.module' op canonicalizer failed to converge within max-iterations=1
// TEST-NOT: warning

// expected-warning @+1 {{'builtin.module' op greedy pattern rewriting did not converge after max-iterations=1}}
module {
  func.func @f() -> i32 {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c1, %c2 : i32
    return %s : i32
  }
}
