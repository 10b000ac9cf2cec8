// Verifier errors of the ub dialect, each located at the op at fault.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'domain' is not an isl set}}
  ub.write %b {domain = "{ S[i] : 0 <= i < }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

// A name followed by a number in a tuple: refused before isl reads it (isl
// refuses it too, but leaks the name's id doing so; issue 30).
ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'domain' is not an isl set: a tuple holds a name followed by a number ('a 0')}}
  ub.write %b {domain = "{ a 0 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' is not an isl map: a tuple holds a name followed by a number ('b 1')}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b 1 }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' is not an isl map}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'schedule' is not an isl map}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i +] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' is not a map from the domain's space}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'schedule' is not a map from the domain's space}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i, j] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' must reach buffer 'b' (its range tuple is 'c')}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> c[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' has 2 indices for a buffer of rank 1}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i, 0] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'schedule' must give one cycle number}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i, 0] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' reaches outside the 1-d shape of buffer 'b'}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i + 1] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'access' must give one element for each point of the domain}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[j] : 0 <= j < 4 }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'schedule' must give one cycle for each point of the domain}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] : i < 2 }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{port objects have no parameters (sizes are constants in a tile)}}
  ub.write %b {domain = "[n] -> { S[i] : 0 <= i < 4 }", access = "[n] -> { S[i] -> b[i] }", schedule = "[n] -> { S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{'domain' needs a named tuple (the kernel's statement)}}
  ub.write %b {domain = "{ [i] : 0 <= i < 4 }", access = "{ [i] -> b[i] }", schedule = "{ [i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{the read value must have the buffer's element type}}
  %r = ub.read %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16> -> i32
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  %c = arith.constant 0 : i32
  // expected-error @+1 {{the written value must have the buffer's element type}}
  ub.write %b from %c : i32 {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{a buffer has a static shape}}
  %b = ub.buffer @b : memref<?xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{a buffer name is an identifier (it names the isl tuple of its accesses)}}
  %b = ub.buffer @"b-1" : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{a buffer name has 1 to 63 characters}}
  %b = ub.buffer @"" : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{capacity must be non-negative}}
  %b = ub.buffer @b {capacity = -1} : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{arg must be a non-negative argument number}}
  %b = ub.buffer @b {arg = -2} : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{unknown buffer kind 'fifo'}}
  %b = ub.buffer @b {kind = "fifo"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{buffer 'b' is defined twice in the graph}}
  %c = ub.buffer @b : memref<4xi16>
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{latency must be non-negative, got -1}}
  %k = ub.kernel @k(%c) {latency = -1} : (i16) -> i16 {
  ^bb0(%a: i16):
    ub.yield %a : i16
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{the body takes 0 arguments for 1 inputs}}
  %k = ub.kernel @k(%c) {latency = 0} : (i16) -> i16 {
    ub.yield %c : i16
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{body argument #0 does not have the type of input #0}}
  %k = ub.kernel @k(%c) {latency = 0} : (i16) -> i16 {
  ^bb0(%a: i32):
    ub.yield %c : i16
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  %k = ub.kernel @k(%c) {latency = 0} : (i16) -> i16 {
  ^bb0(%a: i16):
    // expected-error @+1 {{yields 0 values for 1 kernel results}}
    ub.yield
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i32
  %k = ub.kernel @k(%c) {latency = 0} : (i32) -> i16 {
  ^bb0(%a: i32):
    // expected-error @+1 {{yielded value #0 does not have the type of kernel result #0}}
    ub.yield %a : i32
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{a kernel needs a body}}
  %k = ub.kernel @k(%c) {latency = 0} : (i16) -> i16 {
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{the body must end with ub.yield}}
  %k = ub.kernel @k(%c) {latency = 0} : (i16) -> i16 {
  ^bb0(%a: i16):
    %d = arith.addi %a, %a : i16
  }
}

// -----

ub.graph @g {
  %c = arith.constant 0 : i16
  // expected-error @+1 {{a kernel takes at most 64 inputs and 8 results}}
  %k:9 = ub.kernel @k(%c) {latency = 0} : (i16) -> (i16, i16, i16, i16, i16, i16, i16, i16, i16) {
  ^bb0(%a: i16):
    ub.yield %a, %a, %a, %a, %a, %a, %a, %a, %a : i16, i16, i16, i16, i16, i16, i16, i16, i16
  }
}

// -----

ub.graph @g {
  // expected-error @+1 {{a buffer has a ranked memref type of at most 8 dimensions}}
  %b = ub.buffer @b : memref<1x1x1x1x1x1x1x1x1xi16>
}

// -----

ub.graph @g {
  %m = memref.alloc() : memref<4xi16>
  // expected-error @+1 {{a port's buffer must be a ub.buffer}}
  ub.write %m {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

// A tiled graph (tiles: the host's tile loops' trip counts).
// expected-error @+1 {{tiles is an array of 1 to 4 trip counts}}
ub.graph @g attributes {tiles = array<i64: 2, 2, 2, 2, 2>} {
  %b = ub.buffer @b {arg = 0 : i64, host_shape = array<i64: 8>, tile_offset = array<i64: 0, 4, 0, 0, 0, 0>} : memref<4xi16>
}

// -----

// expected-error @+1 {{a tile loop runs at least once}}
ub.graph @g attributes {tiles = array<i64: 0>} {
  %b = ub.buffer @b : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{host_shape and tile_offset belong to a host argument's buffer in a graph with tiles}}
  %b = ub.buffer @b {arg = 0 : i64, host_shape = array<i64: 8>, tile_offset = array<i64: 0, 4>} : memref<4xi16>
}

// -----

ub.graph @g attributes {tiles = array<i64: 2>} {
  // expected-error @+1 {{host_shape needs one extent per dimension, tile_offset an origin and 1 strides per dimension}}
  %b = ub.buffer @b {arg = 0 : i64, host_shape = array<i64: 8>, tile_offset = array<i64: 0>} : memref<4xi16>
}

// -----

ub.graph @g attributes {tiles = array<i64: 3>} {
  // expected-error @+1 {{a run's footprint leaves the host array in dimension 0 (elements 0 to 11 of 8)}}
  %b = ub.buffer @b {arg = 0 : i64, host_shape = array<i64: 8>, tile_offset = array<i64: 0, 4>} : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{a parameter is an integer of at most 64 bits, an f32 or an f64}}
  %k = ub.param @k {arg = 1 : i64} : index
}

// -----

ub.graph @g {
  // expected-error @+1 {{arg must be a non-negative argument number}}
  %k = ub.param @k {arg = -1 : i64} : i32
}

// -----

ub.graph @g {
  // expected-error @+1 {{a parameter name is an identifier (it names the design's input port)}}
  %k = ub.param @"k-1" {arg = 1 : i64} : i32
}
