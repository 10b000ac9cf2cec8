// Adjacent ops marked calyx.par become the threads of one calyx.par, each a
// seq of its own (they touch disjoint memories); unmarked ops stay in the
// enclosing seq.  (A loop's latch joins the store ending its body.)
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK: calyx.control {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.par {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @init_{{[0-9]+}}
// CHECK-NEXT: calyx.while
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @st_{{[0-9]+}}
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.enable @init_{{[0-9]+}}
// CHECK-NEXT: calyx.while
// CHECK: }
// CHECK: calyx.enable @st_{{[0-9]+}}
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @two(%a: memref<4xi32>, %b: memref<4xi32>, %c: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 3 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %k, %a[%i] : memref<4xi32>
  } {calyx.par}
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %k, %b[%i] : memref<4xi32>
  } {calyx.par}
  memref.store %k, %c[%c0] : memref<1xi32>
  return
}
