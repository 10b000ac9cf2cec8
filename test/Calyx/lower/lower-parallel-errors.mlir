// What lower-to-calyx refuses in an affine.parallel run as threads (memory banking), each with a
// located error and a note at the loop; option parallel=1 runs such loops sequentially.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --lower-to-calyx='parallel=2'

// A memory every thread reads at the same index would be shared by all of them.
func.func @f(%A: memref<8xi32>, %W: memref<2xi32>) {
  // expected-note@+1 {{the affine.parallel, run as 2 threads (option parallel; 1 runs it sequentially)}}
  affine.parallel (%i) = (0) to (8) {
    // expected-error@+1 {{lower-to-calyx: the threads of an affine.parallel share this memory, and no index of this access is the loop variable plus a constant, so its banks cannot be divided among the threads}}
    %w = affine.load %W[0] : memref<2xi32>
    affine.store %w, %A[%i] : memref<8xi32>
  }
  return
}

// -----

// A[i] and A[i + 1] are in different banks: the threads would meet in one.
func.func @f(%A: memref<8xi32>, %B: memref<8xi32>) {
  // expected-note@+1 {{the affine.parallel}}
  affine.parallel (%i) = (0) to (7) {
    // expected-note@+1 {{the other access}}
    %a = affine.load %A[%i] : memref<8xi32>
    // expected-error@+1 {{lower-to-calyx: the accesses of an affine.parallel to this memory reach different banks in one thread (their indices differ by other than a multiple of 2), so two threads would share a bank}}
    %b = affine.load %A[%i + 1] : memref<8xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %B[%i] : memref<8xi32>
  }
  return
}

// -----

func.func @f(%A: memref<9xi32>) {
  %c = arith.constant 1 : i32
  // expected-note@+1 {{the affine.parallel}}
  affine.parallel (%i) = (0) to (9) {
    // expected-error@+1 {{lower-to-calyx: the banked dimension of this memory does not divide evenly (9 into 2 banks)}}
    affine.store %c, %A[%i] : memref<9xi32>
  }
  return
}

// -----

// Two loops that would bank one memory differently (two threads of dimension 0, then of dimension 1).
func.func @f(%A: memref<4x4xi32>) {
  %c = arith.constant 1 : i32
  affine.parallel (%i) = (0) to (4) {
    affine.store %c, %A[%i, 0] : memref<4x4xi32>
  }
  // expected-note@+1 {{the affine.parallel}}
  affine.parallel (%j) = (0) to (4) {
    // expected-error@+1 {{lower-to-calyx: another affine.parallel already split this memory differently than into 2 banks of dimension 1}}
    affine.store %c, %A[0, %j] : memref<4x4xi32>
  }
  return
}

// -----

// Bounds the threads cannot divide statically.
func.func @f(%A: memref<8xi32>, %n: index) {
  %c = arith.constant 1 : i32
  // expected-error@+1 {{lower-to-calyx: an affine.parallel runs as threads only with constant bounds and step 1 (option parallel=1 runs it sequentially)}}
  affine.parallel (%i) = (0) to (%n) {
    affine.store %c, %A[%i] : memref<8xi32>
  }
  return
}
