// calyx.memories, the contract lower-calyx-to-hw hands whoever drives the module: an array of
// #calyx.memory<"name", comb|seq, width, [shape] (, banks = F, bank_dim = d)? (, read_ports = P)?>,
// printed as parsed (read_ports = 1, the memory's own port only, is left out).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK: hw.module @m(in %A_read_data : i32) attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [16, 16]>, #calyx.memory<"B", seq, 8, [32], banks = 4, bank_dim = 0>, #calyx.memory<"C", comb, 1, [2, 3, 4, 5]>, #calyx.memory<"D", seq, 16, [64], read_ports = 2>, #calyx.memory<"E", comb, 8, [4]>]}
hw.module @m(in %A_read_data : i32) attributes {calyx.memories = [
    #calyx.memory<"A", comb, 32, [16, 16]>,
    #calyx.memory<"B", seq, 8, [32], banks = 4, bank_dim = 0>,
    #calyx.memory<"C", comb, 1, [2, 3, 4, 5], banks = 1, bank_dim = 3>,
    #calyx.memory<"D", seq, 16, [64], read_ports = 2>,
    #calyx.memory<"E", comb, 8, [4], read_ports = 1>]} {
}
