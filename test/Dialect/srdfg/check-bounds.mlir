// srdfg-check-bounds checks with isl that every map of srdfg.load and
// srdfg.compute stays inside its edge over the index ranges it runs on.
// RUN: strata-opt %s --split-input-file --srdfg-check-bounds --verify-diagnostics

srdfg.graph @ok {
^bb0(%x: !srdfg.edge<input, tensor<8xf32>>, %y: !srdfg.edge<output, tensor<4xf32>>):
  %r = srdfg.compute %y {lb = array<i64: 0>, ub = array<i64: 3>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<output, tensor<4xf32>> {
  ^bb0(%i: index):
    %s = srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
    ^bb0(%j: index):
      %v = srdfg.load %x[%i, %j] {map = affine_map<(d0, d1) -> (d0 * 2 + d1)>} : !srdfg.edge<input, tensor<8xf32>> -> f32
      srdfg.yield %v : f32
    }
    srdfg.yield %s : f32
  }
  srdfg.return %r, %y : !srdfg.edge<output, tensor<4xf32>>, !srdfg.edge<output, tensor<4xf32>>
}

// -----

srdfg.graph @read_outside {
^bb0(%x: !srdfg.edge<input, tensor<8xf32>>, %y: !srdfg.edge<output, tensor<4xf32>>):
  %r = srdfg.compute %y {lb = array<i64: 0>, ub = array<i64: 3>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<output, tensor<4xf32>> {
  ^bb0(%i: index):
    // expected-error @+1 {{subscript 0 of the map leaves [0, 8) for some point of the index ranges}}
    %v = srdfg.load %x[%i] {map = affine_map<(d0) -> (d0 * 2 + 2)>} : !srdfg.edge<input, tensor<8xf32>> -> f32
    srdfg.yield %v : f32
  }
  srdfg.return %r, %y : !srdfg.edge<output, tensor<4xf32>>, !srdfg.edge<output, tensor<4xf32>>
}

// -----

srdfg.graph @write_outside {
^bb0(%x: !srdfg.edge<input, tensor<8xf32>>, %y: !srdfg.edge<output, tensor<4xf32>>):
  // expected-error @+1 {{result 0 of the map leaves [0, 4) for some point of the index ranges}}
  %r = srdfg.compute %y {lb = array<i64: 0>, ub = array<i64: 3>, map = affine_map<(d0) -> (3 - d0 * 2)>} : !srdfg.edge<output, tensor<4xf32>> {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  srdfg.return %r, %y : !srdfg.edge<output, tensor<4xf32>>, !srdfg.edge<output, tensor<4xf32>>
}
