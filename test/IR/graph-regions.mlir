// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// MLIR gives the regions of an unregistered op no SSA dominance
// (Dominance.cpp: an op that is not registered may hold a graph region), so
// uses before definitions and cycles inside them are valid; mlir-opt-14
// prints this file back, and so must Strata.

// CHECK-LABEL: "u.graph"() ({
// CHECK-NEXT:   %[[X:.*]] = "u.node"(%[[Y:.*]]) : (i32) -> i32
// CHECK-NEXT:   %[[Y]] = "u.node"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:   "u.use"(%[[Z:.*]]) : (i32) -> ()
// CHECK-NEXT:   %[[Z]] = "u.node"(%[[Z]]) : (i32) -> i32
// CHECK-NEXT: }) : () -> ()
"u.graph"() ({
  %x = "u.node"(%y) : (i32) -> i32
  %y = "u.node"(%x) : (i32) -> i32
  "u.use"(%z) : (i32) -> ()
  %z = "u.node"(%z) : (i32) -> i32
}) : () -> ()
