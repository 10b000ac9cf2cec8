// Memories with read latency 1: a 16-word one (every address in range) and
// a 12-word one (addresses 12-15 read 0 and write nothing), each with an
// enabled write port of latency 1, an enabled read port of latency 1, and
// a latency-0 read; plus a read port of latency 2.  Reads see the content
// before the same edge's write.  strata-hwsim and Verilator agree for 2000
// random cycles; the Verilog is lint-clean.
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %s --work %t --cycles 2000 --seed 3 | FileCheck %s
// CHECK: lint clean
// CHECK: 2000 cycles identical
hw.module @memory(in %clk : !seq.clock, in %rst : i1, in %waddr : i4, in %wdata : i32, in %wren : i1,
                  in %raddr : i4, in %rden : i1,
                  out q16 : i32, out q12 : i32, out comb16 : i32, out comb12 : i32, out q2 : i32) {
  %m16 = seq.hlmem @m16 %clk, %rst : !seq.hlmem<16xi32>
  %m12 = seq.hlmem @m12 %clk, %rst : !seq.hlmem<12xi32>
  seq.write %m16[%waddr] %wdata wren %wren {latency = 1} : !seq.hlmem<16xi32>
  seq.write %m12[%waddr] %wdata wren %wren {latency = 1} : !seq.hlmem<12xi32>
  %q16 = seq.read %m16[%raddr] rden %rden {latency = 1} : !seq.hlmem<16xi32>
  %q12 = seq.read %m12[%raddr] rden %rden {latency = 1} : !seq.hlmem<12xi32>
  %c16 = seq.read %m16[%raddr] {latency = 0} : !seq.hlmem<16xi32>
  %c12 = seq.read %m12[%raddr] rden %rden {latency = 0} : !seq.hlmem<12xi32>
  %q2 = seq.read %m12[%raddr] {latency = 2} : !seq.hlmem<12xi32>
  hw.output %q16, %q12, %c16, %c12, %q2 : i32, i32, i32, i32, i32
}
