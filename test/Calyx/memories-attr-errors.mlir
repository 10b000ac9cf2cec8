// The checks of #calyx.memory and of calyx.memories, one chunk each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{#calyx.memory: expected 'comb' or 'seq', got 'rom'}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", rom, 32, [8]>]} {}

// -----

// expected-error @+1 {{#calyx.memory: the width must be 1 to 1048576}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 0, [8]>]} {}

// -----

// expected-error @+1 {{#calyx.memory: a dimension must be 1 to 9223372036854775807}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8, 0]>]} {}

// -----

// expected-error @+1 {{#calyx.memory: a memory has 1 to 4 dimensions}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [1, 2, 3, 4, 5]>]} {}

// -----

// expected-error @+1 {{#calyx.memory: the bank count must be 1 to 1048576}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8], banks = 0, bank_dim = 0>]} {}

// -----

// expected-error @+1 {{#calyx.memory: bank_dim 1 is no dimension of the memory}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8], banks = 2, bank_dim = 1>]} {}

// -----

// expected-error @+1 {{#calyx.memory: the banks must divide the banked dimension}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8], banks = 3, bank_dim = 0>]} {}

// -----

// expected-error @+1 {{#calyx.memory: a memory needs a name}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"", comb, 32, [8]>]} {}

// -----

// expected-error @+1 {{unknown attribute `mem` in dialect `calyx`}}
hw.module @m() attributes {calyx.memories = [#calyx.mem<"A", comb, 32, [8]>]} {}

// -----

// expected-error @+1 {{'calyx.memories' must be an array of #calyx.memory attributes}}
hw.module @m() attributes {calyx.memories = #calyx.memory<"A", comb, 32, [8]>} {}

// -----

// expected-error @+1 {{'calyx.memories' entry 1 is no #calyx.memory attribute}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8]>, "B:comb:32:8"]} {}

// -----

// expected-error @+1 {{'calyx.memories' names memory 'A' twice}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8]>, #calyx.memory<"A", seq, 32, [8]>]} {}

// -----

// expected-error @+1 {{#calyx.memory: the read port count must be 1 to 4}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8], read_ports = 5>]} {}

// -----

// A banked memory has a port per bank, no further read ports.
// expected-error @+1 {{expected '>'}}
hw.module @m() attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8], read_ports = 2, banks = 2, bank_dim = 0>]} {}
