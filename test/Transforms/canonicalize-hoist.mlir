// Constants leave nested regions for the entry block of the function (the
// nearest region isolated from above), deduplicated with the ones there;
// an unregistered op might be isolated from above, so constants in its
// regions stay there, as in MLIR.  The constant 1 found again at the top
// level moves to the front of the entry block (mlir-opt-14's order).
// RUN: strata-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s

func.func private @use(i32, i32)

// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      {{.*}}call @use(%[[C1]], %[[C2]])
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:      {{.*}}call @use(%[[C7]], %[[C7]])
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    {{.*}}call @use(%[[C1]], %[[C1]])
func.func @hoist(%c: i1) {
  scf.if %c {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    func.call @use(%c1, %c2) : (i32, i32) -> ()
  }
  "test.region"() ({
    %c7 = arith.constant 7 : i32
    %d7 = arith.constant 7 : i32
    func.call @use(%c7, %d7) : (i32, i32) -> ()
  }) : () -> ()
  %e1 = arith.constant 1 : i32
  func.call @use(%e1, %e1) : (i32, i32) -> ()
  return
}
