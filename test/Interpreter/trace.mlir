// --trace prints each executed op on stderr: its location, its name, its
// operand values and attributes, then its results.  An op that runs other
// ops (a call, an op with regions) opens a block holding them, closed with
// its results.
// RUN: strata-run %s --entry=main --arg=i32:3 --trace 2>&1 >/dev/null | FileCheck %s --strict-whitespace
// CHECK: {{^[^ ].*}}trace.mlir:21:9: "arith.constant"() {value = 1 : i32} -> i32:1
// CHECK-NEXT: {{^[^ ].*}}trace.mlir:22:8: "func.call"(i32:3, i32:1) {callee = @inc} {
// CHECK-NEXT: {{^}}  {{[^ ].*}}trace.mlir:17:8: "arith.addi"(i32:3, i32:1) -> i32:4
// CHECK-NEXT: {{^}}  {{[^ ].*}}trace.mlir:18:3: "func.return"(i32:4)
// CHECK-NEXT: {{^}}} -> i32:4
// CHECK-NEXT: {{^[^ ].*}}trace.mlir:23:10: "arith.cmpi"(i32:4, i32:1) {predicate = 4 : i64} -> i1:1
// CHECK-NEXT: {{^[^ ].*}}trace.mlir:24:3: "cf.cond_br"(i1:1, i32:4, i32:1) {operandSegmentSizes = array<i32: 1, 1, 1>}
// CHECK-NEXT: {{^[^ ].*}}trace.mlir:26:3: "func.return"(i32:4)
// CHECK-NOT: {{.}}

func.func @inc(%x: i32, %one: i32) -> i32 {
  %r = arith.addi %x, %one : i32
  return %r : i32
}
func.func @main(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %y = func.call @inc(%x, %c1) : (i32, i32) -> i32
  %big = arith.cmpi sgt, %y, %c1 : i32
  cf.cond_br %big, ^done(%y : i32), ^done(%c1 : i32)
^done(%v: i32):
  return %v : i32
}
