// scf in MLIR 14's own syntax: parallel loops with MLIR 14's reductions
// (scf.reduce ops in the body, an explicit scf.yield), read by
// `strata-opt --mlir14` as scf.mlir14_reduce; loops, ifs, whiles and
// execute_region as mlir-opt-14 prints them.
func @parallel(%lb: index, %ub: index, %s: index, %x: f32, %y: i32, %m: memref<8xf32>) -> (f32, i32) {
  %p:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%x, %y) -> (f32, i32) {
    %v = memref.load %m[%i] : memref<8xf32>
    scf.reduce(%v) : f32 {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
    scf.reduce(%y) : i32 {
    ^bb0(%l: i32, %r: i32):
      %t = arith.muli %l, %r : i32
      scf.reduce.return %t : i32
    }
    scf.yield
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    memref.store %x, %m[%i] : memref<8xf32>
    scf.yield
  }
  return %p#0, %p#1 : f32, i32
}

func @others(%lb: index, %x: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    %w = scf.while (%b = %a) : (f32) -> f32 {
      scf.condition(%c) %b : f32
    } do {
    ^bb0(%b2: f32):
      scf.yield %b2 : f32
    }
    scf.yield %w : f32
  }
  %q = scf.if %c -> (f32) {
    %e = scf.execute_region -> f32 {
      scf.yield %r : f32
    }
    scf.yield %e : f32
  } else {
    scf.yield %x : f32
  }
  return %q : f32
}
