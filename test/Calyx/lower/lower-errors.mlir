// What lower-to-calyx refuses, each with a located error.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --lower-to-calyx

// expected-error@+1 {{lower-to-calyx: argument #0: floating-point values cannot be lowered to calyx (only integers and index; arith-soft-float with memrefs and scalars makes f32 and f64 their bits)}}
func.func @f(%x: f32) {
  return
}

// -----

func.func @f(%a: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{lower-to-calyx: floating-point values cannot be lowered to calyx (only integers and index; arith-soft-float with memrefs and scalars makes f32 and f64 their bits)}}
  %x = arith.constant 1.0 : f32
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: argument #0: memrefs with dynamic shapes cannot be lowered to calyx (memories have static sizes)}}
func.func @f(%a: memref<?xi32>) {
  return
}

// -----

// Issue 30: a static shape whose element count overflows is no dynamic one.
// expected-error@+1 {{lower-to-calyx: argument #0: memrefs of more than 2^63 elements cannot be lowered to calyx}}
func.func @f(%a: memref<1048576x1048576x1048576x1048576xi32>) {
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: argument #0: memrefs of floats cannot be lowered to calyx (only memrefs of integers; arith-soft-float with memrefs makes f32 and f64 ones memories of their bits)}}
func.func @f(%a: memref<4xf32>) {
  return
}

// -----

// Floats without arith-soft-float before this pass: the message names the
// pass that makes them integers.
// expected-error@+1 {{lower-to-calyx: argument #0: memrefs of floats cannot be lowered to calyx (only memrefs of integers; arith-soft-float with memrefs makes f32 and f64 ones memories of their bits)}}
func.func @f(%a: memref<4xf64>) {
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: argument #1: floating-point values cannot be lowered to calyx (only integers and index; arith-soft-float with memrefs and scalars makes f32 and f64 their bits)}}
func.func @f(%a: memref<4xi32>, %s: f64) {
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: more than one public function; name the top one with the option top=<name>}}
module {
  func.func @a() {
    return
  }
  func.func @b() {
    return
  }
}

// -----

func.func @f(%a: memref<4xi32>, %n: i32) {
  // expected-error@+1 {{lower-to-calyx: regions with several blocks (unstructured control flow) cannot be lowered to calyx}}
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    scf.yield
  }
  return
}

// -----

func.func @f(%a: memref<4xi32>, %x: i32) -> i32 {
  // expected-error@+1 {{lower-to-calyx: this op cannot be lowered to calyx}}
  %r = math.absi %x : i32
  return %r : i32
}

// -----

func.func @f(%a: memref<4xi32>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note@+1 {{the other thread}}
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xi32>
    memref.store %v, %b[%i] : memref<4xi32>
  } {calyx.par}
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error@+1 {{lower-to-calyx: threads of a calyx.par share a memory (calyx memories have one port)}}
    %v = memref.load %a[%i] : memref<4xi32>
    memref.store %v, %a[%i] : memref<4xi32>
  } {calyx.par}
  return
}

// -----

func.func @f(%a: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<4xi32>
    %n = arith.addi %acc, %v : i32
    scf.yield %n : i32
  } {calyx.par}
  // expected-error@+1 {{lower-to-calyx: a calyx.par thread uses a result of another thread}}
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %s, %a[%i] : memref<4xi32>
  } {calyx.par}
  return
}


// -----

func.func @f(%a: memref<4xi32>) {
  // expected-error@+1 {{lower-to-calyx: calyx.par would be dropped by lower-affine: mark scf ops (e.g. scf.for) instead}}
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i] : memref<4xi32>
  } {calyx.par}
  return
}

// -----

func.func private @ext(%x: i32) -> i32
func.func @f(%a: memref<4xi32>, %x: i32) -> i32 {
  // expected-error@+1 {{lower-to-calyx: the callee must be a func.func with a body}}
  %r = func.call @ext(%x) : (i32) -> i32
  return %r : i32
}

// -----

// expected-error@+1 {{lower-to-calyx: argument #0: calyx memories have 1 to 4 dimensions}}
func.func @f(%a: memref<i32>) {
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: argument #0: integers wider than 64 bits cannot be lowered to calyx}}
func.func @f(%a: i128) {
  return
}

// -----

// expected-error@+1 {{lower-to-calyx: result #0: only integer and index results can be lowered to calyx}}
func.func @f() -> memref<4xi32> {
  %m = memref.alloc() : memref<4xi32>
  return %m : memref<4xi32>
}

// -----

// Unsigned ceiling division has no lowering (Halide's pipelines use the
// signed ones).
func.func @f(%x: i32, %y: i32) -> i32 {
  // expected-error@+1 {{lower-to-calyx: this op cannot be lowered to calyx}}
  %q = arith.ceildivui %x, %y : i32
  return %q : i32
}

// -----

// A memory with no elements (issue 30: it became a calyx.memory of size 0,
// which does not verify).
// expected-error@+1 {{lower-to-calyx: a memory with no elements (dimension 0 has size 0) cannot be a Calyx memory}}
func.func @f(%A: memref<0xi32>) {
  return
}
