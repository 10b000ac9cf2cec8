// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The acg verifier on IR written by hand (the .acg importer never builds
// these: its own checks catch them first, see errors/).

"test.wrap"() ({
  // expected-error@+1 {{'acg.graph' op must be in a module or in another acg.graph}}
  "acg.graph"() ({}) {class = "dnn", sym_name = "g"} : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'acg.graph' op needs a 'class'}}
"acg.graph"() ({}) {sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.graph' op has a class that is no identifier}}
"acg.graph"() ({}) {class = "two words", sym_name = "g"} : () -> ()

// -----

// Any identifier is a class: a plugin's target may serve one of its own.
"acg.graph"() ({
^bb0:
}) {class = "gpu", sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.graph' op budget 'lut' must be a non-negative integer}}
"acg.graph"() ({}) {budgets = {lut = -1 : i64}, class = "fpga", sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.graph' op may not hold 'test.op'}}
"acg.graph"() ({
  "test.op"() : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.compute' op must be inside an acg.graph or acg.grid}}
"acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.compute' op 'where' and 'side' place tile kinds of a grid only}}
  "acg.compute"() {caps = [], latency = 1 : i64, side = "north", sym_name = "P"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  "acg.grid"() ({
    // expected-error@+1 {{'acg.compute' op a tile kind has either 'where' or 'side'}}
    "acg.compute"() {caps = [], latency = 1 : i64, side = "north", where = array<i64: 0, 0, 0, 0>, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  "acg.grid"() ({
    // expected-error@+1 {{'acg.compute' op 'where' must hold terms of four integers}}
    "acg.compute"() {caps = [], latency = 1 : i64, where = array<i64: 0, 0, 0>, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  "acg.grid"() ({
    // expected-error@+1 {{'acg.compute' op 'where' term 0 is malformed}}
    "acg.compute"() {caps = [], latency = 1 : i64, where = array<i64: 7, 0, 0, 0>, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  "acg.grid"() ({
    // expected-error@+1 {{'acg.comm' op has an unknown IO side}}
    "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, side = "up", sym_name = "IO", topology = "bus"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.storage' op has an unknown access type}}
  "acg.storage"() {access = "dram", banks = 1 : i64, data_width = 8 : i64, depth = 4 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 1 : i64, ports_out = 1 : i64, sym_name = "M"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.comm' op has an unknown topology}}
  "acg.comm"() {bandwidth = 16 : i64, latency = 1 : i64, ports_in = 1 : i64, ports_out = 1 : i64, sym_name = "B", topology = "star"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.compute' op capability 0 is malformed}}
  "acg.compute"() {caps = [["ADD", [i16, 0]]], latency = 1 : i64, sym_name = "P"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.compute' op 'dims' must be positive}}
  "acg.compute"() {caps = [], dims = array<i64: 0>, latency = 1 : i64, sym_name = "P"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.edge' op must be inside an acg.graph}}
"acg.edge"() {bandwidth = 8 : i64, bidirectional = false, dst = @B, latency = 1 : i64, src = @A} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.mnemonic' op field 0 is malformed}}
  "acg.mnemonic"() {fields = [["A"]], opcode = 1 : i64, sym_name = "M"} : () -> ()
}) {class = "dnn", opcode_bits = 4 : i64, sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.mnemonic' op field 'A' has an unknown access}}
  "acg.mnemonic"() {fields = [["A", 4, [], "sometimes"]], opcode = 1 : i64, sym_name = "M"} : () -> ()
}) {class = "dnn", opcode_bits = 4 : i64, sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.mnemonic' op field 'A' enumerates values and cannot be fixed}}
  "acg.mnemonic"() {fields = [["A", 4, ["X", "Y"], "", 1]], opcode = 1 : i64, sym_name = "M"} : () -> ()
}) {class = "dnn", opcode_bits = 4 : i64, sym_name = "g"} : () -> ()

// -----

// expected-error@+1 {{'acg.mnemonic' op must be inside an acg.graph}}
"acg.mnemonic"() {fields = [], opcode = 1 : i64, sym_name = "M"} : () -> ()

// -----

// expected-error@+1 {{'acg.grid' op must be inside an acg.graph}}
"acg.grid"() ({
  "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
}) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.grid' op 'tracks' must hold (width, count) pairs}}
  "acg.grid"() ({
    "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.grid' op track widths and counts must be positive}}
  "acg.grid"() ({
    "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "wilton", sym_name = "f", tracks = array<i64: 16, 0>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.grid' op has an unknown switch-box topology}}
  "acg.grid"() ({
    "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
  }) {cols = 2 : i64, rows = 2 : i64, switchbox = "crossbar", sym_name = "f", tracks = array<i64: 16, 1>} : () -> ()
}) {class = "cgra", sym_name = "g"} : () -> ()

// -----

// Issue 30: numbers past the format's ranges (docs/acg.md) are refused in
// IR too: a word of 2^63 - 1 bits overflowed the buffer mapping.
"acg.graph"() ({
  // expected-error@+1 {{'acg.storage' op 'data_width' must be at most 65536, not 9223372036854775807}}
  "acg.storage"() {access = "readwrite", banks = 1 : i64, data_width = 9223372036854775807 : i64, depth = 4 : i64, double_buffer = false, latency = 1 : i64, on_chip = true, ports_in = 1 : i64, ports_out = 1 : i64, sym_name = "M"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()

// -----

"acg.graph"() ({
  // expected-error@+1 {{'acg.compute' op 'dims' must be at most 65536 in each dimension}}
  "acg.compute"() {caps = [], dims = array<i64: 4, 100000>, latency = 1 : i64, sym_name = "pe"} : () -> ()
}) {class = "dnn", sym_name = "g"} : () -> ()
