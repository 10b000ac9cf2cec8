// What convert-ub-to-hw refuses, located at the buffer or port at fault.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --convert-ub-to-hw

ub.graph @g {
  // expected-error @+1 {{ub-to-hw: buffer 'b' has no capacity; run ub-capacity first}}
  %b = ub.buffer @b {arg = 0} : memref<4x4xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
}

// -----

// The host must stream an argument row-major: this one comes column by column.
ub.graph @g {
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<4x4xi16>
  // expected-error @+1 {{ub-to-hw: the host stream of buffer 'b' must be an argument read or written row-major, one element per value}}
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[j, i] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[j, i] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
}

// -----

// Two host streams read one buffer.
ub.graph @g {
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<4x4xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
  // expected-error @+1 {{ub-to-hw: buffer 'b' has a second host stream}}
  %q = ub.read %b {domain = "{ U[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ U[i, j] -> b[i, j] }", schedule = "{ U[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
}

// -----

// Floats other than f32 and f64 (which stream as their bits,
// arith-soft-float) have no comb form.
ub.graph @g {
  // expected-error @+1 {{ub-to-hw: buffer 'b' must hold integers of at most 64 bits, f32 or f64}}
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<4x4xf16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xf16>
  %r = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xf16> -> f16
}

// -----

// A kernel op without a hardware form.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x4xi16>
  %b = ub.buffer @b {arg = 1, capacity = 0} : memref<4x4xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %a {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> a[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    // expected-error @+1 {{ub-to-hw: 'arith.ceildivsi' has no hardware form here (kernels of integer arith ops only)}}
    %y = arith.ceildivsi %x, %x : i16
    ub.yield %y : i16
  }
  ub.write %b from %v : i16 {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> b[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %o = ub.read %b {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> b[i, j] }", schedule = "{ T[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
}

// -----

// A kernel whose schedule steps 2 cycles along one dimension and 3 along
// the other is no mixed-radix counter (a downsampled stage firing every
// other cycle, 5 + 8i + 2j, is one: hw-downsample.mlir).
ub.graph @g {
  %b = ub.buffer @b {arg = 0, capacity = 0} : memref<2x2xi16>
  %c = ub.buffer @c {arg = 1, capacity = 0} : memref<2x2xi16>
  %d = ub.buffer @d {capacity = 0} : memref<2x2xi16>
  ub.write %b {domain = "{ S[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ S[i, j] -> b[i, j] }", schedule = "{ S[i, j] -> [2i + j] }"} : memref<2x2xi16>
  %r = ub.read %b {domain = "{ K[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ K[i, j] -> b[i, j] }", schedule = "{ K[i, j] -> [2i + j] }"} : memref<2x2xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %c from %v : i16 {domain = "{ K[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ K[i, j] -> c[i, j] }", schedule = "{ K[i, j] -> [2i + j] }"} : memref<2x2xi16>
  %z = ub.read %c {domain = "{ T[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ T[i, j] -> c[i, j] }", schedule = "{ T[i, j] -> [2i + j] }"} : memref<2x2xi16> -> i16
  %w = ub.kernel @m() {latency = 0} : () -> i16 {
    %0 = arith.constant 0 : i16
    ub.yield %0 : i16
  }
  // expected-error @+1 {{ub-to-hw: the schedule is not row-major; the streaming hardware needs each coefficient a multiple of the previous that covers its extent}}
  ub.write %d from %w : i16 {domain = "{ M[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ M[i, j] -> d[i, j] }", schedule = "{ M[i, j] -> [10 + 2i + 3j] }"} : memref<2x2xi16>
}

// -----

// Lanes (a dimension fired in one cycle): each lane writes its own element.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  // expected-error @+1 {{ub-to-hw: the write of buffer 'b' mixes an unrolled dimension with others in one subscript; each value of a cycle needs its own element}}
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, i + c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x8xi16>
  %q = ub.read %b {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> b[i, 0] }", schedule = "{ L[i] -> [i] }"} : memref<4x8xi16> -> i16
  %w = ub.kernel @m(%q) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> o[i] }", schedule = "{ L[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// A lane dimension scaled in the subscript: the lanes are not the elements of one dimension.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  // expected-error @+1 {{ub-to-hw: the write of buffer 'b' does not give each value of a cycle (an unrolled dimension) its own element}}
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, 2c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x8xi16>
  %q = ub.read %b {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> b[i, 0] }", schedule = "{ L[i] -> [i] }"} : memref<4x8xi16> -> i16
  %w = ub.kernel @m(%q) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> o[i] }", schedule = "{ L[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// Element 3 of a buffer whose 2 lanes write elements 0 and 1.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x8xi16>
  // expected-error @+1 {{ub-to-hw: a read of buffer 'b' takes a lane its write does not give}}
  %q = ub.read %b {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> b[i, 3] }", schedule = "{ L[i] -> [i] }"} : memref<4x8xi16> -> i16
  %w = ub.kernel @m(%q) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> o[i] }", schedule = "{ L[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// The lane read depends on the moving coordinate (a diagonal).
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x4xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i, c] : 0 <= i < 4 and 0 <= c < 4 }", access = "{ S[i, c] -> a[i, c] }", schedule = "{ S[i, c] -> [i] }"} : memref<4x4xi16>
  // expected-error @+1 {{ub-to-hw: a read of buffer 'a' must choose its lane (an unrolled dimension) by a constant or its own unrolled dimension}}
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> a[i, i] }", schedule = "{ K[i] -> [i] }"} : memref<4x4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> o[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// Two lanes read two elements of a stream written one a cycle.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4x2xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  // expected-error @+1 {{ub-to-hw: a read of buffer 'a' takes several of its elements in one cycle (an unrolled dimension); the buffer gives one a cycle}}
  %r = ub.read %a {domain = "{ K[i, c] : 1 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i - c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, c] : 1 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> o[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x2xi16>
  %z = ub.read %o {domain = "{ T[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i] }"} : memref<4x2xi16> -> i16
}

// -----

// A kernel reading one value a cycle and writing two: one datapath per lane needs lanes on all its ports.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  // expected-error @+1 {{ub-to-hw: the ports of kernel 'k' differ in their unrolled dimensions}}
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, c + 1] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x8xi16>
  %q = ub.read %b {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> b[i, 1] }", schedule = "{ L[i] -> [i] }"} : memref<4x8xi16> -> i16
  %w = ub.kernel @m(%q) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> o[i] }", schedule = "{ L[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// Coordinates are counted from the cycle the datapath computes, its write less its latency: here before cycle 0.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, c + 1] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x8xi16>
  %q = ub.read %b {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> b[i, 1] }", schedule = "{ L[i] -> [i] }"} : memref<4x8xi16> -> i16
  // expected-error @+1 {{ub-to-hw: kernel 'm' would compute before the first cycle}}
  %w = ub.kernel @m(%q) {coords = [0], latency = 1} : (i16) -> i16 {
  ^bb0(%x: i16, %n: index):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i] : 0 <= i < 4 }", access = "{ L[i] -> o[i] }", schedule = "{ L[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// A port firing 300 values a cycle: a datapath each is refused.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4x300xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  // expected-error @+1 {{ub-to-hw: the port fires more than 256 values a cycle (dimensions its schedule does not move along); each is a datapath}}
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 300 }", access = "{ K[i, c] -> a[i] }", schedule = "{ K[i, c] -> [i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 300 }", access = "{ K[i, c] -> o[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x300xi16>
  %z = ub.read %o {domain = "{ T[i, c] : 0 <= i < 4 and 0 <= c < 300 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i] }"} : memref<4x300xi16> -> i16
}

// -----

// A coordinate beyond the kernel's 1-dimensional domain.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16> -> i16
  // expected-error @+1 {{ub-to-hw: coordinate #0 of kernel 'k' names dimension 1 of a 1-dimensional domain}}
  %v = ub.kernel @k(%r) {coords = [1], latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16, %n: index):
    ub.yield %x : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> o[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// Coordinates are counted by the schedule of the kernel's write: this one
// writes nothing.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16> -> i16
  // expected-error @+1 {{ub-to-hw: kernel 'k' computes with its coordinates but writes no buffer whose schedule would count them}}
  %v = ub.kernel @k(%r) {coords = [0], latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16, %n: index):
    ub.yield %x : i16
  }
  %w = ub.kernel @m(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ K[i] : 0 <= i < 4 }", access = "{ K[i] -> o[i] }", schedule = "{ K[i] -> [i] }"} : memref<4xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xi16> -> i16
}

// -----

// A random-access buffer (here a transpose) is a register file whose
// address generators step row-major in time: a read stepping 2 cycles
// along one dimension and 3 along the other is not.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x4xi16>
  %t = ub.buffer @t {capacity = 16} : memref<4x4xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %a {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> a[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %t from %v : i16 {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> t[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16>
  // expected-error @+1 {{ub-to-hw: the address generator of this port of buffer 't' does not step row-major in time}}
  %o = ub.read %t {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> t[j, i] }", schedule = "{ T[i, j] -> [16 + 2i + 3j] }"} : memref<4x4xi16> -> i16
  %w = ub.kernel @k2(%o) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  %out = ub.buffer @out {arg = 1, capacity = 0} : memref<4x4xi16>
  ub.write %out from %w : i16 {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> out[i, j] }", schedule = "{ T[i, j] -> [16 + 2i + 3j] }"} : memref<4x4xi16>
}

// -----

// A random-access buffer written two values a cycle (an unrolled
// dimension): its register file takes one value a port and cycle.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x2xi16>
  %t = ub.buffer @t {capacity = 8} : memref<4x2xi16>
  ub.write %a {domain = "{ S[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ S[i, c] -> a[i, c] }", schedule = "{ S[i, c] -> [i] }"} : memref<4x2xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x2xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  // expected-error @+1 {{ub-to-hw: a port of random-access buffer 't' moves several values a cycle (an unrolled dimension); its register file takes one a port}}
  ub.write %t from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> t[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x2xi16>
  %o = ub.read %t {domain = "{ T[c, i] : 0 <= c < 2 and 0 <= i < 4 }", access = "{ T[c, i] -> t[i, c] }", schedule = "{ T[c, i] -> [8 + 4c + i] }"} : memref<4x2xi16> -> i16
  %w = ub.kernel @k2(%o) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  %out = ub.buffer @out {arg = 1, capacity = 0} : memref<2x4xi16>
  ub.write %out from %w : i16 {domain = "{ T[c, i] : 0 <= c < 2 and 0 <= i < 4 }", access = "{ T[c, i] -> out[c, i] }", schedule = "{ T[c, i] -> [8 + 4c + i] }"} : memref<2x4xi16>
}

// -----

// A random-access window beyond what a register file takes: a 72x72
// transpose needs all 5184 words.
ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<72x72xi16>
  // expected-error @+1 {{ub-to-hw: buffer 't' needs a random-access window of 5184 words; the stream flow builds random-access buffers as register files of at most 4096 words}}
  %t = ub.buffer @t {capacity = 5184} : memref<72x72xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 72 and 0 <= j < 72 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [72i + j] }"} : memref<72x72xi16>
  %r = ub.read %a {domain = "{ K[i, j] : 0 <= i < 72 and 0 <= j < 72 }", access = "{ K[i, j] -> a[i, j] }", schedule = "{ K[i, j] -> [72i + j] }"} : memref<72x72xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %t from %v : i16 {domain = "{ K[i, j] : 0 <= i < 72 and 0 <= j < 72 }", access = "{ K[i, j] -> t[i, j] }", schedule = "{ K[i, j] -> [72i + j] }"} : memref<72x72xi16>
  %o = ub.read %t {domain = "{ T[i, j] : 0 <= i < 72 and 0 <= j < 72 }", access = "{ T[i, j] -> t[j, i] }", schedule = "{ T[i, j] -> [5184 + 72i + j] }"} : memref<72x72xi16> -> i16
  %w = ub.kernel @k2(%o) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  %out = ub.buffer @out {arg = 1, capacity = 0} : memref<72x72xi16>
  ub.write %out from %w : i16 {domain = "{ T[i, j] : 0 <= i < 72 and 0 <= j < 72 }", access = "{ T[i, j] -> out[i, j] }", schedule = "{ T[i, j] -> [5184 + 72i + j] }"} : memref<72x72xi16>
}
