// A loop: memref arguments become external memories named after the
// argument (calyx.name, else argN); the loop a calyx.while over an index
// register with its comparison in a comb group; loads latch into registers,
// stores finish on the memory's done; the latch (the index's increment)
// joins the store that ends the body, written at the same clock edge.
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK-LABEL: calyx.component @copy(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done})
// CHECK-DAG: calyx.memory @A <[8] x 16> [3] {external} : i3, i16, i1, i1, i16, i1
// CHECK-DAG: calyx.memory @arg1 <[2, 4] x 16> [1, 2] {external} : i1, i2, i16, i1, i1, i16, i1
// CHECK-DAG: %[[IV:.*]].in, %[[IV]].write_en, {{.*}} = calyx.register @iv_{{[0-9]+}} : i32
// CHECK-DAG: %[[LT:.*]].left, %[[LT]].right, %[[LT]].out = calyx.std_slt
// CHECK: calyx.wires
// CHECK: calyx.group @[[INIT:init_[0-9]+]] {
// CHECK-NEXT: calyx.assign %[[IV]].in = %c0_i32 : i32
// CHECK-NEXT: calyx.assign %[[IV]].write_en = %true : i1
// CHECK-NEXT: calyx.group_done %[[IV]].done : i1
// CHECK: calyx.comb_group @[[COND:cond_[0-9]+]] {
// CHECK-NEXT: calyx.assign %[[LT]].left = %[[IV]].out : i32
// CHECK-NEXT: calyx.assign %[[LT]].right = %c4_i32 : i32
// CHECK: calyx.group @[[LD:ld_[0-9]+]] {
// CHECK: calyx.assign %A.addr0 = %{{.*}}.out : i3
// CHECK: calyx.assign %[[R:.*]].in = %A.read_data : i16
// CHECK: calyx.group_done %[[R]].done : i1
// CHECK: calyx.group @[[ST:st_[0-9]+]] {
// CHECK-DAG: calyx.assign %arg1.addr0 = %{{.*}} : i1
// CHECK-DAG: calyx.assign %arg1.addr1 = %{{.*}} : i2
// CHECK-DAG: calyx.assign %arg1.write_data = %[[R]].out : i16
// CHECK-DAG: calyx.assign %arg1.write_en = %true : i1
// CHECK-DAG: calyx.assign %[[IV]].in = %{{.*}}.out : i32
// CHECK-DAG: calyx.assign %[[IV]].write_en = %true : i1
// CHECK: calyx.group_done %arg1.done : i1
// CHECK-NEXT: }
// CHECK-NOT: calyx.group @latch
// CHECK: calyx.control {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @[[INIT]]
// CHECK-NEXT: calyx.while %[[LT]].out with @[[COND]] {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @[[LD]]
// CHECK-NEXT: calyx.enable @[[ST]]
// CHECK-NEXT: }
// CHECK: } {toplevel}
func.func @copy(%a: memref<8xi16> {calyx.name = "A"}, %b: memref<2x4xi16>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i + 4] : memref<8xi16>
    affine.store %v, %b[1, %i] : memref<2x4xi16>
  }
  return
}
