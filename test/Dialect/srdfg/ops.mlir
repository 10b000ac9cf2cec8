// Round trip of every srdfg op and of the edge type (printed, read back,
// printed again the same).
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: srdfg.graph @main attributes {domain = "DSP"} {
// CHECK: ^bb0(%[[X:.*]]: !srdfg.edge<input, tensor<4xf32>>, %[[P:.*]]: !srdfg.edge<param, i32>, %[[Y:.*]]: !srdfg.edge<output, tensor<4xf32>>):
srdfg.graph @main attributes {domain = "DSP"} {
^bb0(%x: !srdfg.edge<input, tensor<4xf32>>, %p: !srdfg.edge<param, i32>, %y: !srdfg.edge<output, tensor<4xf32>>):
  // CHECK: %[[K:.*]] = srdfg.constant 3 : i32 : !srdfg.edge<param, i32>
  %k = srdfg.constant 3 : i32 : !srdfg.edge<param, i32>
  // CHECK: %[[T:.*]] = srdfg.init : !srdfg.edge<local, tensor<4xf32>>
  %t = srdfg.init : !srdfg.edge<local, tensor<4xf32>>
  // CHECK: %[[N:.*]] = srdfg.node "shift"(%[[X]], %[[K]], %[[T]]) {domain = "DSP"} : (!srdfg.edge<input, tensor<4xf32>>, !srdfg.edge<param, i32>, !srdfg.edge<local, tensor<4xf32>>) -> !srdfg.edge<local, tensor<4xf32>> {
  %n = srdfg.node "shift"(%x, %k, %t) {domain = "DSP"} : (!srdfg.edge<input, tensor<4xf32>>, !srdfg.edge<param, i32>, !srdfg.edge<local, tensor<4xf32>>) -> !srdfg.edge<local, tensor<4xf32>> {
  ^bb0(%a: !srdfg.edge<input, tensor<4xf32>>, %h: !srdfg.edge<param, i32>, %b: !srdfg.edge<output, tensor<4xf32>>):
    // CHECK: srdfg.compute %{{.*}} {lb = array<i64: 0>, map = #{{.*}}, ub = array<i64: 2>} : !srdfg.edge<output, tensor<4xf32>> {
    %r = srdfg.compute %b {lb = array<i64: 0>, map = affine_map<(d0) -> (d0 + 1)>, ub = array<i64: 2>} : !srdfg.edge<output, tensor<4xf32>> {
    ^bb0(%i: index):
      // CHECK: srdfg.load %{{.*}}[%{{.*}}] {map = #{{.*}}} : !srdfg.edge<input, tensor<4xf32>> -> f32
      %v = srdfg.load %a[%i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<input, tensor<4xf32>> -> f32
      // CHECK: srdfg.load %{{.*}}[] : !srdfg.edge<param, i32> -> i32
      %s = srdfg.load %h[] : !srdfg.edge<param, i32> -> i32
      %f = arith.sitofp %s : i32 to f32
      %w = arith.mulf %v, %f : f32
      srdfg.yield %w : f32
    }
    // CHECK: srdfg.yield %{{.*}} : !srdfg.edge<output, tensor<4xf32>>
    srdfg.yield %r : !srdfg.edge<output, tensor<4xf32>>
  }
  // CHECK: srdfg.compute %[[Y]] {lb = array<i64: 0>, map = #{{.*}}, ub = array<i64: 3>}
  %o = srdfg.compute %y {lb = array<i64: 0>, map = affine_map<(d0) -> (d0)>, ub = array<i64: 3>} : !srdfg.edge<output, tensor<4xf32>> {
  ^bb0(%i: index):
    // CHECK: srdfg.reduce "max" {lb = array<i64: 0>, ub = array<i64: 3>} : f32 {
    %m = srdfg.reduce "max" {lb = array<i64: 0>, ub = array<i64: 3>} : f32 {
    ^bb0(%j: index):
      %v = srdfg.load %n[%i, %j] {map = affine_map<(d0, d1) -> (d1)>} : !srdfg.edge<local, tensor<4xf32>> -> f32
      %keep = arith.cmpi ne, %i, %j : index
      // CHECK: srdfg.yield %{{.*}}, %{{.*}} : f32, i1
      srdfg.yield %v, %keep : f32, i1
    }
    // CHECK: srdfg.reduce "pick"
    // CHECK: } {
    // CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
    %u = srdfg.reduce "pick" {lb = array<i64: 0>, ub = array<i64: 3>} : f32 {
    ^bb0(%j: index):
      %v = srdfg.load %x[%j] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<input, tensor<4xf32>> -> f32
      srdfg.yield %v : f32
    } {
    ^bb0(%a: f32, %b: f32):
      srdfg.yield %b : f32
    }
    %s = arith.addf %m, %u : f32
    srdfg.yield %s : f32
  }
  // CHECK: srdfg.return %{{.*}}, %[[Y]] : !srdfg.edge<output, tensor<4xf32>>, !srdfg.edge<output, tensor<4xf32>>
  srdfg.return %o, %y : !srdfg.edge<output, tensor<4xf32>>, !srdfg.edge<output, tensor<4xf32>>
}
