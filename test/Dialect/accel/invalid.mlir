// What the accel dialect's verifier refuses: a mark on an op it does not
// apply to, a value of the wrong kind, an unknown name, and on function
// arguments anything but a name and a memory level.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{'accel.kernel' marks a func.func}}
%a = memref.alloc() {accel.kernel} : memref<4xi16>

// -----

// expected-error @+1 {{'accel.kernel' is a unit attribute}}
func.func @f() attributes {accel.kernel = 1 : i64} {
  return
}

// -----

// expected-error @+1 {{'accel.launch' marks an affine.for}}
func.func @f() attributes {accel.launch = "f"} {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.launch' is the accelerator's name, a non-empty string}}
  affine.for %i = 0 to 1 {
  } {accel.launch = ""}
  return
}

// -----

// expected-error @+1 {{'accel.unroll' marks an affine.for}}
func.func @f() attributes {accel.unroll} {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.unroll' is a unit attribute}}
  affine.for %i = 0 to 4 {
  } {accel.unroll = true}
  return
}

// -----

// expected-error @+1 {{'accel.latency' marks an affine.for (a stage's outer loop)}}
func.func @f() attributes {accel.latency = 2 : i64} {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.latency' is a non-negative integer of cycles}}
  affine.for %i = 0 to 4 {
  } {accel.latency = -1 : i64}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.latency' is a non-negative integer of cycles}}
  affine.for %i = 0 to 4 {
  } {accel.latency = "3"}
  return
}

// -----

// expected-error @+1 {{'accel.name' names a memref.alloc or alloca (or a function argument)}}
func.func @f() attributes {accel.name = "f"} {
  return
}

// -----

// expected-error @+1 {{'accel.name' is a non-empty string}}
%a = memref.alloc() {accel.name = 3 : i64} : memref<4xi16>

// -----

func.func @f() {
  // expected-error @+1 {{'accel.store_in' places a memref.alloc or alloca}}
  affine.for %i = 0 to 4 {
  } {accel.store_in = "tile"}
  return
}

// -----

// The levels are the accel vocabulary's, not a frontend's (Halide's MemoryTile).
// expected-error @+1 {{'accel.store_in' is one of "host", "global", "tile", "register", "rom"}}
%a = memref.alloc() {accel.store_in = "MemoryTile"} : memref<4xi16>

// -----

// expected-error @+1 {{unknown accel attribute 'accel.accelerator'}}
%a = memref.alloc() {accel.accelerator = "a"} : memref<4xi16>

// -----

// expected-error @+1 {{argument 1: 'accel.name' is a non-empty string}}
func.func @f(%a: memref<4xi16>, %b: memref<4xi16> {accel.name = ""}) {
  return
}

// -----

// expected-error @+1 {{argument 0: 'accel.store_in' is one of "host", "global", "tile", "register", "rom"}}
func.func @f(%a: memref<4xi16> {accel.store_in = "GLB"}) {
  return
}

// -----

// expected-error @+1 {{argument 0: 'accel.kernel' is no argument attribute (accel.name and accel.store_in are)}}
func.func @f(%a: memref<4xi16> {accel.kernel}) {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.output_rate' marks an accelerator's launch loop (an affine.for with accel.launch)}}
  affine.for %i = 0 to 4 {
  } {accel.output_rate = 2 : i64}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'accel.output_rate' is a positive integer of values per cycle}}
  affine.for %i = 0 to 4 {
  } {accel.launch = "a", accel.output_rate = 0 : i64}
  return
}
