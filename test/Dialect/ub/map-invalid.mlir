// Verifier errors of the mapping's IR form (ub.mem, `map`), each located at
// the op at fault.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

ub.graph @g {
  // expected-error @+1 {{unknown buffer mapping 'fifo'}}
  %b = ub.buffer @b {map = "fifo"} : memref<4xi16>
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{unknown memory kind 'cache'}}
  ub.mem @b_m0 {buffer = "b", kind = "cache", node = "mem", words = 4 : i64, ctrls = []}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{words must be non-negative}}
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = -4 : i64, ctrls = []}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{controller #1 is not a dictionary with a 'dir' (write or read), extent, cycle_stride and addr_stride arrays of one length (at most 8) and an optional 'unit' (sram, agg, tb) and 'clock' (cycle, write)}}
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = 4 : i64, ctrls = [
    {dir = "write", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>},
    {dir = "read", extent = array<i64: 4>, cycle_stride = array<i64: 1, 2>, addr_stride = array<i64: 1>}]}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{controller #0 is not a dictionary}}
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = 4 : i64, ctrls = [
    {dir = "both", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>}]}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{memory of unknown buffer 'c'}}
  ub.mem @c_m0 {buffer = "c", kind = "ram", node = "mem", words = 4 : i64, ctrls = []}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{controller #0 is not a dictionary}}
  ub.mem @b_m0 {buffer = "b", kind = "line", node = "mem", words = 4 : i64, ctrls = [
    {dir = "write", unit = "fifo", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>}]}
}
