// What the ub simulator refuses or reports, located at the op at fault.
// RUN: %python %S/Inputs/gen-pgm.py 4 4 1 %t.pgm
// RUN: %python %S/Inputs/gen-pgm.py 8 4 1 %t.8x4.pgm
// RUN: head -c 20 %t.pgm > %t.short.pgm
// RUN: not strata-opt %S/Inputs/copy.mlir --ub-simulate=input=%t.missing.pgm 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not strata-opt %S/Inputs/copy.mlir --ub-simulate=input=%t.8x4.pgm 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not strata-opt %S/Inputs/copy.mlir --ub-simulate=input=%t.short.pgm 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not strata-opt %S/Inputs/copy.mlir --ub-simulate 2>&1 | FileCheck %s --check-prefix=NOINPUT
// RUN: not strata-opt %S/Inputs/copy.mlir --ub-simulate=input=%t.pgm,output=%t.nodir/x.npy 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: sed 's/xi16/xf16/g; s/-> i16/-> f16/' %S/Inputs/copy.mlir > %t.f16.mlir
// RUN: not strata-opt %t.f16.mlir --ub-simulate=input=%t.pgm,output=%t.f.npy 2>&1 | FileCheck %s --check-prefix=FLOAT
// .npy inputs: the shape must be the buffer's, the data complete.
// RUN: %python %S/Inputs/gen-npy.py 1 %t.4x4.npy f4 4 4
// RUN: %python %S/Inputs/gen-npy.py 1 %t.4x5.npy f4 4 5
// RUN: head -c 150 %t.4x4.npy > %t.short.npy
// RUN: sed 's/xi16/xf32/g; s/-> i16/-> f32/' %S/Inputs/copy.mlir > %t.f32.mlir
// RUN: strata-opt %t.f32.mlir --ub-simulate=input=%t.4x4.npy,output=%t.copy.npy -o %t.out
// RUN: cmp %t.4x4.npy %t.copy.npy
// RUN: not strata-opt %t.f32.mlir --ub-simulate=input=%t.4x5.npy 2>&1 | FileCheck %s --check-prefix=NPYSHAPE
// RUN: not strata-opt %t.f32.mlir --ub-simulate=input=%t.short.npy 2>&1 | FileCheck %s --check-prefix=NPYSHORT
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-simulate=input=%t.pgm

// OPEN: error: 'ub.buffer' op ub-simulate: cannot open '{{.*}}missing.pgm': No such file or directory
// SHAPE: error: 'ub.buffer' op ub-simulate: '{{.*}}' is not a binary PGM of the 4x4 shape of buffer 'b'
// SHORT: error: 'ub.buffer' op ub-simulate: '{{.*}}' ends early
// NOINPUT: error: 'ub.write' op ub-simulate: no input file for the host stream into buffer 'b'
// WRITE: error: 'ub.buffer' op ub-simulate: cannot write '{{.*}}x.npy': No such file or directory
// FLOAT: error: 'ub.buffer' op ub-simulate: outputs of integer, f32 or f64 elements only
// NPYSHAPE: error: 'ub.buffer' op ub-simulate: '{{.*}}4x5.npy' is not a .npy array of the shape of buffer 'b'
// NPYSHORT: error: 'ub.buffer' op ub-simulate: '{{.*}}short.npy': the .npy file holds fewer than 16 elements

ub.graph @g {
  // expected-error @+1 {{ub-simulate: the buffer has no capacity (run ub-capacity first)}}
  %b = ub.buffer @b {arg = 0} : memref<4x4xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b {arg = 0, capacity = 16} : memref<4x4xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [20 + 4i + j] }"} : memref<4x4xi16> -> i16
  // expected-error @+1 {{ub-simulate: the read ports of a statement must fire together}}
  %s = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [21 + 4i + j] }"} : memref<4x4xi16> -> i16
}

// -----

// The reader comes before the writer in the graph, in the same cycle.
ub.graph @g {
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<4x4xi16>
  // expected-error @+1 {{ub-simulate: element [0, 0] of buffer 'b' is not in the buffer at cycle 0}}
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
}

// -----

// A kernel's scalar argument (stratac's stream flow gives the design's
// port its word; the simulator has none).
ub.graph @g {
  // expected-error @+1 {{ub-simulate: parameter 'k' (the kernel's argument #1) has no value; the simulator plays host streams only}}
  %k = ub.param @k {arg = 1 : i64} : i16
  %b = ub.buffer @b {arg = 0, capacity = 0, kind = "wire"} : memref<4xi16>
  ub.write %b {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> b[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
  %o = ub.kernel @T(%r, %k) {latency = 0 : i64} : (i16, i16) -> i16 {
  ^bb0(%x: i16, %s: i16):
    %m = arith.muli %x, %s : i16
    ub.yield %m : i16
  }
}
