// A kernel's scalar arguments read by a stage become ub.params of the
// graph (one per argument, however many stages read it, named after the
// argument), inputs of each kernel reading them after its read values
// and before its coordinates; an argument no stage reads has none.
// RUN: strata-opt --ub-extract %s | FileCheck %s

// CHECK-LABEL: ub.graph @f_ub
// CHECK-DAG: %[[IN:.*]] = ub.buffer @arg0 {arg = 0 : i64}
// CHECK-DAG: %[[R:.*]] = ub.read %[[IN]] {{.*}}T[i0] -> arg0[1*i0]
// CHECK-DAG: %[[K:.*]] = ub.param @arg2 {arg = 2 : i64} : i16
// CHECK: ub.kernel @T(%[[R]], %[[K]]) {latency = 0 : i64} : (i16, i16) -> i16 {
// CHECK-NEXT: ^bb0(%[[V:.*]]: i16, %[[S:.*]]: i16):
// CHECK-NEXT: arith.addi %[[V]], %[[S]] : i16
// CHECK: %[[H:.*]] = ub.param @arg4 {arg = 4 : i64} : f32
// CHECK: ub.kernel @arg1(%{{.*}}, %[[K]], %[[H]]) {coords = [0], latency = 0 : i64} : (i16, i16, f32) -> i16 {
// CHECK-NEXT: ^bb0(%{{.*}}: i16, %{{.*}}: i16, %{{.*}}: f32, %{{.*}}: index):
// CHECK-NOT: ub.param
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>, %s: i16, %unused: i32, %h: f32) attributes {accel.kernel} {
  %t = memref.alloc() {accel.name = "T"} : memref<8xi16>
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    %w = arith.addi %v, %s : i16
    affine.store %w, %t[%x] : memref<8xi16>
  }
  affine.for %x = 0 to 8 {
    %v = affine.load %t[%x] : memref<8xi16>
    %w = arith.muli %v, %s : i16
    %c = arith.index_cast %x : index to i16
    %hi = arith.fptosi %h : f32 to i16
    %a = arith.addi %w, %c : i16
    %b = arith.addi %a, %hi : i16
    affine.store %b, %out[%x] : memref<8xi16>
  }
  return
}
