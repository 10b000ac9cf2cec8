// A 4-entry FIFO of bytes: the entries are a register of !hw.array type
// written with hw.array_inject and read with hw.array_get; a push when
// full and a pop when empty are ignored.  strata-hwsim and Verilator agree
// for 2000 random cycles; the Verilog is lint-clean.
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %s --work %t --cycles 2000 --seed 7 --canonicalize | FileCheck %s
// CHECK: lint clean
// CHECK: canonicalized design identical
// CHECK: 2000 cycles identical
hw.module @fifo(in %clk : !seq.clock, in %rst : i1, in %push : i1, in %pop : i1, in %din : i8,
                out dout : i8, out empty : i1, out full : i1, out count : i3) {
  %c0_2 = hw.constant 0 : i2
  %c1_2 = hw.constant 1 : i2
  %c0_3 = hw.constant 0 : i3
  %c1_3 = hw.constant 1 : i3
  %c4_3 = hw.constant 4 : i3
  %zero = hw.aggregate_constant [0 : i8, 0 : i8, 0 : i8, 0 : i8] : !hw.array<4xi8>
  %is_empty = comb.icmp eq %count, %c0_3 : i3
  %is_full = comb.icmp eq %count, %c4_3 : i3
  %true = hw.constant true
  %not_full = comb.xor %is_full, %true : i1
  %not_empty = comb.xor %is_empty, %true : i1
  %do_push = comb.and %push, %not_full : i1
  %do_pop = comb.and %pop, %not_empty : i1
  %wp_inc = comb.add %wp, %c1_2 : i2
  %rp_inc = comb.add %rp, %c1_2 : i2
  %wp_next = comb.mux %do_push, %wp_inc, %wp : i2
  %rp_next = comb.mux %do_pop, %rp_inc, %rp : i2
  %wp = seq.compreg %wp_next, %clk reset %rst, %c0_2 {name = "wr_ptr"} : i2
  %rp = seq.compreg %rp_next, %clk reset %rst, %c0_2 {name = "rd_ptr"} : i2
  %written = hw.array_inject %mem[%wp], %din : !hw.array<4xi8>, i2
  %mem_next = comb.mux %do_push, %written, %mem : !hw.array<4xi8>
  %mem = seq.compreg %mem_next, %clk reset %rst, %zero {name = "entries"} : !hw.array<4xi8>
  %inc = comb.add %count, %c1_3 : i3
  %dec = comb.sub %count, %c1_3 : i3
  %after_push = comb.mux %do_push, %inc, %count : i3
  %both = comb.and %do_push, %do_pop : i1
  %after_pop = comb.mux %do_pop, %dec, %after_push : i3
  %count_next = comb.mux %both, %count, %after_pop : i3
  %count = seq.compreg %count_next, %clk reset %rst, %c0_3 {name = "count"} : i3
  %head = hw.array_get %mem[%rp] : !hw.array<4xi8>, i2
  hw.output %head, %is_empty, %is_full, %count : i8, i1, i1, i3
}
