// iter_args live in registers: the init group writes the index and every
// carried register together, the latch group writes the next index and the
// yielded values together (one parallel copy); the loop's results read the
// registers.  A multiplication is a std_mult_pipe group: go while not done,
// the product latched on done.
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK-LABEL: calyx.component @sum(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out0: i32, %done: i1 {done})
// CHECK-DAG: %[[IV:iv_[0-9]+]].in, {{.*}} = calyx.register @[[IV]] : i32
// CHECK-DAG: %[[ACC:iter_[0-9]+]].in, {{.*}} = calyx.register @[[ACC]] : i32
// CHECK-DAG: %[[M:mult_pipe_[0-9]+]].clk, %[[M]].reset, %[[M]].go, %[[M]].left, %[[M]].right, %[[M]].out, %[[M]].done = calyx.std_mult_pipe @[[M]] : i1, i1, i1, i32, i32, i32, i1
// CHECK-DAG: %[[NOT:not_[0-9]+]].in, %[[NOT]].out = calyx.std_not
// CHECK-DAG: %[[RES:res_[0-9]+]].in, {{.*}} = calyx.register @[[RES]] : i32
// CHECK: calyx.group @init_{{[0-9]+}} {
// CHECK-NEXT: calyx.assign %[[IV]].in = %c0_i32 : i32
// CHECK-NEXT: calyx.assign %[[IV]].write_en = %true : i1
// CHECK-NEXT: calyx.assign %[[ACC]].in = %c5_i32 : i32
// CHECK-NEXT: calyx.assign %[[ACC]].write_en = %true : i1
// CHECK-NEXT: calyx.group_done %[[IV]].done : i1
// CHECK: calyx.group @mult_pipe_{{[0-9]+}} {
// CHECK-DAG: calyx.assign %[[M]].left = %{{.*}}.out : i32
// CHECK-DAG: calyx.assign %[[NOT]].in = %[[M]].done : i1
// CHECK-DAG: calyx.assign %[[M]].go = %[[NOT]].out ? %true : i1
// CHECK-DAG: calyx.assign %[[RES]].in = %[[M]].out : i32
// CHECK-DAG: calyx.assign %[[RES]].write_en = %[[M]].done : i1
// CHECK: calyx.group_done %[[RES]].done : i1
// CHECK: calyx.group @latch_{{[0-9]+}} {
// CHECK-DAG: calyx.assign %[[IV]].in = %{{.*}}.out : i32
// CHECK-DAG: calyx.assign %[[ACC]].in = %[[ADD:add_[0-9]+]].out : i32
// CHECK-DAG: calyx.assign %[[ADD]].left = %[[ACC]].out : i32
// CHECK-DAG: calyx.assign %[[ADD]].right = %[[RES]].out : i32
// The result goes out through a register driving the output port.
// CHECK: calyx.assign %out0 = %[[RET:ret_[0-9]+]].out : i32
// CHECK: calyx.group @ret_{{[0-9]+}} {
// CHECK-NEXT: calyx.assign %[[RET]].in = %[[ACC]].out : i32
func.func @sum(%a: memref<8xi32>) -> i32 {
  %c5 = arith.constant 5 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c5) -> (i32) {
    %v = affine.load %a[%i] : memref<8xi32>
    %sq = arith.muli %v, %v : i32
    %n = arith.addi %acc, %sq : i32
    affine.yield %n : i32
  }
  return %r : i32
}
