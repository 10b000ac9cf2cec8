// CIRCT defect 1: a port with several guarded drivers needs a mux chain.
// out = x > y ? x, out = x <= y ? y (max of x and y).  With the fix, out is
// 9 for (9, 4) and 6 for (2, 6); with the fix disabled only the last
// driver reaches the port and (9, 4) gives 0.
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' > %t.fixed.mlir
// RUN: strata-hwsim %t.fixed.mlir --stimulus=%S/../Inputs/xy.stim | FileCheck %s --check-prefix=FIXED
// RUN: strata-opt %s --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw{debug-disable-fix=mux-chain})' > %t.broken.mlir
// RUN: strata-hwsim %t.broken.mlir --stimulus=%S/../Inputs/xy.stim | FileCheck %s --check-prefix=BROKEN
// FIXED:      0 00000009
// FIXED-NEXT: 1 00000009
// FIXED-NEXT: 1 00000006
// BROKEN:      0 00000000
// BROKEN-NEXT: 1 00000000
// BROKEN-NEXT: 1 00000006
calyx.component @main(%x: i32, %y: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %gt.left, %gt.right, %gt.out = calyx.std_gt @gt : i32, i32, i1
  %le.left, %le.right, %le.out = calyx.std_le @le : i32, i32, i1
  calyx.wires {
    calyx.assign %gt.left = %x : i32
    calyx.assign %gt.right = %y : i32
    calyx.assign %le.left = %x : i32
    calyx.assign %le.right = %y : i32
    calyx.assign %out = %gt.out ? %x : i32
    calyx.assign %out = %le.out ? %y : i32
  }
  calyx.control {}
}
