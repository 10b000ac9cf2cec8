// Calls: each func.func becomes a component (data inputs, go, clk, reset,
// data outputs, done); each call site an instance of the callee invoked with
// plain ports (a combinational argument is latched into a register first).
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK: calyx.component @inc(%in0: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out0: i32, %done: i1 {done})
// CHECK-NOT: toplevel
// CHECK: calyx.component @top(%n: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out0: i32, %done: i1 {done})
// CHECK-DAG: %[[I1:inst_[0-9]+]].in0, %[[I1]].go, %[[I1]].clk, %[[I1]].reset, %[[I1]].out0, %[[I1]].done = calyx.instance @[[I1]] of @inc : i32, i1, i1, i1, i32, i1
// CHECK-DAG: %[[I2:inst_[0-9]+]].in0, {{.*}} = calyx.instance @[[I2]] of @inc
// CHECK-DAG: %[[ARG:arg_[0-9]+]].in, {{.*}} = calyx.register @[[ARG]] : i32
// CHECK: calyx.group @[[ARGG:arg_[0-9]+]] {
// CHECK-NEXT: calyx.assign %[[ADD:add_[0-9]+]].left = %[[I1]].out0 : i32
// CHECK: calyx.assign %[[ARG]].in = %[[ADD]].out : i32
// CHECK: calyx.invoke @[[I1]](%[[I1]].in0 = %n) -> (i32)
// CHECK-NEXT: calyx.enable @[[ARGG]]
// CHECK-NEXT: calyx.invoke @[[I2]](%[[I2]].in0 = %[[ARG]].out) -> (i32)
// CHECK: } {toplevel}
func.func private @inc(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}
func.func @top(%n: i32 {calyx.name = "n"}) -> i32 {
  %a = func.call @inc(%n) : (i32) -> i32
  %c2 = arith.constant 2 : i32
  %b = arith.addi %a, %c2 : i32
  %r = func.call @inc(%b) : (i32) -> i32
  return %r : i32
}
