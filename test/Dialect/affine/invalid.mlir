// Every error the affine dialect reports while parsing and verifying: loop
// bounds (maps, prefixes, operand counts, dims and symbols), steps,
// iter_args, affine.if sets, subscripts, maps of apply/min/max, the
// bounds, steps and reductions of affine.parallel, and affine.yield.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f(%n: index) {
  // expected-error @+1 {{expected valid affine map representation for loop bounds}}
  affine.for %i = "x" to 10 {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{lower loop bound affine map with no results}}
  affine.for %i = affine_map<() -> ()>() to 10 {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 10)>(%n) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step 0 {
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32, f32) {
    affine.yield %a : f32
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{expected an integer set attribute}}
  affine.if affine_map<(d0) -> (d0)>(%n) {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{expected an affine map attribute}}
  %x = affine.apply affine_set<(d0) : (d0 >= 0)>(%n)
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{dim operand count and affine map dim count must match}}
  %x = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%n)
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{symbol operand count and affine map symbol count must match}}
  %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%n)
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{mapping must produce one value}}
  %x = affine.apply affine_map<(d0) -> (d0, d0)>(%n)
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{map must have at least one result}}
  %x = affine.min affine_map<(d0) -> ()>(%n)
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %j = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.apply' op operand cannot be used as a dimension id}}
    %x = affine.apply affine_map<(d0) -> (d0)>(%j)
  }
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.apply' op operand cannot be used as a symbol}}
    %x = affine.apply affine_map<()[s0] -> (s0)>()[%i]
  }
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %j = arith.addi %i, %i : index
    // expected-error @+1 {{'affine.load' op index must be a dimension or symbol identifier}}
    %x = affine.load %A[%j] : memref<4xf32>
  }
  return
}

// -----

func.func @f(%A: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %x = affine.load %A[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %x = "affine.load"(%A, %i, %i) {map = affine_map<(d0) -> (d0)>} : (memref<4xf32>, index, index) -> f32
  return
}

// -----

func.func @f(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %x = "affine.load"(%A, %i) {map = affine_map<(d0) -> (d0)>} : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%A: memref<4xf32>, %i: index, %v: i32) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %A, %i) {map = affine_map<(d0) -> (d0)>} : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'affine.for' op operand count must match affine map dimension and symbol count}}
  "affine.for"() ({
  ^bb0(%iv: index):
    affine.yield
  }) {lowerBoundMap = affine_map<(d0) -> (d0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() ({
  ^bb0(%iv: i32):
    affine.yield
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.for' op expected step to be representable as a positive signed integer}}
  "affine.for"() ({
  ^bb0(%iv: index):
    affine.yield
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = -1 : index} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.for' op loop bound maps must have at least one result}}
  "affine.for"() ({
  ^bb0(%iv: index):
    affine.yield
  }) {lowerBoundMap = affine_map<() -> ()>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : () -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'affine.for' op mismatch between the number of loop-carried values and results}}
  "affine.for"(%x) ({
  ^bb0(%iv: index, %a: f32):
    affine.yield
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : (f32) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'affine.for' op mismatch between the number of basic block args and results}}
  %r = "affine.for"(%x) ({
  ^bb0(%iv: index):
    affine.yield %x : f32
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'affine.for' op types mismatch between iter operand 0, its region argument and result}}
  %r = "affine.for"(%x) ({
  ^bb0(%iv: index, %a: i32):
    affine.yield %x : f32
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (4)>, step = 1 : index} : (f32) -> f32
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%i, %i) ({
    affine.yield
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index, index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'affine.if' op must have an else block if defining values}}
  %r = "affine.if"(%i) ({
    affine.yield %i : index
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index) -> index
  return
}

// -----

func.func @f(%x: f32) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield %x : f32
  }
  return
}

// -----

func.func @f(%x: f32, %y: i32) {
  %r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %y : i32
  }
  return
}

// -----

func.func @f() {
  "test.op"() ({
    // expected-error @+1 {{'affine.yield' op expects parent op to be one of 'affine.for', 'affine.if', 'affine.parallel'}}
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  // expected-error @+1 {{invalid reduction value: "addx"}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("addx") -> (f32) {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected 2 bounds in each bound list, found 1 and 2}}
  affine.parallel (%i, %j) = (0) to (4, 4) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected 1 steps}}
  affine.parallel (%i) = (0) to (4) step (1, 2) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected 2 steps}}
  affine.parallel (%i, %j) = (0, 0) to (4, 4) step (1) {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{result type mismatch}}
  affine.parallel (%i) = (0) to (4) reduce ("addf") {
  }
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op requires attribute 'lowerBoundsGroups' of 32-bit integer elements}}
  "affine.parallel"() ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = 1, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for upper bound (2) must match}}
  "affine.parallel"() ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<[1, 1]> : tensor<2xi32>, upperBoundsMap = affine_map<() -> (4, 4)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op expected every group of 'lowerBoundsGroups' to hold at least one bound}}
  "affine.parallel"() ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = dense<0> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op 'upperBoundsGroups' covers 1 results but the map has 2}}
  "affine.parallel"() ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4, 5)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (2) and the number of steps (1) must match}}
  "affine.parallel"() ({
  ^bb0(%i: index, %j: index):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op expected index region arguments}}
  "affine.parallel"() ({
  ^bb0(%i: i32):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op expected positive integer steps}}
  "affine.parallel"() ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [0], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'affine.parallel' op operand count must match affine map dimension and symbol count}}
  "affine.parallel"(%n) ({
  ^bb0(%i: index):
    affine.yield
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : (index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = "affine.parallel"() ({
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    affine.yield %c : f32
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> f32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op invalid reduction attribute}}
  %r = "affine.parallel"() ({
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    affine.yield %c : f32
  }) {lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [99], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>} : () -> f32
  return
}

// -----

func.func @f(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{use of undeclared identifier}}
  %x = affine.load %A[i] : memref<4xf32>
  return
}

// -----

func.func @f(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{%i used both as a dimension and as a symbol}}
  %x = affine.load %A[%i + symbol(%i)] : memref<4xf32>
  return
}
