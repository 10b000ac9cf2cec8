// calyx-go-insertion gives every group a go hole driven by one calyx.undef;
// calyx-compile-invoke turns an invoke into a group that drives the
// instance's inputs and go, done on the instance's done, and enables it.
// RUN: strata-opt %S/Inputs/static.mlir --calyx-go-insertion --calyx-compile-invoke | FileCheck %s
// CHECK-LABEL: calyx.component @main
// CHECK:       calyx.wires {
// CHECK-NEXT:    %[[U:.*]] = calyx.undef : i1
// CHECK-NEXT:    calyx.static_group latency<1> @incx {
// CHECK-NEXT:      %{{.*}} = calyx.group_go %[[U]] : i1
// CHECK:         calyx.group @save {
// CHECK-NEXT:      %{{.*}} = calyx.group_go %[[U]] : i1
// CHECK:         calyx.group @invoke_f_0 {
// CHECK-NEXT:      calyx.assign %f.in = %x.out : i32
// CHECK-NEXT:      calyx.assign %f.go = %{{.*}} : i1
// CHECK-NEXT:      calyx.group_done %f.done : i1
// CHECK:         calyx.enable @invoke_f_0
// CHECK-NEXT:    calyx.enable @save
// CHECK-NOT:     calyx.invoke
