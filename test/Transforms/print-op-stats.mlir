// print-op-stats prints how many ops of each name the input holds, sorted,
// in MLIR's layout (dialects right-aligned on the dot), to stderr; the IR
// is unchanged.
// RUN: strata-opt %s --print-op-stats 2>&1 >/dev/null | FileCheck %s --match-full-lines --strict-whitespace
// RUN: strata-opt %s --print-op-stats=json 2>&1 >/dev/null | FileCheck %s --check-prefix=JSON --match-full-lines
// RUN: strata-opt %s --print-op-stats 2>/dev/null | FileCheck %s --check-prefix=IR

// CHECK:Operations encountered:
// CHECK-NEXT:-----------------------
// CHECK-NEXT:    arith.addi     , 2
// CHECK-NEXT:    arith.constant , 1
// CHECK-NEXT:  builtin.module   , 1
// CHECK-NEXT:     func.func     , 2
// CHECK-NEXT:     func.return   , 2
// CHECK-EMPTY:

// JSON:{
// JSON-NEXT:  "arith.addi" : 2,
// JSON-NEXT:  "arith.constant" : 1,
// JSON-NEXT:  "builtin.module" : 1,
// JSON-NEXT:  "func.func" : 2,
// JSON-NEXT:  "func.return" : 2
// JSON-NEXT:}

// IR: func.func @f
// IR: func.func @g
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}
func.func @g() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
