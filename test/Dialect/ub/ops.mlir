// Round trip of every ub op: the cascade of two 3x3 blurs on 64x64 as the
// source's table 4.1 gives it (buffers input, hw_input, conv1, output).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: ub.graph @cascade
// CHECK: %[[IN:.*]] = ub.buffer @input {arg = 0 : i64} : memref<64x64xi16>
// CHECK: ub.write %[[IN]] {access = "{ in[y, x] -> input[y, x] }", domain = "{ in[y, x] : 0 <= y < 64 and 0 <= x < 64 }", schedule = "{ in[y, x] -> [64y + x] }"} : memref<64x64xi16>
// CHECK: %[[R:.*]] = ub.read %[[IN]] {{.*}} : memref<64x64xi16> -> i16
// CHECK: %[[K:.*]] = ub.kernel @hw_input(%[[R]]) {latency = 0 : i64} : (i16) -> i16 {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i16):
// CHECK-NEXT: ub.yield %[[A]] : i16
// CHECK-NEXT: }
// CHECK: ub.write %{{.*}} from %[[K]] : i16 {{{.*}}} : memref<64x64xi16>
// CHECK: ub.kernel @out(%{{.*}}, %{{.*}}) {latency = 2 : i64}
ub.graph @cascade {
  %input = ub.buffer @input {arg = 0} : memref<64x64xi16>
  ub.write %input {domain = "{ in[y, x] : 0 <= y < 64 and 0 <= x < 64 }", access = "{ in[y, x] -> input[y, x] }", schedule = "{ in[y, x] -> [64y + x] }"} : memref<64x64xi16>
  %r = ub.read %input {domain = "{ hw_input[y, x] : 0 <= y < 64 and 0 <= x < 64 }", access = "{ hw_input[y, x] -> input[y, x] }", schedule = "{ hw_input[y, x] -> [64y + x] }"} : memref<64x64xi16> -> i16
  %k = ub.kernel @hw_input(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%a: i16):
    ub.yield %a : i16
  }
  %hw_input = ub.buffer @hw_input {capacity = 130, kind = "line"} : memref<64x64xi16>
  ub.write %hw_input from %k : i16 {domain = "{ hw_input[y, x] : 0 <= y < 64 and 0 <= x < 64 }", access = "{ hw_input[y, x] -> hw_input[y, x] }", schedule = "{ hw_input[y, x] -> [64y + x] }"} : memref<64x64xi16>
  %t0 = ub.read %hw_input {domain = "{ out[y, x] : 0 <= y < 62 and 0 <= x < 62 }", access = "{ out[y, x] -> hw_input[y, x] }", schedule = "{ out[y, x] -> [130 + 64y + x] }"} : memref<64x64xi16> -> i16
  %t1 = ub.read %hw_input {domain = "{ out[y, x] : 0 <= y < 62 and 0 <= x < 62 }", access = "{ out[y, x] -> hw_input[y + 2, x + 2] }", schedule = "{ out[y, x] -> [130 + 64y + x] }"} : memref<64x64xi16> -> i16
  %o = ub.kernel @out(%t0, %t1) {latency = 2} : (i16, i16) -> i16 {
  ^bb0(%a: i16, %b: i16):
    %s = arith.addi %a, %b : i16
    ub.yield %s : i16
  }
  %output = ub.buffer @output {arg = 1, kind = "wire"} : memref<62x62xi16>
  ub.write %output from %o : i16 {domain = "{ out[y, x] : 0 <= y < 62 and 0 <= x < 62 }", access = "{ out[y, x] -> output[y, x] }", schedule = "{ out[y, x] -> [132 + 64y + x] }"} : memref<62x62xi16>
  %h = ub.read %output {domain = "{ host[y, x] : 0 <= y < 62 and 0 <= x < 62 }", access = "{ host[y, x] -> output[y, x] }", schedule = "{ host[y, x] -> [132 + 64y + x] }"} : memref<62x62xi16> -> i16
}
