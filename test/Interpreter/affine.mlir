// affine ops executed directly: loops with max/min bounds, steps and
// iteration arguments; affine.if with and without else; affine.apply, min,
// max with floor semantics; loads and stores through maps; affine.parallel
// with reductions starting from their identity.  Expected values by hand.
// Sum of i for i in [max(n - 5, 0), min(n, 8)) step 2: n=7 -> i in 2,4,6 = 12.
// RUN: strata-run %s --entry=bounds --arg=index:7 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: index:12
// n=20 -> i in [15, 8): no trip, the init 0.
// RUN: strata-run %s --entry=bounds --arg=index:20 | FileCheck %s --check-prefix=NOTRIP
// NOTRIP: index:0
// apply: -7 floordiv 2 = -4, -7 mod 3 = 2, -7 ceildiv 2 = -3; min(-7 + 1, 5) = -6, max = 5.
// RUN: strata-run %s --entry=maps --arg=index:-7 | FileCheck %s --check-prefix=MAPS
// MAPS: index:-4
// MAPS-NEXT: index:2
// MAPS-NEXT: index:-3
// MAPS-NEXT: index:-6
// MAPS-NEXT: index:5
// Reversal through maps: B[i] = A[3 - i], then the if keeps odd i doubled.
// RUN: strata-run %s --entry=access --arg=memref:%S/Inputs/affine_1234.npy --arg=memref:zeros | FileCheck %s --check-prefix=ACCESS
// ACCESS: i32:4
// ACCESS-NEXT: i32:6
// ACCESS-NEXT: i32:2
// ACCESS-NEXT: i32:2
// Parallel reductions over a 2x3 box step (1, 2): i*10+j for (0,0),(0,2),(1,0),(1,2): sum 24, max 12, product 0.
// RUN: strata-run %s --entry=par | FileCheck %s --check-prefix=PAR
// PAR: i64:24
// PAR-NEXT: i64:12
// PAR-NEXT: f32:-0
// A floordiv by a zero symbol is undefined behaviour.
// RUN: not strata-run %s --entry=divzero --arg=index:0 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: error: undefined behaviour: affine map of 'affine.apply' cannot be evaluated (overflow, or a division or modulo by a value below 1)
// RUN: not strata-run %s --entry=setdiv --arg=index:0 2>&1 | FileCheck %s --check-prefix=SET
// SET: error: undefined behaviour: integer set of 'affine.if' cannot be evaluated
// RUN: not strata-run %s --entry=badkind 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: error: no interpreter semantics for reduction 'addf' of 'affine.parallel' on this type

func.func @badkind() -> i32 {
  %r = affine.parallel (%i) = (0) to (2) reduce ("addf") -> (i32) {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return %r : i32
}

func.func @bounds(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = max affine_map<()[s0] -> (s0 - 5, 0)>()[%n] to min affine_map<()[s0] -> (s0, 8)>()[%n] step 2 iter_args(%a = %c0) -> (index) {
    %s = arith.addi %a, %i : index
    affine.yield %s : index
  }
  return %r : index
}

func.func @maps(%n: index) -> (index, index, index, index, index) {
  %a = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%n)
  %b = affine.apply affine_map<(d0) -> (d0 mod 3)>(%n)
  %c = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%n)
  %d = affine.min affine_map<(d0) -> (d0 + 1, 5)>(%n)
  %e = affine.max affine_map<(d0) -> (d0 + 1, 5)>(%n)
  return %a, %b, %c, %d, %e : index, index, index, index, index
}

func.func @access(%A: memref<4xi32>, %B: memref<4xi32>) -> (i32, i32, i32, i32) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[3 - %i] : memref<4xi32>
    affine.store %v, %B[%i] : memref<4xi32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %B[%i] : memref<4xi32>
    affine.if affine_set<(d0) : (d0 mod 2 - 1 == 0)>(%i) {
      %w = arith.addi %v, %v : i32
      affine.store %w, %B[%i] : memref<4xi32>
    } else {
      affine.store %v, %B[%i] : memref<4xi32>
    }
  }
  %r0 = affine.load %B[0] : memref<4xi32>
  %r1 = affine.load %B[1] : memref<4xi32>
  %r2 = affine.load %B[2] : memref<4xi32>
  %r3 = affine.load %B[3] : memref<4xi32>
  return %r0, %r1, %r2, %r3 : i32, i32, i32, i32
}

func.func @par() -> (i64, i64, f32) {
  %r:3 = affine.parallel (%i, %j) = (0, 0) to (2, 3) step (1, 2) reduce ("addi", "maxs", "mulf") -> (i64, i64, f32) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
    %v = arith.index_cast %k : index to i64
    %f = arith.sitofp %v : i64 to f32
    %z = arith.constant 0.0 : f32
    %g = arith.subf %z, %f : f32
    affine.yield %v, %v, %g : i64, i64, f32
  }
  return %r#0, %r#1, %r#2 : i64, i64, f32
}

func.func @divzero(%n: index) -> index {
  %a = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%n)[%n]
  return %a : index
}

func.func @setdiv(%n: index) {
  affine.if affine_set<()[s0] : (5 mod s0 >= 0)>()[%n] {
  }
  return
}
