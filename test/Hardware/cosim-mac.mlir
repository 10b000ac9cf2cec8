// A pipelined multiply-accumulate: operands registered, the 32-bit product
// registered, then a 40-bit accumulator (cleared by `clear`, loaded only
// when the valid bit arrives at the last stage).  strata-hwsim and
// Verilator agree for 1500 random cycles; the Verilog is lint-clean.
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %s --work %t --cycles 1500 --seed 11 --canonicalize | FileCheck %s
// CHECK: lint clean
// CHECK: canonicalized design identical
// CHECK: 1500 cycles identical
hw.module @mac(in %clk : !seq.clock, in %rst : i1, in %valid : i1, in %clear : i1, in %a : i16, in %b : i16,
               out acc : i40, out acc_valid : i1) {
  %c0_16 = hw.constant 0 : i16
  %c0_32 = hw.constant 0 : i32
  %c0_40 = hw.constant 0 : i40
  %false = hw.constant false
  // Stage 1: operands.
  %a1 = seq.compreg %a, %clk reset %rst, %c0_16 {name = "a_s1"} : i16
  %b1 = seq.compreg %b, %clk reset %rst, %c0_16 {name = "b_s1"} : i16
  %v1 = seq.compreg %valid, %clk reset %rst, %false {name = "v_s1"} : i1
  // Stage 2: the product, signed: operands sign-extended to 32 bits.
  %a_sign = comb.extract %a1 from 15 : (i16) -> i1
  %b_sign = comb.extract %b1 from 15 : (i16) -> i1
  %a_hi = comb.replicate %a_sign : (i1) -> i16
  %b_hi = comb.replicate %b_sign : (i1) -> i16
  %a32 = comb.concat %a_hi, %a1 : i16, i16
  %b32 = comb.concat %b_hi, %b1 : i16, i16
  %prod = comb.mul %a32, %b32 : i32
  %p2 = seq.compreg %prod, %clk reset %rst, %c0_32 {name = "prod_s2"} : i32
  %v2 = seq.compreg %v1, %clk reset %rst, %false {name = "v_s2"} : i1
  // Stage 3: accumulate.
  %p_sign = comb.extract %p2 from 31 : (i32) -> i1
  %p_hi = comb.replicate %p_sign : (i1) -> i8
  %p40 = comb.concat %p_hi, %p2 : i8, i32
  %sum = comb.add %acc, %p40 : i40
  %kept = comb.mux %v2, %sum, %acc : i40
  %next = comb.mux %clear, %c0_40, %kept : i40
  %acc = seq.compreg %next, %clk reset %rst, %c0_40 {name = "acc"} : i40
  %v3 = seq.compreg %v2, %clk reset %rst, %false {name = "v_s3"} : i1
  hw.output %acc, %v3 : i40, i1
}
