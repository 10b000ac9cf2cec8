// Every rda op in the custom form: it prints as written (with SSA names
// renumbered), and the printed and the generic forms read back the same.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s --print-op-generic | strata-opt | FileCheck %s

// CHECK-LABEL: rda.design @dot attributes {kernel = "dot", lanes = 16 : i64} {
// CHECK: rda.dram @A : memref<64xi32> {arg = 0 : i64}
// CHECK: %[[A:.*]] = rda.stream {depth = 16 : i64} : !rda.stream<vector<16xi32>>
// CHECK: %[[S:.*]] = rda.stream {depth = 16 : i64} : !rda.stream<i32>
// CHECK: %[[T:.*]] = rda.stream {depth = 1 : i64, init = 1 : i64} : !rda.token
// CHECK: %[[N:.*]] = rda.stream {depth = 2 : i64} : !rda.stream<index>
// CHECK: rda.unit host @h {
// CHECK: %[[V:.*]] = rda.arg 3 : index
// CHECK: rda.enq %[[N]], %[[V]] at 0 : !rda.stream<index>
// CHECK: rda.unit dram @ag0 {
// CHECK: rda.context @loadA attributes {lanes = 16 : i64} {
// CHECK: %[[HI:.*]] = rda.deq %[[N]] at 0 : !rda.stream<index>
// CHECK: %[[I:.*]] = rda.counter %{{.*}} to %[[HI]] step 1 stride 32 vec
// CHECK: rda.load @A[%[[I]]] -> %[[A]] ack %[[LA:.*]] at array<i64: 0> : !rda.stream<vector<16xi32>>
// CHECK: rda.unit compute @pcu0 {
// CHECK: %[[X:.*]] = rda.deq %[[A]] at 1 : !rda.stream<vector<16xi32>>
// CHECK: %[[ACC:.*]] = rda.reg %{{.*}} reset 0 : i32
// CHECK: %[[NEXT:.*]] = rda.fold "addi" %[[ACC]], %{{.*}} : i32
// CHECK: %{{.*}} = rda.reg_set %[[ACC]], %[[NEXT]] : i32
// CHECK: rda.enq %[[S]], %[[NEXT]] at 0 if %{{.*}} : !rda.stream<i32>
// CHECK: rda.wait %[[T]] at 0
// CHECK: rda.store %{{.*}}, @R[%{{.*}}] ack %[[T]] at array<i64: 0> : i32
// CHECK: rda.unit memory @pmu0 {
// CHECK: rda.scratch @M : memref<16x16xf32> {banks = 16 : i64}
// CHECK: rda.write %{{.*}}, @M[%{{.*}}] : f32
// CHECK: rda.read @M[%{{.*}}] : f32
// CHECK: rda.scratch @T : memref<3xi16> {banks = 16 : i64, init = dense<[1, -2, 3]> : tensor<3xi16>}

rda.design @dot attributes {lanes = 16 : i64, kernel = "dot"} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 2 : i64}
  %a = rda.stream {depth = 16 : i64} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64} : !rda.stream<i32>
  %t = rda.stream {depth = 1 : i64, init = 1 : i64} : !rda.token
  %n = rda.stream {depth = 2 : i64} : !rda.stream<index>
  %la = rda.stream {depth = 1 : i64} : !rda.token
  rda.unit host @h {
    rda.context @args {
      %v = rda.arg 3 : index
      rda.enq %n, %v at 0 : !rda.stream<index>
    }
  }
  rda.unit dram @ag0 {
    rda.context @loadA attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %hi = rda.deq %n at 0 : !rda.stream<index>
      %i = rda.counter %c0 to %hi step 1 stride 32 vec
      rda.load @A[%i] -> %a ack %la at array<i64: 0> : !rda.stream<vector<16xi32>>
    }
  }
  rda.unit compute @pcu0 {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      rda.wait %la at 0
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      %kept = rda.reg_set %acc, %next : i32
      %p = arith.cmpi sgt, %next, %z : i32
      rda.enq %s, %next at 0 if %p : !rda.stream<i32>
    }
  }
  rda.unit dram @ag1 {
    rda.context @storeR {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %j = rda.counter %c0 to %c1 step 1
      rda.wait %t at 0
      %v = rda.deq %s at 1 : !rda.stream<i32>
      rda.store %v, @R[%j] ack %t at array<i64: 0> : i32
    }
  }
  rda.unit memory @pmu0 {
    rda.scratch @M : memref<16x16xf32> {banks = 16 : i64}
    rda.context @w {
      %c0 = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      rda.write %f, @M[%c0] : f32
      %r = rda.read @M[%c0] : f32
    }
    rda.scratch @T : memref<3xi16> {banks = 16 : i64, init = dense<[1, -2, 3]> : tensor<3xi16>}
  }
}
