// loop-invariant-code-motion hoists effect-free ops whose operands come
// from outside the loop, innermost loops first, so an op leaves every loop
// it does not depend on (the output is mlir-opt-14's).  Ops that read or
// write memory, or use the induction variable, stay.
// RUN: strata-opt %s --loop-invariant-code-motion | FileCheck %s

// CHECK-LABEL: func.func @nest
// CHECK:         %[[X:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:    %[[W:.*]] = arith.muli %arg0, %[[Y]] : i32
// CHECK-NEXT:    scf.for %[[I:.*]] = 
// CHECK-NEXT:      %[[J:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:      %[[Z:.*]] = arith.addi %[[Y]], %[[J]] : i32
// CHECK-NEXT:      scf.for %[[K:.*]] = 
// CHECK-NEXT:        memref.store %[[W]], %arg1[%[[K]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.store %[[Z]], %arg1[%[[I]]]
func.func @nest(%a: i32, %m: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %x = arith.addi %a, %a : i32
    %y = arith.muli %x, %x : i32
    %j = arith.index_cast %i : index to i32
    %z = arith.addi %y, %j : i32
    scf.for %k = %c0 to %c10 step %c1 {
      %w = arith.muli %a, %y : i32
      memref.store %w, %m[%k] : memref<10xi32>
    }
    memref.store %z, %m[%i] : memref<10xi32>
  }
  return
}

// A load is not hoisted (it reads memory); a division is, as in MLIR 14
// (it has no memory effect, though it may trap).
// CHECK-LABEL: func.func @effects
// CHECK:         arith.divsi
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.load
func.func @effects(%a: i32, %b: i32, %m: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %v = memref.load %m[%c0] : memref<10xi32>
    %d = arith.divsi %a, %b : i32
    %s = arith.addi %v, %d : i32
    memref.store %s, %m[%i] : memref<10xi32>
  }
  return
}
