// After each sweep canonicalize simplifies regions as MLIR 14 does:
// unreachable blocks go, dead block arguments go with the operands that fed
// them, and blocks that do the same thing merge (their differing operands
// become block arguments).  region-simplify=false keeps all of it.
// RUN: strata-opt %s --canonicalize | FileCheck %s
// RUN: strata-opt %s --canonicalize=region-simplify=false | FileCheck %s --check-prefix=OFF
// One sweep and its simplification already leave valid IR (the verifier
// runs after the pass):
// RUN: strata-opt %s --canonicalize=max-iterations=1 2>/dev/null | FileCheck %s --check-prefix=ONE

// A switch, which has no pattern that selects between operands, and
// blocks that store, which no cf pattern bypasses: what changes is region
// simplification's (as in mlir-opt-14), and then the block merge of cf.br.
// CHECK-LABEL: func.func @simplify
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1(%arg1 : i32),
// CHECK-NEXT:      1: ^bb1(%arg2 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    memref.store %[[X]], %arg3[] : memref<i32>
// CHECK-NEXT:    return %[[X]] : i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @simplify
// OFF: ^bb4:
func.func @simplify(%f: i32, %a: i32, %b: i32, %m: memref<i32>) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a, %b : i32, i32),
    1: ^bb2(%b, %a : i32, i32)
  ]
^bb1(%x: i32, %unused: i32):
  memref.store %x, %m[] : memref<i32>
  cf.br ^bb3(%x : i32)
^bb2(%y: i32, %unused2: i32):
  memref.store %y, %m[] : memref<i32>
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  return %r : i32
^bb4:
  cf.br ^bb3(%a : i32)
}

// A dead cycle through a block argument: the loop-carried value is never
// used outside the loop, so it and the ops computing it go.
// CHECK-LABEL: func.func @dead_cycle
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @dead_cycle(%c: i1, %a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%i: i32):
  %n = arith.addi %i, %a : i32
  cf.cond_br %c, ^bb1(%n : i32), ^bb2
^bb2:
  return
}

// A longer dead cycle, with a value from outside it: everything in the loop
// goes in the first sweep's simplification, nothing is left half-erased.
// CHECK-LABEL: func.func @dead_chain
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// ONE-LABEL: func.func @dead_chain
// ONE-NEXT:    cf.br ^bb1
// ONE-NEXT:  ^bb1:
// ONE-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
func.func @dead_chain(%c: i1, %a: i32) {
  %x = arith.muli %a, %a : i32
  cf.br ^bb1(%x : i32)
^bb1(%i: i32):
  %n = arith.muli %i, %x : i32
  %m = arith.addi %n, %a : i32
  %k = arith.xori %m, %x : i32
  cf.cond_br %c, ^bb1(%k : i32), ^bb2
^bb2:
  return
}
