// Every error the srdfg dialect reports while parsing and verifying: edge
// types, graphs and their return, nodes, yields, statements (srdfg.compute),
// reductions and loads.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{unknown flow modifier 'inout'}}
func.func private @f(!srdfg.edge<inout, f32>)

// -----

// expected-error @+1 {{an edge carries an integer or float scalar or a static tensor of one}}
func.func private @f(!srdfg.edge<input, tensor<?xf32>>)

// -----

// expected-error @+1 {{argument #0 must be an input, output, state or param edge}}
srdfg.graph @main {
^bb0(%a: !srdfg.edge<local, f32>):
  srdfg.return
}

// -----

// expected-error @+1 {{the body must end in srdfg.return}}
srdfg.graph @main {
^bb0(%a: !srdfg.edge<input, f32>):
  "test.end"() : () -> ()
}

// -----

srdfg.graph @main {
^bb0(%a: !srdfg.edge<input, tensor<2xf32>>, %o: !srdfg.edge<output, tensor<2xf32>>):
  // expected-error @+1 {{expects the final values followed by the arguments they are written to}}
  srdfg.return %o : !srdfg.edge<output, tensor<2xf32>>
}

// -----

srdfg.graph @main {
^bb0(%a: !srdfg.edge<input, tensor<2xf32>>, %o: !srdfg.edge<output, tensor<2xf32>>):
  // expected-error @+1 {{must write every output and state argument of the graph, in order}}
  srdfg.return %a, %a : !srdfg.edge<input, tensor<2xf32>>, !srdfg.edge<input, tensor<2xf32>>
}

// -----

srdfg.graph @main {
^bb0(%o: !srdfg.edge<output, tensor<2xf32>>):
  // expected-error @+1 {{must write every output and state argument of the graph, in order}}
  srdfg.return
}

// -----

srdfg.graph @main {
^bb0(%a: !srdfg.edge<input, tensor<3xf32>>, %o: !srdfg.edge<output, tensor<2xf32>>):
  // expected-error @+1 {{value #0 carries another value type than its argument}}
  srdfg.return %a, %o : !srdfg.edge<input, tensor<3xf32>>, !srdfg.edge<output, tensor<2xf32>>
}

// -----

func.func @f(%a: !srdfg.edge<input, f32>) {
  // expected-error @+1 {{the body takes 0 arguments, the node has 1 operands}}
  srdfg.node "c"(%a) : (!srdfg.edge<input, f32>) -> () {
    srdfg.yield
  }
  return
}

// -----

func.func @f(%a: !srdfg.edge<input, f32>) {
  // expected-error @+1 {{argument #0 of the body carries another value type than its operand}}
  srdfg.node "c"(%a) : (!srdfg.edge<input, f32>) -> () {
  ^bb0(%x: !srdfg.edge<input, i32>):
    srdfg.yield
  }
  return
}

// -----

func.func @f(%a: !srdfg.edge<input, f32>) {
  // expected-error @+1 {{result #0 carries another value type than the body yields}}
  %r = srdfg.node "c"(%a) : (!srdfg.edge<input, f32>) -> !srdfg.edge<local, i32> {
  ^bb0(%x: !srdfg.edge<input, f32>):
    srdfg.yield %x : !srdfg.edge<input, f32>
  }
  return
}

// -----

func.func @f(%a: !srdfg.edge<input, f32>) {
  // expected-error @+1 {{the body yields 1 values, expected 0}}
  srdfg.node "c"(%a) : (!srdfg.edge<input, f32>) -> () {
  ^bb0(%x: !srdfg.edge<input, f32>):
    srdfg.yield %x : !srdfg.edge<input, f32>
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the body must end in srdfg.yield}}
  srdfg.node "c"() : () -> () {
    "test.end"() : () -> ()
  }
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{expects parent op 'srdfg.node', 'srdfg.compute' or 'srdfg.reduce'}}
  srdfg.yield %a : f32
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{needs one lb, one ub and one index argument per index (1, 0 and 1)}}
  %r = srdfg.compute %o {lb = array<i64: 0>, ub = array<i64>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<local, tensor<2xf32>> {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{supports at most 16 indices}}
  %r = srdfg.compute %o {lb = array<i64: 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0>, ub = array<i64: 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<local, tensor<2xf32>> {
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{index argument #0 must have type 'index'}}
  %r = srdfg.compute %o {lb = array<i64: 0>, ub = array<i64: 1>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<local, tensor<2xf32>> {
  ^bb0(%i: i32):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{needs a map to address an edge of rank 1}}
  %r = srdfg.compute %o {lb = array<i64: 0>, ub = array<i64: 1>} : !srdfg.edge<local, tensor<2xf32>> {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{map must take 1 dimensions and give 1 results}}
  %r = srdfg.compute %o {lb = array<i64: 0>, ub = array<i64: 1>, map = affine_map<(d0, d1) -> (d0)>} : !srdfg.edge<local, tensor<2xf32>> {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f(%o: !srdfg.edge<local, tensor<2xf32>>) {
  // expected-error @+1 {{the body must yield the element type of the edge}}
  %r = srdfg.compute %o {lb = array<i64: 0>, ub = array<i64: 1>, map = affine_map<(d0) -> (d0)>} : !srdfg.edge<local, tensor<2xf32>> {
  ^bb0(%i: index):
    %c = arith.constant 1 : i32
    srdfg.yield %c : i32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the body must yield the result type first}}
  %r = srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1 : i32
    srdfg.yield %c : i32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the body yields 0 values, expected 1 or 2}}
  %r = srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    srdfg.yield
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the body's second value (the index filter) must be an i1}}
  %r = srdfg.reduce "sum" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c, %c : f32, f32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{a reduction other than sum, prod, max, min, argmax and argmin needs a combiner region}}
  %r = srdfg.reduce "mine" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the combiner takes two values of the result type}}
  %r = srdfg.reduce "mine" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  } {
  ^bb0(%a: f32):
    srdfg.yield %a : f32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{the combiner must yield the result type}}
  %r = srdfg.reduce "mine" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  } {
  ^bb0(%a: f32, %b: f32):
    %k = arith.constant 1 : i32
    srdfg.yield %k : i32
  }
  return
}

// -----

func.func @f(%e: !srdfg.edge<input, tensor<2xf32>>, %i: index) {
  // expected-error @+1 {{result must be the element type of the edge}}
  %v = srdfg.load %e[%i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<input, tensor<2xf32>> -> i32
  return
}

// -----

func.func @f(%e: !srdfg.edge<input, tensor<2xf32>>, %i: index) {
  // expected-error @+1 {{supports at most 16 indices}}
  %v = srdfg.load %e[%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i] {map = affine_map<(d0) -> (d0)>} : !srdfg.edge<input, tensor<2xf32>> -> f32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{value must have the scalar type the edge carries}}
  %k = srdfg.constant 1 : i64 : !srdfg.edge<param, i32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{argmax and argmin reduce over one index and give an i32}}
  %r = srdfg.reduce "argmax" {lb = array<i64: 0>, ub = array<i64: 1>} : f32 {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    srdfg.yield %c : f32
  }
  return
}
