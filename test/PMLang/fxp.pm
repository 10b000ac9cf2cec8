// Fixed point (docs/pmlang.md, "Fixed point"): fxpN_M values are iN holding
// value * 2^M; arithmetic runs in i64 and saturates to N bits; products
// round (add 2^(M-1), shift right arithmetically); literals are scaled when
// the program is read; a fixed-point sum folds with a saturating combiner.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK: ^bb0(%{{.*}}: !srdfg.edge<input, tensor<4xi16>>, %{{.*}}: !srdfg.edge<input, tensor<4xf32>>, %{{.*}}: !srdfg.edge<output, tensor<4xi16>>, %{{.*}}: !srdfg.edge<output, tensor<1xi16>>, %{{.*}}: !srdfg.edge<output, tensor<4xf32>>, %{{.*}}: !srdfg.edge<output, tensor<4xi32>>):
main(input fxp16_8 a[4], input float f[4], output fxp16_8 y[4], output fxp16_8 s[1], output float g[4],
     output int n[4]) {
  index i[0:3], z[0:0];
// 1.5 * 2^8 = 384; the product rounds (+128, >> 8), then saturates.
// CHECK:      srdfg.compute
// CHECK:        %[[A:.*]] = srdfg.load
// CHECK:        arith.constant 384 : i16
// CHECK:        arith.extsi %[[A]] : i16 to i64
// CHECK:        arith.muli
// CHECK:        arith.constant 128 : i64
// CHECK:        arith.addi
// CHECK:        arith.constant 8 : i64
// CHECK:        arith.shrsi
// CHECK:        arith.constant 32767 : i64
// CHECK:        arith.constant -32768 : i64
// CHECK:        arith.trunci %{{.*}} : i64 to i16
  y[i] = a[i] * 1.5;
// A float becomes fixed point: scaled in f64, rounded (floor of x + 0.5),
// clamped, NaN to 0.
// CHECK:      srdfg.compute
// CHECK:        arith.extf %{{.*}} : f32 to f64
// CHECK:        arith.mulf
// CHECK:        math.floor
// CHECK:        arith.cmpf oeq
// CHECK:        arith.fptosi %{{.*}} : f64 to i64
  y[i] = y[i] + f[i];
// CHECK:      srdfg.reduce "sum"
// CHECK:        srdfg.yield %{{.*}} : i16
// CHECK:      } {
// CHECK:      ^bb0(%[[X:.*]]: i16, %[[Y:.*]]: i16):
// CHECK:        arith.extsi %[[X]] : i16 to i64
// CHECK:        arith.addi
// CHECK:        srdfg.yield %{{.*}} : i16
  s[z] = sum[i](y[i]);
// To float exactly in f64, then rounded once.
// CHECK:      arith.sitofp %{{.*}} : i16 to f64
// CHECK:      arith.constant 3.906250e-03 : f64
// CHECK:      arith.truncf %{{.*}} : f64 to f32
  g[i] = y[i];
// To int: truncated toward zero (divsi by 2^8).
// CHECK:      arith.constant 256 : i64
// CHECK:      arith.divsi
// CHECK:      arith.trunci %{{.*}} : i64 to i32
  n[i] = int(y[i]);
}
