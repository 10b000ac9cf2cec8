// Memories with initial contents (seq.hlmem's init): a 12-word ROM with
// negative words (their bits, masked to the element's width) read at
// latencies 0 and 1 (addresses 12-15 read 0), and an initialised RAM that
// a write port changes.  The export assigns each word in an initial block,
// which Verilator and synthesis read; strata-hwsim starts from the same
// contents, and the two agree for 500 random cycles.
// RUN: strata-translate --export-verilog %s | FileCheck %s --check-prefix=SV
// SV:      logic [7:0] rom [0:11];
// SV-NEXT: initial begin
// SV-NEXT:   rom[0] = 8'h3;
// SV-NEXT:   rom[1] = 8'hfe;
// SV:        rom[11] = 8'h80;
// SV-NEXT: end
// SV:      logic [15:0] ram [0:3];
// SV-NEXT: initial begin
// SV-NEXT:   ram[0] = 16'h7;
// SV-NEXT:   ram[1] = 16'h7;
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %s --work %t --cycles 500 --seed 7 | FileCheck %s
// CHECK: lint clean
// CHECK: 500 cycles identical
hw.module @tables(in %clk : !seq.clock, in %rst : i1, in %a : i4, in %rden : i1, in %wa : i2, in %wd : i16, in %wren : i1,
               out q0 : i8, out q1 : i8, out r : i16) {
  %rom = seq.hlmem @rom %clk, %rst {init = dense<[3, -2, 17, 127, -128, 0, 5, 99, -1, 64, 33, -128]> : tensor<12xi8>} : !seq.hlmem<12xi8>
  %ram = seq.hlmem @ram %clk, %rst {init = dense<7> : tensor<4xi16>} : !seq.hlmem<4xi16>
  %q0 = seq.read %rom[%a] {latency = 0} : !seq.hlmem<12xi8>
  %q1 = seq.read %rom[%a] rden %rden {latency = 1} : !seq.hlmem<12xi8>
  seq.write %ram[%wa] %wd wren %wren {latency = 1} : !seq.hlmem<4xi16>
  %r = seq.read %ram[%wa] {latency = 0} : !seq.hlmem<4xi16>
  hw.output %q0, %q1, %r : i8, i8, i16
}
