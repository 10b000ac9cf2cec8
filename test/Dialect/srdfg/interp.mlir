// The srdfg semantics in the interpreter: a statement writes the points of
// its box into a copy of its init edge, a node runs its graph, srdfg.return
// writes outputs and states into the graph's memref arguments (so state
// persists from one invocation to the next), reductions fold with their
// filter, user reductions from their first element.
// RUN: strata-run %s --invocations=3 --arg=memref:zeros --arg=memref:zeros | FileCheck %s
// RUN: not strata-run %s --entry=bad_map --arg=memref:zeros --arg=memref:zeros 2>&1 | FileCheck %s --check-prefix=UB

// count[i] += i + 1 each run; out = (sum over i != 1 of count, min of count)
// CHECK:      memref<3xi32>:[1, 2, 3]
// CHECK-NEXT: memref<2xi32>:[4, 1]
// CHECK-NEXT: memref<3xi32>:[2, 4, 6]
// CHECK-NEXT: memref<2xi32>:[8, 2]
// CHECK-NEXT: memref<3xi32>:[3, 6, 9]
// CHECK-NEXT: memref<2xi32>:[12, 3]
srdfg.graph @main {
^bb0(%count: !srdfg.edge<state, tensor<3xi32>>, %out: !srdfg.edge<output, tensor<2xi32>>):
  %c = srdfg.node "bump"(%count) : (!srdfg.edge<state, tensor<3xi32>>) -> !srdfg.edge<state, tensor<3xi32>> {
  ^bb0(%s: !srdfg.edge<state, tensor<3xi32>>):
    %n = srdfg.compute %s {lb = array<i64: 0>, ub = array<i64: 2>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<state, tensor<3xi32>> {
    ^bb0(%i: index):
      %v = srdfg.load %s[%i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<state, tensor<3xi32>> -> i32
      %ii = arith.index_cast %i : index to i32
      %one = arith.constant 1 : i32
      %k = arith.addi %ii, %one : i32
      %w = arith.addi %v, %k : i32
      srdfg.yield %w : i32
    }
    srdfg.yield %n : !srdfg.edge<state, tensor<3xi32>>
  }
  %o1 = srdfg.compute %out {lb = array<i64>, ub = array<i64>, map = affine_map<() -> (0)>} : !srdfg.edge<output, tensor<2xi32>> {
    %r = srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 2>} : i32 {
    ^bb0(%i: index):
      %one = arith.constant 1 : index
      %keep = arith.cmpi ne, %i, %one : index
      %v = srdfg.load %c[%i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<state, tensor<3xi32>> -> i32
      srdfg.yield %v, %keep : i32, i1
    }
    srdfg.yield %r : i32
  }
  %o2 = srdfg.compute %o1 {lb = array<i64>, ub = array<i64>, map = affine_map<() -> (1)>} : !srdfg.edge<output, tensor<2xi32>> {
    %r = srdfg.reduce "smallest" {lb = array<i64: 0>, ub = array<i64: 2>} : i32 {
    ^bb0(%i: index):
      %v = srdfg.load %c[%i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<state, tensor<3xi32>> -> i32
      srdfg.yield %v : i32
    } {
    ^bb0(%a: i32, %b: i32):
      %lt = arith.cmpi slt, %a, %b : i32
      %m = arith.select %lt, %a, %b : i32
      srdfg.yield %m : i32
    }
    srdfg.yield %r : i32
  }
  srdfg.return %c, %o2, %count, %out : !srdfg.edge<state, tensor<3xi32>>, !srdfg.edge<output, tensor<2xi32>>, !srdfg.edge<state, tensor<3xi32>>, !srdfg.edge<output, tensor<2xi32>>
}

// UB: error: undefined behaviour: the map of 'srdfg.load' cannot be evaluated
srdfg.graph @bad_map {
^bb0(%x: !srdfg.edge<input, tensor<3xf32>>, %y: !srdfg.edge<output, tensor<3xf32>>):
  %r = srdfg.compute %y {lb = array<i64: 0>, ub = array<i64: 2>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<output, tensor<3xf32>> {
  ^bb0(%i: index):
    %v = srdfg.load %x[%i] {map = affine_map<(d0) -> (d0 mod 0)>} : !srdfg.edge<input, tensor<3xf32>> -> f32
    srdfg.yield %v : f32
  }
  srdfg.return %r, %y : !srdfg.edge<output, tensor<3xf32>>, !srdfg.edge<output, tensor<3xf32>>
}
