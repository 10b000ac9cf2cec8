// pipeline=true: each eligible innermost loop becomes one static group whose
// II is the memory-port bound (max over memories of accesses per iteration,
// one port each), reported as calyx.ii on the group (with the depth and the
// trip count; latency = (trip - 1) * II + depth) and, as the largest, on the
// component.
// vadd: A, B, C once each: II 1; load at 0, add and store at 1: depth 2.
// RUN: strata-opt %strata_src_root/examples/fpga/vadd.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=VADD
// VADD: calyx.static_group latency<65> @[[G:pipe_[0-9]+]] {
// VADD: } {calyx.depth = 2 : i64, calyx.ii = 1 : i64, calyx.trip = 64 : i64}
// VADD: calyx.enable @[[G]]
// VADD: } {calyx.ii = 1 : i64, toplevel}
// dot: II 1; the product arrives 3 cycles after the multiply issues at 1,
// the accumulator adds it at 4 (the recurrence fits in one cycle): depth 5;
// the accumulator takes its init inside the group at T = 0 (no init group).
// RUN: strata-opt %strata_src_root/examples/fpga/dot.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=DOT
// DOT: calyx.static_group latency<68> @[[G:pipe_[0-9]+]] {
// DOT: calyx.assign %{{mult_pipe_[0-9]+}}.go = %true : i1
// DOT: } {calyx.depth = 5 : i64, calyx.ii = 1 : i64, calyx.trip = 64 : i64}
// DOT-NOT: calyx.enable @init
// DOT: calyx.enable @[[G]]
// DOT: } {calyx.ii = 1 : i64, toplevel}
// blur: nine loads of I per pixel: II 9 (one port); depth 10; 62 pixels a row.
// RUN: strata-opt %strata_src_root/examples/fpga/blur.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=BLUR
// BLUR: calyx.static_group latency<559> @[[G:pipe_[0-9]+]] {
// BLUR: } {calyx.depth = 10 : i64, calyx.ii = 9 : i64, calyx.trip = 62 : i64}
// BLUR: calyx.while
// BLUR: calyx.enable @[[G]]
// BLUR: } {calyx.ii = 9 : i64, toplevel}
// div8: N, D, Q once each: II 1; loads at 0, the i8 divider (latency 8) issues
// at 1, the quotient is stored at 9: depth 10.
// RUN: strata-opt %strata_src_root/examples/fpga/div8.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=DIV8
// DIV8: calyx.static_group latency<41> @[[G:pipe_[0-9]+]] {
// DIV8: calyx.assign %{{divs_pipe_[0-9]+}}.go = %true : i1
// DIV8: } {calyx.depth = 10 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// jacobi-1d: A read three times: II 3 (loads at 0, 1, 2); the division by 3
// is div-by-constant's multiplier (no divider, which would take 32 cycles):
// it issues at 3 and delivers at 6, the store to B: depth 7; the copy loop: II 1.
// One copy register: the sum's sign, read at 6 by the fix after the
// multiplier; the store's address i is recomputed from K, not copied.
// RUN: strata-opt %strata_src_root/examples/fpga/jacobi1d.mlir --lower-to-calyx=pipeline=true | FileCheck %s --check-prefix=JAC
// JAC-COUNT-1: calyx.register @pipe_
// JAC-NOT: calyx.register @pipe_
// JAC-NOT: divs_pipe
// JAC: calyx.assign %{{mult_pipe_[0-9]+}}.go = %true : i1
// JAC: } {calyx.depth = 7 : i64, calyx.ii = 3 : i64, calyx.trip = 30 : i64}
// JAC: } {calyx.depth = 2 : i64, calyx.ii = 1 : i64, calyx.trip = 30 : i64}
// JAC: } {calyx.ii = 3 : i64, toplevel}
// Below: two loads of one memory give II 2; a loop that reads and writes one
// memory is not pipelined (a plain while); without the option nothing is.
// RUN: strata-opt %s --lower-to-calyx=pipeline=true | FileCheck %s
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s --check-prefix=OFF
// CHECK: calyx.static_group latency<{{[0-9]+}}> @pipe_{{[0-9]+}} {
// CHECK: } {calyx.depth = {{[0-9]+}} : i64, calyx.ii = 2 : i64, calyx.trip = 7 : i64}
// CHECK-NOT: static_group
// CHECK: calyx.while
// CHECK: } {calyx.ii = 2 : i64, toplevel}
// OFF-NOT: static_group
// OFF-NOT: calyx.ii
func.func @f(%a: memref<8xi32>, %b: memref<8xi32>) {
  affine.for %i = 0 to 7 {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %a[%i + 1] : memref<8xi32>
    %s = arith.addi %x, %y : i32
    affine.store %s, %b[%i] : memref<8xi32>
  }
  affine.for %i = 0 to 7 {
    %x = affine.load %b[%i] : memref<8xi32>
    affine.store %x, %b[%i + 1] : memref<8xi32>
  }
  return
}
