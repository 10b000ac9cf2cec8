// What ub-schedule refuses.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-schedule

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{ub-schedule: the buffer this port reads is not written by an earlier statement}}
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[0] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  // expected-error @+1 {{ub-schedule: the producer's schedule is not affine on this port}}
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[0] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}
