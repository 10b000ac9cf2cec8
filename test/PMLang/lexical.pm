/* Comments of both kinds, integers in decimal, hex, octal and binary,
   floats with fractions and exponents, and a statement over several lines. */
// RUN: strata-translate --import-pmlang %s | FileCheck %s

main(input int x[0x4], output int y[0b100], output float f[4]) {
  index i[0:0o3]; // inclusive: 0..3
// CHECK: srdfg.compute %{{.*}} {lb = array<i64: 0>, map = #{{.*}}, ub = array<i64: 3>}
// CHECK: arith.constant 255 : i32
  y[i] = x[i] +
         0xff;
// CHECK: arith.constant 1.250000e-01 : f32
// CHECK: arith.constant 2.500000e+00 : f32
  f[i] = 1.25e-1 * float(x[i]) + .25e1;
}
