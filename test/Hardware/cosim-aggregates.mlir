// The rest of hw and seq against Verilator: structs (create, extract,
// inject), array concat and slice (elements past the end read 0), bitcasts
// between arrays, structs and integers, named wires, and firreg with an
// async reset and a preset.  strata-hwsim and Verilator agree for 1000
// random cycles; the Verilog is lint-clean.
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %s --work %t --cycles 1000 --seed 13 --canonicalize | FileCheck %s
// CHECK: lint clean
// CHECK: canonicalized design identical
// CHECK: 1000 cycles identical
hw.module @aggregates(in %clk : !seq.clock, in %rst : i1, in %a : i8, in %b : i8, in %v : i1, in %i : i3,
                      out s_out : !hw.struct<data: i8, valid: i1>, out data : i8, out slice : !hw.array<3xi8>,
                      out flat : i24, out arr : !hw.array<2xi4>, out acc : i8, out pre : i8) {
  %s = hw.struct_create (%a, %v) : !hw.struct<data: i8, valid: i1>
  %s2 = hw.struct_inject %s["data"], %b : !hw.struct<data: i8, valid: i1>
  %valid = hw.struct_extract %s2["valid"] : !hw.struct<data: i8, valid: i1>
  %d = hw.struct_extract %s2["data"] : !hw.struct<data: i8, valid: i1>
  %sel = comb.mux %valid, %s2, %s : !hw.struct<data: i8, valid: i1>
  %x = hw.array_create %a, %b : i8
  %y = hw.array_create %b, %a, %b : i8
  %cat = hw.array_concat %x, %y : !hw.array<2xi8>, !hw.array<3xi8>
  %sl = hw.array_slice %cat[%i] : (!hw.array<5xi8>) -> !hw.array<3xi8>
  %flat = hw.bitcast %sl : (!hw.array<3xi8>) -> i24
  %named = hw.wire %a {name = "named_a"} : i8
  %split = hw.bitcast %named : (i8) -> !hw.array<2xi4>
  %c0 = hw.constant 0 : i8
  %sum = comb.add %acc, %d : i8
  %acc = seq.firreg %sum clock %clk reset async %rst, %c0 {name = "acc"} : i8
  %pre = seq.firreg %a clock %clk preset 165 {name = "pre"} : i8
  hw.output %sel, %d, %sl, %flat, %split, %acc, %pre : !hw.struct<data: i8, valid: i1>, i8, !hw.array<3xi8>, i24, !hw.array<2xi4>, i8, i8
}
