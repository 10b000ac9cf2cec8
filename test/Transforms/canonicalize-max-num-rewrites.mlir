// max-num-rewrites bounds the successful pattern applications: after one,
// the second scf.if on a constant condition is left, with a warning naming
// the limit (folds and dead-op removal do not count).  With
// test-convergence the pass fails instead.
// RUN: strata-opt %s --verify-diagnostics --canonicalize=max-num-rewrites=1 | FileCheck %s
// RUN: strata-opt %s --canonicalize | FileCheck %s --check-prefix=ALL
// RUN: not strata-opt %s --pass-pipeline='builtin.module(canonicalize{max-num-rewrites=1 test-convergence=true})' 2>&1 | FileCheck %s --check-prefix=TEST

// CHECK:      call @use
// CHECK-NEXT: scf.if
// ALL:        call @use
// ALL-NEXT:   call @use
// ALL-NEXT:   return
// TEST: error: 'builtin.module' op canonicalizer failed to converge within max-num-rewrites=1

// expected-warning @+1 {{'builtin.module' op greedy pattern rewriting stopped after max-num-rewrites=1 rewrites}}
module {
  func.func private @use(i32)
  func.func @f(%a: i32) {
    %t = arith.constant true
    scf.if %t {
      func.call @use(%a) : (i32) -> ()
    }
    scf.if %t {
      func.call @use(%a) : (i32) -> ()
    }
    return
  }
}
