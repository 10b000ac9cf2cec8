// scf.if with results: calyx.if on the comparison's output with a comb
// group driving it; each branch ends with a group writing the yielded
// values into the result registers.  arith.select is a std_mux, cmpi the
// std comparison of its predicate (signed or not).
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK-DAG: %[[GT:sgt_[0-9]+]].left, %[[GT]].right, %[[GT]].out = calyx.std_sgt @[[GT]] : i32, i32, i1
// CHECK-DAG: %[[RES:if_res_[0-9]+]].in, {{.*}} = calyx.register @[[RES]] : i32
// CHECK-DAG: %[[ULT:lt_[0-9]+]].left, %[[ULT]].right, %[[ULT]].out = calyx.std_lt @[[ULT]] : i32, i32, i1
// CHECK-DAG: %[[MUX:mux_[0-9]+]].cond, %[[MUX]].tru, %[[MUX]].fal, %[[MUX]].out = calyx.std_mux @[[MUX]] : i1, i32, i32, i32
// CHECK: calyx.comb_group @[[COND:cond_[0-9]+]] {
// CHECK-NEXT: calyx.assign %[[GT]].left = %x : i32
// CHECK-NEXT: calyx.assign %[[GT]].right = %c0_i32 : i32
// CHECK: calyx.group @[[THEN:then_res_[0-9]+]] {
// CHECK-NEXT: calyx.assign %[[RES]].in = %x : i32
// CHECK: calyx.group @[[ELSE:else_res_[0-9]+]] {
// CHECK: calyx.assign %[[RES]].in = %{{sub_[0-9]+}}.out : i32
// CHECK: calyx.group @ret_{{[0-9]+}} {
// CHECK-DAG: calyx.assign %[[MUX]].cond = %[[ULT]].out : i1
// CHECK-DAG: calyx.assign %[[MUX]].tru = %[[RES]].out : i32
// CHECK-DAG: calyx.assign %[[MUX]].fal = %c9_i32 : i32
// CHECK: calyx.if %[[GT]].out with @[[COND]] {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @[[THEN]]
// CHECK: } else {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @[[ELSE]]
func.func @absclamp(%x: i32 {calyx.name = "x"}) -> i32 {
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %pos = arith.cmpi sgt, %x, %c0 : i32
  %a = scf.if %pos -> i32 {
    scf.yield %x : i32
  } else {
    %n = arith.subi %c0, %x : i32
    scf.yield %n : i32
  }
  %small = arith.cmpi ult, %a, %c9 : i32
  %r = arith.select %small, %a, %c9 : i32
  return %r : i32
}
