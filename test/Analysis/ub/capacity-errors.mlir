// What the capacity analysis refuses, located at the port or buffer at fault.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-capacity

ub.graph @g {
  %b = ub.buffer @b : memref<4x4xi16>
  // expected-error @+1 {{the domain must be a box with constant bounds}}
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j <= i }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{the access must be one affine function of the domain}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 8 }", access = "{ S[i] -> b[floor(i/2)] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{the schedule must be one affine function of the domain}}
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] : i < 2; S[i] -> [i + 1] : i >= 2 }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  // expected-error @+1 {{element 3 of buffer 'b' is written twice (a buffer holds one value per element and tile)}}
  ub.write %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[3 - i] }", schedule = "{ T[i] -> [i + 4] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  // expected-error @+1 {{element 3 of buffer 'b' is read but never written}}
  %b = ub.buffer @b : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 3 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i + 4] }"} : memref<4xi16> -> i16
}

// -----

ub.graph @g {
  // expected-error @+1 {{element 1 of buffer 'b' is read at cycle 0, before it is written at cycle 1}}
  %b = ub.buffer @b : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [0] }"} : memref<4xi16> -> i16
}
