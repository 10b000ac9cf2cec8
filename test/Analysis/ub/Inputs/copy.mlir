// A host stream through one wire buffer back to the host (for the
// simulator's error tests).
ub.graph @copy {
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<4x4xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
}
