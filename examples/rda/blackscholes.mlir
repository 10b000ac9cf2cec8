// Black-Scholes option pricing in f32 (Table 4.1: 1048576 options; 1024
// here): call and put prices from spot S, strike X, time T, rate r and
// volatility v, with the cumulative normal distribution of Abramowitz and
// Stegun (26.2.17), as PARSEC's blackscholes computes it.
func.func @blackscholes(%S: memref<1024xf32>, %X: memref<1024xf32>, %T: memref<1024xf32>,
                        %R: memref<1024xf32>, %V: memref<1024xf32>,
                        %call: memref<1024xf32>, %put: memref<1024xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %k0 = arith.constant 0.2316419 : f32
  %a1 = arith.constant 0.31938153 : f32
  %a2 = arith.constant -0.356563782 : f32
  %a3 = arith.constant 1.781477937 : f32
  %a4 = arith.constant -1.821255978 : f32
  %a5 = arith.constant 1.330274429 : f32
  %inv_sqrt_2pi = arith.constant 0.39894228040143267794 : f32
  affine.parallel (%i) = (0) to (1024) {
    %s = affine.load %S[%i] : memref<1024xf32>
    %x = affine.load %X[%i] : memref<1024xf32>
    %t = affine.load %T[%i] : memref<1024xf32>
    %r = affine.load %R[%i] : memref<1024xf32>
    %v = affine.load %V[%i] : memref<1024xf32>
    %sqrt_t = math.sqrt %t : f32
    %ratio = arith.divf %s, %x : f32
    %log = math.log %ratio : f32
    %vv = arith.mulf %v, %v : f32
    %hvv = arith.mulf %vv, %half : f32
    %rv = arith.addf %r, %hvv : f32
    %rvt = arith.mulf %rv, %t : f32
    %num = arith.addf %log, %rvt : f32
    %vst = arith.mulf %v, %sqrt_t : f32
    %d1 = arith.divf %num, %vst : f32
    %d2 = arith.subf %d1, %vst : f32
    // N(d1)
    %ad1 = math.absf %d1 : f32
    %kd1 = arith.mulf %k0, %ad1 : f32
    %kd1p = arith.addf %one, %kd1 : f32
    %k1 = arith.divf %one, %kd1p : f32
    %p1a = arith.mulf %k1, %a5 : f32
    %p1b = arith.addf %p1a, %a4 : f32
    %p1c = arith.mulf %p1b, %k1 : f32
    %p1d = arith.addf %p1c, %a3 : f32
    %p1e = arith.mulf %p1d, %k1 : f32
    %p1f = arith.addf %p1e, %a2 : f32
    %p1g = arith.mulf %p1f, %k1 : f32
    %p1h = arith.addf %p1g, %a1 : f32
    %p1 = arith.mulf %p1h, %k1 : f32
    %sq1 = arith.mulf %d1, %d1 : f32
    %hsq1 = arith.mulf %sq1, %half : f32
    %nhsq1 = arith.negf %hsq1 : f32
    %e1 = math.exp %nhsq1 : f32
    %g1 = arith.mulf %e1, %inv_sqrt_2pi : f32
    %q1 = arith.mulf %g1, %p1 : f32
    %w1 = arith.subf %one, %q1 : f32
    %neg1 = arith.cmpf olt, %d1, %zero : f32
    %w1n = arith.subf %one, %w1 : f32
    %n1 = arith.select %neg1, %w1n, %w1 : f32
    // N(d2)
    %ad2 = math.absf %d2 : f32
    %kd2 = arith.mulf %k0, %ad2 : f32
    %kd2p = arith.addf %one, %kd2 : f32
    %k2 = arith.divf %one, %kd2p : f32
    %p2a = arith.mulf %k2, %a5 : f32
    %p2b = arith.addf %p2a, %a4 : f32
    %p2c = arith.mulf %p2b, %k2 : f32
    %p2d = arith.addf %p2c, %a3 : f32
    %p2e = arith.mulf %p2d, %k2 : f32
    %p2f = arith.addf %p2e, %a2 : f32
    %p2g = arith.mulf %p2f, %k2 : f32
    %p2h = arith.addf %p2g, %a1 : f32
    %p2 = arith.mulf %p2h, %k2 : f32
    %sq2 = arith.mulf %d2, %d2 : f32
    %hsq2 = arith.mulf %sq2, %half : f32
    %nhsq2 = arith.negf %hsq2 : f32
    %e2 = math.exp %nhsq2 : f32
    %g2 = arith.mulf %e2, %inv_sqrt_2pi : f32
    %q2 = arith.mulf %g2, %p2 : f32
    %w2 = arith.subf %one, %q2 : f32
    %neg2 = arith.cmpf olt, %d2, %zero : f32
    %w2n = arith.subf %one, %w2 : f32
    %n2 = arith.select %neg2, %w2n, %w2 : f32
    // prices
    %rt = arith.mulf %r, %t : f32
    %nrt = arith.negf %rt : f32
    %disc = math.exp %nrt : f32
    %xd = arith.mulf %x, %disc : f32
    %sn1 = arith.mulf %s, %n1 : f32
    %xn2 = arith.mulf %xd, %n2 : f32
    %c = arith.subf %sn1, %xn2 : f32
    %m1 = arith.subf %one, %n1 : f32
    %m2 = arith.subf %one, %n2 : f32
    %xm2 = arith.mulf %xd, %m2 : f32
    %sm1 = arith.mulf %s, %m1 : f32
    %p = arith.subf %xm2, %sm1 : f32
    affine.store %c, %call[%i] : memref<1024xf32>
    affine.store %p, %put[%i] : memref<1024xf32>
  }
  return
}
