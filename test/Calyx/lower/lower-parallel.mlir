// lower-to-calyx parallel=2: each affine.parallel runs as a calyx.par of two threads, thread r taking
// the iterations r, r + 2, ...; the memories the threads share are split into two cyclic banks along
// the dimension the parallel variable indexes (B[%i + 1]: thread 0 writes bank 1; a band of two
// dimensions runs its innermost one as threads, so M is banked along dimension 1).  calyx-to-hw
// describes each banked memory by one calyx.memories entry with its logical shape.
// RUN: strata-opt %s --lower-to-calyx='parallel=2' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(lower-to-calyx{parallel=2},calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' | FileCheck %s --check-prefix=HW
// RUN: strata-opt %s --lower-to-calyx='parallel=1' | FileCheck %s --check-prefix=SEQ
func.func @shift(%A: memref<8xi32> {calyx.name = "A"}, %B: memref<10xi32> {calyx.name = "B"}, %M: memref<4x8xi16> {calyx.name = "M"}) {
  affine.parallel (%i) = (0) to (8) {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i + 1] : memref<10xi32>
  }
  affine.parallel (%r, %c) = (0, 0) to (4, 8) {
    %m = affine.load %M[%r, %c] : memref<4x8xi16>
    affine.store %m, %M[%r, %c] : memref<4x8xi16>
  }
  return
}
// CHECK-DAG: calyx.memory @A_b0 <[4] x 32> [2] {calyx.bank = 0 : i64, calyx.bank_dim = 0 : i64, calyx.bank_of = "A", calyx.banks = 2 : i64, external}
// CHECK-DAG: calyx.memory @A_b1 <[4] x 32> [2] {calyx.bank = 1 : i64
// CHECK-DAG: calyx.memory @B_b0 <[5] x 32> [3]
// CHECK-DAG: calyx.memory @M_b1 <[4, 4] x 16> [2, 2] {calyx.bank = 1 : i64, calyx.bank_dim = 1 : i64
// CHECK: calyx.group @[[LD0:ld_[0-9]+]] {
// CHECK: calyx.assign %A_b0.addr0
// CHECK: calyx.group @[[ST0:st_[0-9]+]] {
// CHECK: calyx.assign %B_b1.addr0
// CHECK: calyx.group @[[LD1:ld_[0-9]+]] {
// CHECK: calyx.assign %A_b1.addr0
// CHECK: calyx.group @[[ST1:st_[0-9]+]] {
// CHECK: calyx.assign %B_b0.addr0
// CHECK: calyx.control {
// CHECK-NEXT: calyx.seq {
// CHECK-NEXT: calyx.par {
// CHECK-NEXT: calyx.seq {
// CHECK: calyx.enable @[[LD0]]
// CHECK-NEXT: calyx.enable @[[ST0]]
// CHECK: calyx.seq {
// CHECK: calyx.enable @[[LD1]]
// CHECK-NEXT: calyx.enable @[[ST1]]
// CHECK: calyx.par {
// HW: hw.module @shift({{.*}}out A_b0_addr0 : i2
// HW-SAME: calyx.memories = [#calyx.memory<"A", comb, 32, [8], banks = 2, bank_dim = 0>, #calyx.memory<"B", comb, 32, [10], banks = 2, bank_dim = 0>, #calyx.memory<"M", comb, 16, [4, 8], banks = 2, bank_dim = 1>]
// SEQ-NOT: calyx.par
// SEQ-NOT: _b0
// SEQ: calyx.memory @A <[8] x 32>
