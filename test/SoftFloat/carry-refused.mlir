// With memrefs=true, an op with regions that arith-soft-float does not know
// and that passes f32 through them is refused at that op, by name, before
// anything changes: which of its operands, region arguments, yields and
// results must agree is its own rule (lower-to-calyx would otherwise name a
// bitcast of it).
// RUN: strata-opt --split-input-file --verify-diagnostics '--pass-pipeline=builtin.module(arith-soft-float{memrefs=true})' %s

func.func @region(%A: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{arith-soft-float: 'scf.execute_region' carries f32 or f64 through its regions; with memrefs only affine.for, affine.if, scf.for, scf.if and scf.while can carry them as bits}}
  %v = scf.execute_region -> f32 {
    %a = memref.load %A[%c0] : memref<2xf32>
    scf.yield %a : f32
  }
  memref.store %v, %A[%c0] : memref<2xf32>
  return
}

// -----

func.func @parallel(%A: memref<8xf32>, %B: memref<1xf32>) {
  // expected-error @+1 {{'affine.parallel' carries f32 or f64 through its regions}}
  %r = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.yield %a : f32
  }
  affine.store %r, %B[0] : memref<1xf32>
  return
}

// -----

func.func @switch(%A: memref<2xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %A[%c0] : memref<2xf32>
  // expected-error @+1 {{'scf.index_switch' carries f32 or f64 through its regions}}
  %v = scf.index_switch %k -> f32
  case 1 {
    %n = arith.negf %a : f32
    scf.yield %n : f32
  }
  default {
    scf.yield %a : f32
  }
  memref.store %v, %A[%c1] : memref<2xf32>
  return
}
