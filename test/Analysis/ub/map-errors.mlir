// Buffers that cannot fit the target's memories, located at the buffer:
// more write ports than a memory has, a random-access buffer larger than a
// memory that cannot chain, a ROM on a memory without a ROM mode.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --acg=%S/Inputs/map-small.acg --ub-map

ub.graph @g {
  // expected-error @+1 {{buffer 'b' has 2 write ports; a M memory has 1}}
  %b = ub.buffer @b {capacity = 8 : i64} : memref<8xi16>
  ub.write %b {domain = "{ A[i] : 0 <= i <= 3 }", access = "{ A[i] -> b[i] }", schedule = "{ A[i] -> [i] }"} : memref<8xi16>
  ub.write %b {domain = "{ B[i] : 0 <= i <= 3 }", access = "{ B[i] -> b[4 + i] }", schedule = "{ B[i] -> [i] }"} : memref<8xi16>
  %r = ub.read %b {domain = "{ C[i] : 0 <= i <= 7 }", access = "{ C[i] -> b[i] }", schedule = "{ C[i] -> [10 + i] }"} : memref<8xi16> -> i16
}

// -----

// Read back in reverse order: no fixed distance, so a random-access memory
// of 64 words.
ub.graph @g {
  // expected-error @+1 {{buffer 'b' needs 64 words; a M memory holds 32 and does not chain}}
  %b = ub.buffer @b {capacity = 64 : i64} : memref<64xi16>
  ub.write %b {domain = "{ A[i] : 0 <= i <= 63 }", access = "{ A[i] -> b[i] }", schedule = "{ A[i] -> [i] }"} : memref<64xi16>
  %r = ub.read %b {domain = "{ C[i] : 0 <= i <= 63 }", access = "{ C[i] -> b[63 - i] }", schedule = "{ C[i] -> [64 + i] }"} : memref<64xi16> -> i16
}

// -----

ub.graph @g {
  // expected-error @+1 {{buffer 'lut' is a ROM; a M memory has no ROM mode}}
  %b = ub.buffer @lut {kind = "rom"} : memref<16xi16>
  %r = ub.read %b {domain = "{ C[i] : 0 <= i <= 15 }", access = "{ C[i] -> lut[i] }", schedule = "{ C[i] -> [i] }"} : memref<16xi16> -> i16
}
