// What ub-schedule-ilp refuses, each a located error: a graph not in
// producer order, a read whose element no affine function of its domain
// writes, a buffer nobody writes, recursion, a cycle of reads that no delay
// makes causal (CBC proves the program infeasible), and a time limit that
// is not positive.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-schedule-ilp
// RUN: strata-translate --import-halide %S/Inputs/darkroom-rl.hl | not strata-opt --ub-extract --ub-schedule-ilp=time-limit=0 2>&1 | FileCheck %s --check-prefix=LIMIT

// LIMIT: error: 'builtin.module' op ub-schedule-ilp: time-limit must be a positive number of seconds

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{ub-schedule-ilp: the buffer this port reads first is not written by an earlier statement}}
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[0] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  // expected-error @+1 {{ub-schedule-ilp: the element this port reads is not written at an affine function of its domain}}
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[0] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

ub.graph @g {
  %a = ub.buffer @a : memref<4xi16>
  %c = ub.buffer @c : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> a[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  // expected-error @+1 {{ub-schedule-ilp: the buffer this port reads has no write port}}
  %s = ub.read %c {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> c[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

ub.graph @g {
  %a = ub.buffer @a : memref<4xi16>
  %b = ub.buffer @b : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> a[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  // expected-error @+1 {{ub-schedule-ilp: a statement reading its own buffer (recursion) has no line-buffer schedule}}
  %s = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  ub.write %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16>
}

// -----

// T needs d[i+1], which U writes one cycle after it reads c[i] from T.
// expected-error @+1 {{ub-schedule-ilp: no schedule is causal (a cycle of reads needs a positive delay around it)}}
ub.graph @g {
  %a = ub.buffer @a : memref<4xi16>
  %c = ub.buffer @c : memref<4xi16>
  %d = ub.buffer @d : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ T[i] : 0 <= i < 3 }", access = "{ T[i] -> a[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  %s = ub.read %d {domain = "{ T[i] : 0 <= i < 3 }", access = "{ T[i] -> d[i + 1] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  ub.write %c {domain = "{ T[i] : 0 <= i < 3 }", access = "{ T[i] -> c[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16>
  %t = ub.read %c {domain = "{ U[i] : 0 <= i < 4 }", access = "{ U[i] -> c[i] }", schedule = "{ U[i] -> [i] }"} : memref<4xi16> -> i16
  ub.write %d {domain = "{ U[i] : 0 <= i < 4 }", access = "{ U[i] -> d[i] }", schedule = "{ U[i] -> [i] }"} : memref<4xi16>
}

// -----

// Not an error: a graph where nothing is read needs no solve.
ub.graph @g {
}
