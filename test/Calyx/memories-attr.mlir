// calyx.memories, the contract lower-calyx-to-hw hands whoever drives the module: an array of
// #calyx.memory<"name", comb|seq, width, [shape] (, banks = F, bank_dim = d)?>, printed as parsed.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK: hw.module @m(in %A_read_data : i32) attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [16, 16]>, #calyx.memory<"B", seq, 8, [32], banks = 4, bank_dim = 0>, #calyx.memory<"C", comb, 1, [2, 3, 4, 5]>]}
hw.module @m(in %A_read_data : i32) attributes {calyx.memories = [
    #calyx.memory<"A", comb, 32, [16, 16]>,
    #calyx.memory<"B", seq, 8, [32], banks = 4, bank_dim = 0>,
    #calyx.memory<"C", comb, 1, [2, 3, 4, 5], banks = 1, bank_dim = 3>]} {
}
