// Every error the scf dialect reports: loop-carried values against results,
// the terminator each region must end with, the types along every
// control-flow edge (MLIR's RegionBranchOpInterface words, with their two
// spaces), constant steps, scf.parallel's reductions in both forms (current
// scf.reduce terminator, MLIR 14's scf.reduce ops before an empty
// scf.yield), scf.index_switch's cases, and syntax errors of the custom
// forms.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// ------------------------------------------------------------------ scf.for

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op  along control flow edge from Region #0 to Region #0: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    %y = arith.constant 1 : i32
    scf.yield %y : i32
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op  region control flow edge from Region #0 to Region #0: source has 2 operands, but target successor needs 1}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op types mismatch between 0th iter region arg and defined value}}
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op types mismatch between 0th iter operand and defined value}}
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %a : i32
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of basic block args and defined values}}
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: f32):
    scf.yield
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32, f32) {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.for' op expected body to have a single block argument for the induction variable}}
  "scf.for"(%lb, %lb, %lb) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.for' op constant step operand must be positive}}
  scf.for %i = %lb to %lb step %c0 {
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.for' op expects a non-empty block}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %c: i1) {
  // expected-error @+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'scf.condition'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  scf.for %i = %lb to %lb step %lb {
    scf.condition(%c)
  }
  return
}

// ------------------------------------------------------------------- scf.if

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op  along control flow edge from Region #0 to parent results: source type #0 'i1' should match input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %c : i1
  } else {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #1 to parent results: source has 0 operands, but target successor needs 1}}
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #1 should have no arguments}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0(%a: i1):
    scf.yield
  }) : (i1) -> ()
  return
}

// ---------------------------------------------------------------- scf.while

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to Region #1: source type #0 'i1' should match input type #0 'f32'}}
  %w = scf.while (%arg = %x) : (f32) -> f32 {
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%arg2: f32):
    scf.yield %arg2 : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #1 to Region #0: source type #0 'i1' should match input type #0 'f32'}}
  %w = scf.while (%arg = %x) : (f32) -> f32 {
    scf.condition(%c) %arg : f32
  } do {
  ^bb0(%arg2: f32):
    scf.yield %c : i1
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from parent operands to Region #0: source type #0 'f32' should match input type #0 'i1'}}
  %w = "scf.while"(%x) ({
  ^bb0(%a: i1):
    scf.condition(%c) %x : f32
  }, {
  ^bb0(%b: f32):
    scf.yield %c : i1
  }) : (f32) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+2 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  // expected-note @+2 {{terminator here}}
  %w = scf.while (%arg = %x) : (f32) -> f32 {
    scf.yield %arg : f32
  } do {
  ^bb0(%arg2: f32):
    scf.yield %arg2 : f32
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    // expected-note @+1 {{terminator here}}
    scf.condition(%c)
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected a function type}}
  scf.while : f32 {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{expected as many input types as operands (expected 1 got 0)}}
  scf.while (%a = %x) : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  // expected-error @+2 {{expected '{' after 'attributes'}}
  } attributes
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%c) : (i1) -> ()
}

// ------------------------------------------------------- scf.execute_region

func.func @f() {
  // expected-error @+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  %r = scf.execute_region -> f32 {
  ^bb0(%q: f32):
    scf.yield %q : f32
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'scf.execute_region' op  along control flow edge from Region #0 to parent results: source type #0 'i1' should match input type #0 'f32'}}
  %r = scf.execute_region -> f32 {
    scf.yield %c : i1
  }
  return
}

// ------------------------------------------------------------- scf.parallel

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32, %c: i1) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i1' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%c : i1) {
    ^bb0(%l: i1, %m: i1):
      scf.reduce.return %l : i1
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32, %c: i1) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : i1
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32, %c: i1) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      "test.done"() : () -> ()
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects one reduction region per operand: 1 operands, 0 regions}}
    "scf.reduce"(%x) : (f32) -> ()
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  "scf.reduce.return"(%x) : (f32) -> ()
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{expected 1 operands}}
  scf.parallel (%i) = (%lb) to (%lb) step (%lb, %lb) {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{1 operands present, but expected 2}}
  %p:2 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> (f32, f32) {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{1 operands present, but expected 2}}
    scf.reduce(%x : f32, f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @f(%lb: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of lower bounds (1), upper bounds (2) and steps (1)}}
  "scf.parallel"(%lb, %lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 2, 1, 0>} : (index, index, index, index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() ({
    scf.reduce
  }) {operandSegmentSizes = array<i32: 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    scf.reduce
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects a non-empty block}}
  "scf.parallel"(%lb, %lb, %lb) ({
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %c: i1) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    "scf.condition"(%c) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %p = "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32, %c: i1) {
  // expected-error @+1 {{'scf.parallel' op expects type of initial value #0: 'i1' to be the same as the result type: 'f32'}}
  %p = "scf.parallel"(%lb, %lb, %lb, %c) ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, i1) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.yield' op expects no operands in a parallel loop body, found 1}}
    scf.yield %x : f32
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %p = "scf.parallel"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index):
    scf.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32, %c: i1) {
  %p = "scf.parallel"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.mlir14_reduce' op expects type of reduce: 'i1' to be the same as result type: 'f32'}}
    scf.mlir14_reduce(%c)  : i1 {
    ^bb0(%l: i1, %m: i1):
      scf.reduce.return %l : i1
    }
    scf.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'scf.mlir14_reduce' op expects parent op 'scf.parallel'}}
  scf.mlir14_reduce(%x)  : f32 {
  ^bb0(%l: f32, %m: f32):
    scf.reduce.return %l : f32
  }
  return
}

// --------------------------------------------------------- scf.index_switch

func.func @f(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%i) ({
    scf.yield
  }, {
    scf.yield
  }) {cases = array<i64: 1, 2>} : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 3}}
  scf.index_switch %i
  case 3 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @f(%i: index, %c: i1) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got scf.condition}}
  scf.index_switch %i
  case 3 {
    scf.condition(%c)
  }
  default {
  }
  return
}

// -----

func.func @f(%i: index, %c: i1) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %i -> i1
  case 3 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %c : i1
  }
  return
}

// -----

func.func @f(%i: index, %x: f32) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i1'}}
  %r = scf.index_switch %i -> i1
  default {
    // expected-note @+1 {{default region returns 'f32' here}}
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expects a non-empty block}}
  "scf.index_switch"(%i) ({
  ^bb0:
  }) {cases = array<i64>} : (index) -> ()
  return
}

// ---------------------------------------------------------------- scf.yield

func.func @f() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.parallel, scf.while'}}
  scf.yield
}

// -----

func.func @f(%lb: index, %x: f32) {
  %p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects a non-empty block}}
    "scf.reduce"(%x) ({
    }) : (f32) -> ()
  }
  return
}
