// Inputs/static.mlir lowered to hw: strata-hwsim and the Verilator model of the
// exported Verilog agree cycle by cycle for 400 random cycles (random reset
// and go), and the Verilog is lint-clean.
// REQUIRES: verilator
// RUN: strata-opt %S/Inputs/static.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.mlir
// RUN: %python %strata_src_root/test/lib/hw_cosim.py %t.mlir --work %t.work --cycles 400 --seed 7 | FileCheck %s
// CHECK: lint clean
// CHECK: 400 cycles identical
