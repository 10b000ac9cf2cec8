// Loads of distinct memories whose indices do not come from each other
// share one group (both registers written in one cycle); a load of the same
// memory, or one indexed by a loaded value, starts a group of its own.
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK: calyx.group @[[LD:ld_[0-9]+]] {
// CHECK-DAG: calyx.assign %A.addr0
// CHECK-DAG: calyx.assign %B.addr0
// CHECK-DAG: calyx.assign %{{.*}}.in = %A.read_data : i8
// CHECK-DAG: calyx.assign %{{.*}}.in = %B.read_data : i8
// CHECK: calyx.group_done
// CHECK-NEXT: }
// CHECK: calyx.group @[[LD2:ld_[0-9]+]] {
// CHECK-NOT: read_data
// CHECK: calyx.assign %{{.*}}.in = %A.read_data : i8
// CHECK-NOT: read_data
// CHECK: calyx.group_done
// CHECK: calyx.group @[[LD3:ld_[0-9]+]] {
// CHECK-NOT: read_data
// CHECK: calyx.assign %{{.*}}.in = %T.read_data : i8
// CHECK-NOT: read_data
// CHECK: calyx.group_done
// CHECK: calyx.control {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @[[LD]]
// CHECK-NEXT: calyx.enable @[[LD2]]
// CHECK-NEXT: calyx.enable @[[LD3]]
func.func @join(%a: memref<4xi8> {calyx.name = "A"}, %b: memref<4xi8> {calyx.name = "B"},
                %t: memref<256xi8> {calyx.name = "T"}, %o: memref<1xi8> {calyx.name = "O"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c0] : memref<4xi8>
  %y = memref.load %b[%c0] : memref<4xi8>
  %z = memref.load %a[%c1] : memref<4xi8>
  %s = arith.addi %x, %z : i8
  %i = arith.index_castui %s : i8 to index
  %u = memref.load %t[%i] : memref<256xi8>
  %v = arith.addi %u, %y : i8
  memref.store %v, %o[%c0] : memref<1xi8>
  return
}
