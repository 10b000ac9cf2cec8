// Quasi-affine indices (issue 24 item 4): a floordiv or mod by a constant
// folds to an affine function of the stage's domain when its remainder
// part moves with one dimension along which the quotient is affine (a lane
// of an unrolled loop: `l floordiv 2` = 0, `l mod 2` = l over [0, 2)); a
// pure loop whose index is divided (`y floordiv 2`, `y mod 2` of an
// upsampling) is strip-mined, y = 2q + r, both halves dimensions of the
// domain; `(y + 1) floordiv 2` is then q + r, and ceildiv is -floor(-e).
// RUN: strata-opt %s --ub-extract -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: strata-opt %t.mlir --ub-schedule --ub-capacity -o %t.s.mlir
// RUN: FileCheck %s --check-prefix=SCHED < %t.s.mlir
// RUN: %python %strata_src_root/test/Analysis/ub/Inputs/gen-npy.py 5 %t.in.npy i2 5 8
// RUN: strata-run --entry=up %s --arg=%t.in.npy --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.s.mlir --ub-simulate=input=%t.in.npy,output=%t.sim.npy -o %t.sim.mlir 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: cmp %t.ref.npy %t.sim.npy

func.func @up(%in: memref<5x8xi16>, %out: memref<8x8xi16>) attributes {accel.kernel} {
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 4 {
      affine.for %l = 0 to 2 {
        %a = affine.load %in[%y floordiv 2, %x + %l floordiv 2] : memref<5x8xi16>
        %b = affine.load %in[%y floordiv 2 + %y mod 2, %x + %l mod 2] : memref<5x8xi16>
        %c = affine.load %in[(%y + 1) floordiv 2, %x + (%l + 1) ceildiv 2] : memref<5x8xi16>
        %s = arith.addi %a, %b : i16
        %t = arith.addi %s, %c : i16
        affine.store %t, %out[%y, 2 * %x + %l] : memref<8x8xi16>
      } {accel.unroll}
    }
  }
  return
}

// The row y became q (i0, 0..3) and r (i1, 0..1); x and the lane l stay.
// CHECK-DAG: access = "{ arg1[i0, i1, i2, i3] -> arg0[1*i0, 1*i2] }", domain = "{ arg1[i0, i1, i2, i3] : 0 <= i0 <= 3 and 0 <= i1 <= 1 and 0 <= i2 <= 3 and 0 <= i3 <= 1 }"
// CHECK-DAG: access = "{ arg1[i0, i1, i2, i3] -> arg0[1*i0 + 1*i1, 1*i2 + 1*i3] }"
// CHECK-DAG: access = "{ arg1[i0, i1, i2, i3] -> arg0[1*i0 + 1*i1, 1*i2 + 1] }"
// CHECK-DAG: access = "{ arg1[i0, i1, i2, i3] -> arg1[2*i0 + 1*i1, 2*i2 + 1*i3] }"

// Four outputs per input row pair: the stage reads fewer values than it
// computes (its reads' times give one cycle to several points), so it runs
// row-major over its own domain, one point a cycle, once its reads are
// written; the input streams ahead into 15 words.
// SCHED: ub.graph @up_ub attributes {latency = 65 : i64, memory = 15 : i64}
// SCHED: schedule = "{ arg1[i0, i1, i2, i3] -> [1 + 16i0 + 8i1 + 2i2 + i3]

// SIM: ub-simulate: @up_ub: {{[0-9]+}} events over 65 cycles, no value lost
