// The verifier on an accumulation controller's `phase` (ub.mem, docs/dialects/ub.md):
// one of init, accumulate, readout, as a string.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{controller #1 is not a dictionary with a 'dir' (write or read), extent, cycle_stride and addr_stride arrays of one length (at most 8) and an optional 'unit' (sram, agg, tb) and 'clock' (cycle, write); optional 'phase' (init, accumulate, readout)}}
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = 4 : i64, ctrls = [
    {dir = "write", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "init"},
    {dir = "read", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "drain"}]}
}

// -----

ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  // expected-error @+1 {{controller #0 is not a dictionary with a 'dir'}}
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = 4 : i64, ctrls = [
    {dir = "write", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = 1 : i64}]}
}

// -----

// Every phase name is accepted.
ub.graph @g {
  %b = ub.buffer @b : memref<4xi16>
  ub.mem @b_m0 {buffer = "b", kind = "ram", node = "mem", words = 4 : i64, ctrls = [
    {dir = "write", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "init"},
    {dir = "read", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "accumulate"},
    {dir = "write", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "accumulate"},
    {dir = "read", extent = array<i64: 4>, cycle_stride = array<i64: 1>, addr_stride = array<i64: 1>, phase = "readout"}]}
}
