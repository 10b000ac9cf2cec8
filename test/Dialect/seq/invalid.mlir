// seq verifier and parser errors.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{unknown seq type 'clk'}}
hw.module @m(in %c : !seq.clk) {}

// -----

// expected-error @+1 {{expected a positive depth followed by 'x' and the element type}}
hw.module @m(in %c : !seq.hlmem<0xi8>) {}

// -----

// expected-error @+1 {{memory element must be a hardware value type}}
hw.module @m(in %c : !seq.hlmem<4xf32>) {}

// -----

hw.module @m(in %clk : !seq.clock) {
  %d = arith.constant 1.0 : f32
  // expected-error @+1 {{registers hold hardware value types}}
  %0 = seq.compreg %d, %clk : f32
}

// -----

hw.module @m(in %clk : !seq.clock, in %d : !hw.array<2xi8>) {
  // expected-error @+1 {{a preset needs an integer register}}
  %0 = seq.firreg %d clock %clk preset 1 : !hw.array<2xi8>
}

// -----

hw.module @m(in %clk : !seq.clock, in %d : !hw.array<2xi8>) {
  // expected-error @+1 {{a preset needs an integer register}}
  %0 = "seq.firreg"(%d, %clk) {preset = 1 : i8, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!hw.array<2xi8>, !seq.clock) -> !hw.array<2xi8>
}

// -----

hw.module @m(in %a : i2) {
  // expected-error @+1 {{expected a !seq.hlmem type}}
  %0 = seq.read %a[%a] {latency = 0} : i2
}

// -----

hw.module @m(in %a : i2) {
  // expected-error @+1 {{expects a !seq.hlmem memory}}
  %0 = "seq.read"(%a, %a) {latency = 0, operandSegmentSizes = array<i32: 1, 1, 0>} : (i2, i2) -> i2
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1, in %a : i3) {
  %mem = seq.hlmem @mem %clk, %rst : !seq.hlmem<4xi8>
  // expected-error @+1 {{address must be i2 for a memory of depth 4}}
  %0 = "seq.read"(%mem, %a) {latency = 0, operandSegmentSizes = array<i32: 1, 1, 0>} : (!seq.hlmem<4xi8>, i3) -> i8
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1, in %a : i2) {
  %mem = seq.hlmem @mem %clk, %rst : !seq.hlmem<4xi8>
  // expected-error @+1 {{result must be of the memory's element type}}
  %0 = "seq.read"(%mem, %a) {latency = 0, operandSegmentSizes = array<i32: 1, 1, 0>} : (!seq.hlmem<4xi8>, i2) -> i4
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1, in %a : i2, in %d : i8) {
  %mem = seq.hlmem @mem %clk, %rst : !seq.hlmem<4xi8>
  // expected-error @+1 {{latency 0 is out of range (1 to 64)}}
  seq.write %mem[%a] %d {latency = 0} : !seq.hlmem<4xi8>
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1) {
  // expected-error @+1 {{result must be a !seq.hlmem type}}
  %mem = seq.hlmem @mem %clk, %rst : i8
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1) {
  // expected-error @+1 {{'init' must be dense<...> : tensor<4xi8> (a word for each element)}}
  %mem = seq.hlmem @mem %clk, %rst {init = dense<[1, 2]> : tensor<2xi8>} : !seq.hlmem<4xi8>
}

// -----

hw.module @m(in %clk : !seq.clock, in %rst : i1) {
  // expected-error @+1 {{'init' needs a memory of signless integers of at most 64 bits}}
  %mem = seq.hlmem @mem %clk, %rst {init = dense<[1, 2]> : tensor<2xi8>} : !seq.hlmem<2x!hw.array<2xi8>>
}
