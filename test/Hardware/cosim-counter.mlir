// The counter of the design suite: strata-hwsim and Verilator agree for
// 1000 random cycles, and the exported Verilog is lint-clean under -Wall.
// REQUIRES: verilator
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %S/Inputs/counter.mlir --work %t --cycles 1000 --seed 5 | FileCheck %s
// CHECK: lint clean
// CHECK: 1000 cycles identical
