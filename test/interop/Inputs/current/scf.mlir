// scf in the current spelling, through mlir-opt-14: loops with and without
// loop-carried values (the implicit scf.yield), if with and without else and
// results, while with its two regions and `attributes`, execute_region with
// one and several blocks, nesting.  (scf.parallel's current form and
// scf.index_switch are not in MLIR 14; Inputs/mlir14/scf.mlir has MLIR 14's
// parallel loops.)
func.func @loops(%lb: index, %ub: index, %s: index, %x: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    %y = arith.addf %a, %a : f32
    scf.yield %y : f32
  }
  scf.for %i = %lb to %ub step %s {
    scf.for %j = %i to %ub step %s {
      %t = arith.addi %i, %j : index
    }
  } {foo.tag}
  %p:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %r, %b = %c) -> (f32, i1) {
    scf.yield %a, %b : f32, i1
  }
  %q = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %p#0 : f32
  }
  scf.if %c {
    %t = arith.addf %x, %x : f32
  }
  scf.if %c {
  } else {
    %t = arith.mulf %x, %x : f32
  }
  return %q : f32
}

func.func @whiles(%c: i1, %x: f32) -> f32 {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %r:2 = scf.while (%a = %x, %b = %c) : (f32, i1) -> (f32, i1) {
    scf.condition(%b) %a, %b : f32, i1
  } do {
  ^bb0(%a2: f32, %b2: i1):
    scf.yield %a2, %b2 : f32, i1
  } attributes {foo.tag}
  return %r#0 : f32
}

func.func @regions(%c: i1, %x: i32) -> i32 {
  %e = scf.execute_region -> i32 {
    %z = arith.constant 1 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %z : i32
  ^bb2:
    scf.yield %x : i32
  }
  %f:2 = scf.execute_region -> (i32, i1) {
    scf.yield %e, %c : i32, i1
  }
  scf.execute_region {
    scf.yield
  }
  return %f#0 : i32
}
