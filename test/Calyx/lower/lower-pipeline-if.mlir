// pipeline=true: the scf.ifs of a loop about to be pipelined are converted
// (a2c_ifconv.c): both branches run every iteration, each result is a
// select (a std_mux), a store of a branch writes only when its predicate
// holds (the branch's condition, negated for else, and-ed with a nested
// if's), or, stored once by each branch at the same place, is one store of
// a select; plain code keeps its calyx.if.
// divz: N and D once each: II 1; loads at 0, the divider (i32: latency 32)
// and the multiplier issue at 1, the select and the store of Q at 33:
// depth 34.  Q's write enable is the firing guard alone.
// RUN: strata-opt %S/Inputs/pipe-if.mlir --lower-to-calyx=pipeline=true | FileCheck %s
// CHECK: calyx.static_group latency<65> @{{pipe_[0-9]+}} {
// CHECK-NOT: calyx.if
// CHECK: calyx.assign %{{divs_pipe_[0-9]+}}.go = %true : i1
// CHECK: calyx.assign %{{mult_pipe_[0-9]+}}.go = %true : i1
// CHECK: calyx.assign %[[MUX:mux_[0-9]+]].cond = %{{pipe_[0-9]+}}.out : i1
// CHECK: calyx.assign %arg2.write_data = %{{and_[0-9]+}}.out ? %[[MUX]].out : i32
// CHECK: } {calyx.depth = 34 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// stores: B is stored once in each branch at B[i]: one store of a select,
// at 4 when the product (3x, issued at 1) arrives; C is stored in a nested
// if of each branch: two port slots, II 2: the then one (x > 0 and x odd)
// at 1, the else one (not x > 0, and x even) at 2: depth 5.  Each write
// enable of C is its firing guard and-ed with its predicate, B's the guard.
// CHECK: calyx.static_group latency<67> @{{pipe_[0-9]+}} {
// CHECK: calyx.assign %[[BOTH:and_[0-9]+]].left = %[[SGT:sgt_[0-9]+]].out : i1
// CHECK: calyx.assign %[[BOTH]].right = %{{neq_[0-9]+}}.out : i1
// CHECK: calyx.assign %[[P1:and_[0-9]+]].right = %[[BOTH]].out : i1
// CHECK: calyx.assign %arg5.write_en = %[[P1]].out ? %true : i1
// CHECK: calyx.assign %[[SEL:mux_[0-9]+]].tru = %{{mult_pipe_[0-9]+}}.out : i32
// CHECK: calyx.assign %arg4.write_data = %[[G:and_[0-9]+]].out ? %[[SEL]].out : i32
// CHECK-NEXT: calyx.assign %arg4.write_en = %[[G]].out ? %true : i1
// CHECK: calyx.assign %[[NOT:xor_[0-9]+]].left = %[[SGT]].out : i1
// CHECK: calyx.assign %[[ELSE:and_[0-9]+]].left = %[[NOT]].out : i1
// CHECK: calyx.assign %[[ELSE]].right = %{{eq_[0-9]+}}.out : i1
// CHECK: calyx.assign %[[P2:and_[0-9]+]].right = %[[ELSE]].out : i1
// CHECK: calyx.assign %arg5.write_data = %[[P2]].out ? %{{sub_[0-9]+}}.out : i32
// CHECK-NEXT: calyx.assign %arg5.write_en = %[[P2]].out ? %true : i1
// CHECK-NOT: calyx.assign %arg4.write_en
// CHECK: } {calyx.depth = 5 : i64, calyx.ii = 2 : i64, calyx.trip = 32 : i64}
// shift: X's load runs every iteration (at i = 0 too: its address wraps),
// the select and Y's store at 1: depth 2.
// CHECK: calyx.static_group latency<31> @{{pipe_[0-9]+}} {
// CHECK: calyx.assign %arg6.addr0 =
// CHECK: } {calyx.depth = 2 : i64, calyx.ii = 1 : i64, calyx.trip = 30 : i64}
// CHECK-NOT: calyx.if
// CHECK: } {calyx.ii = 2 : i64, toplevel}
// Plain, the same loops keep their ifs (the untaken branch costs nothing).
// RUN: strata-opt %S/Inputs/pipe-if.mlir --lower-to-calyx | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: calyx.static_group
// PLAIN-COUNT-5: calyx.if
// PLAIN-NOT: calyx.static_group
// examples/fpga/ifelse.mlir (the e2e table's if/else + select): A and B
// once each: II 1; the load at 0, the product 3x issued at 1 and selected
// at 4 with the clamp and the store: depth 5.  The count of positives, an
// iter_arg, adds the selected 1 or 0 at 1.
// RUN: strata-opt %strata_src_root/examples/fpga/ifelse.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=IFELSE
// IFELSE: calyx.static_group latency<36> @[[G:pipe_[0-9]+]] {
// IFELSE: } {calyx.depth = 5 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// IFELSE-NOT: calyx.if
// IFELSE: calyx.enable @[[G]]
// A loop that does not pipeline keeps its if: here the branch stores to A,
// which the loop also loads (a loop-carried memory dependence).
// RUN: strata-opt %s --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=KEEP
// KEEP-NOT: calyx.static_group
// KEEP: calyx.while
// KEEP: calyx.if
// KEEP-NOT: calyx.static_group
func.func @keep(%A: memref<32xi32>) {
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c32i = arith.constant 32 : index
  %c0 = arith.constant 0 : i32
  scf.for %i = %c0i to %c32i step %c1i {
    %x = memref.load %A[%i] : memref<32xi32>
    %neg = arith.cmpi slt, %x, %c0 : i32
    scf.if %neg {
      %m = arith.subi %c0, %x : i32
      memref.store %m, %A[%i] : memref<32xi32>
    }
  }
  return
}
