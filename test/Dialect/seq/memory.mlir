// seq.hlmem with read ports (latency 0 and 1, with and without enable) and
// a write port; a memory with initial contents (init: a ROM's table).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @memory
hw.module @memory(in %clk : !seq.clock, in %rst : i1, in %addr : i3, in %data : i16, in %en : i1, out r : i16) {
  // CHECK: %[[M:.*]] = seq.hlmem @mem %clk, %rst : !seq.hlmem<6xi16>
  %mem = seq.hlmem @mem %clk, %rst : !seq.hlmem<6xi16>
  // CHECK: %[[R:.*]] = seq.read %[[M]][%addr] rden %en {latency = 1 : i64} : !seq.hlmem<6xi16>
  %r = seq.read %mem[%addr] rden %en {latency = 1} : !seq.hlmem<6xi16>
  // CHECK: seq.read %[[M]][%addr] {latency = 0 : i64} : !seq.hlmem<6xi16>
  %r0 = seq.read %mem[%addr] {latency = 0} : !seq.hlmem<6xi16>
  // CHECK: seq.write %[[M]][%addr] %data wren %en {latency = 1 : i64} : !seq.hlmem<6xi16>
  seq.write %mem[%addr] %data wren %en {latency = 1} : !seq.hlmem<6xi16>
  // CHECK: hw.output %[[R]] : i16
  hw.output %r : i16
}

// CHECK-LABEL: hw.module @rom
hw.module @rom(in %clk : !seq.clock, in %rst : i1, in %addr : i2, out r : i8) {
  // CHECK: seq.hlmem @table %clk, %rst {init = dense<[1, -2, 127, 0]> : tensor<4xi8>} : !seq.hlmem<4xi8>
  %t = seq.hlmem @table %clk, %rst {init = dense<[1, -2, 127, 0]> : tensor<4xi8>} : !seq.hlmem<4xi8>
  %r = seq.read %t[%addr] {latency = 0} : !seq.hlmem<4xi8>
  hw.output %r : i8
}
