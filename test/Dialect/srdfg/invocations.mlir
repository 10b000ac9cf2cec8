// strata-run --invocations=N runs the entry N times on the same arguments:
// state written into a memref argument is there for the next run, and the
// results are printed after each run.  N must be positive.
// RUN: strata-run %s --invocations=4 --arg=memref:zeros | FileCheck %s
// RUN: not strata-run %s --invocations=0 --arg=memref:zeros 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not strata-run %s --invocations=x --arg=memref:zeros 2>&1 | FileCheck %s --check-prefix=ZERO

// CHECK:      memref<1xi32>:[1]
// CHECK-NEXT: memref<1xi32>:[2]
// CHECK-NEXT: memref<1xi32>:[3]
// CHECK-NEXT: memref<1xi32>:[4]
// ZERO: strata-run: error: expected a positive number of invocations in '--invocations=
srdfg.graph @main {
^bb0(%n: !srdfg.edge<state, tensor<1xi32>>):
  %r = srdfg.compute %n {lb = array<i64>, ub = array<i64>, map = affine_map<() -> (0)>} : !srdfg.edge<state, tensor<1xi32>> {
    %v = srdfg.load %n[] {map = affine_map<() -> (0)>} : !srdfg.edge<state, tensor<1xi32>> -> i32
    %one = arith.constant 1 : i32
    %w = arith.addi %v, %one : i32
    srdfg.yield %w : i32
  }
  srdfg.return %r, %n : !srdfg.edge<state, tensor<1xi32>>, !srdfg.edge<state, tensor<1xi32>>
}
