// Loop nests computing what the codelet layer ops compute, written
// independently in affine/arith: the reference of layers.mlir.

// C[m][n] = sum_k A[m][k] B[k][n]
func.func @gemm(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>) {
  %z = arith.constant 0 : i32
  affine.for %m = 0 to 4 {
    affine.for %n = 0 to 5 {
      %s = affine.for %k = 0 to 8 iter_args(%acc = %z) -> i32 {
        %a = affine.load %A[%m, %k] : memref<4x8xi8>
        %b = affine.load %B[%k, %n] : memref<8x5xi8>
        %ae = arith.extsi %a : i8 to i32
        %be = arith.extsi %b : i8 to i32
        %p = arith.muli %ae, %be : i32
        %t = arith.addi %acc, %p : i32
        affine.yield %t : i32
      }
      affine.store %s, %C[%m, %n] : memref<4x5xi32>
    }
  }
  return
}

// out[p][q][k] = sum in[2p+r-1][2q+s-1][c] w[k][r][s][c], zero outside
func.func @conv(%I: memref<6x6x3xi8>, %W: memref<4x3x3x3xi8>, %O: memref<3x3x4xi32>) {
  %z = arith.constant 0 : i32
  affine.for %p = 0 to 3 {
    affine.for %q = 0 to 3 {
      affine.for %k = 0 to 4 {
        %s0 = affine.for %r = 0 to 3 iter_args(%a0 = %z) -> i32 {
          %s1 = affine.for %s = 0 to 3 iter_args(%a1 = %a0) -> i32 {
            %s2 = affine.for %c = 0 to 3 iter_args(%a2 = %a1) -> i32 {
              %r2 = affine.if affine_set<(d0, d1, d2, d3) : (d0 * 2 + d1 - 1 >= 0, 6 - d0 * 2 - d1 >= 0, d2 * 2 + d3 - 1 >= 0, 6 - d2 * 2 - d3 >= 0)>(%p, %r, %q, %s) -> i32 {
                %x = affine.load %I[%p * 2 + %r - 1, %q * 2 + %s - 1, %c] : memref<6x6x3xi8>
                %w = affine.load %W[%k, %r, %s, %c] : memref<4x3x3x3xi8>
                %xe = arith.extsi %x : i8 to i32
                %we = arith.extsi %w : i8 to i32
                %m = arith.muli %xe, %we : i32
                %t = arith.addi %a2, %m : i32
                affine.yield %t : i32
              } else {
                affine.yield %a2 : i32
              }
              affine.yield %r2 : i32
            }
            affine.yield %s2 : i32
          }
          affine.yield %s1 : i32
        }
        affine.store %s0, %O[%p, %q, %k] : memref<3x3x4xi32>
      }
    }
  }
  return
}

// out[p][q][c] = sum in[p+r][q+s][c] w[r][s][c]
func.func @depthwise(%I: memref<6x6x3xi8>, %D: memref<3x3x3xi8>, %E: memref<4x4x3xi32>) {
  %z = arith.constant 0 : i32
  affine.for %p = 0 to 4 {
    affine.for %q = 0 to 4 {
      affine.for %c = 0 to 3 {
        %s0 = affine.for %r = 0 to 3 iter_args(%a0 = %z) -> i32 {
          %s1 = affine.for %s = 0 to 3 iter_args(%a1 = %a0) -> i32 {
            %x = affine.load %I[%p + %r, %q + %s, %c] : memref<6x6x3xi8>
            %w = affine.load %D[%r, %s, %c] : memref<3x3x3xi8>
            %xe = arith.extsi %x : i8 to i32
            %we = arith.extsi %w : i8 to i32
            %m = arith.muli %xe, %we : i32
            %t = arith.addi %a1, %m : i32
            affine.yield %t : i32
          }
          affine.yield %s1 : i32
        }
        affine.store %s0, %E[%p, %q, %c] : memref<4x4x3xi32>
      }
    }
  }
  return
}

// 2x2 windows, stride 2, one row of padding on top: max skips it, the
// average counts it as zero, sums in 32 bits and divides by 4 (towards
// zero)
func.func @pools(%I: memref<5x4x2xi16>, %M: memref<3x2x2xi16>, %V: memref<3x2x2xi16>) {
  %lo = arith.constant -32768 : i16
  %z = arith.constant 0 : i32
  %four = arith.constant 4 : i32
  affine.for %p = 0 to 3 {
    affine.for %q = 0 to 2 {
      affine.for %c = 0 to 2 {
        %mx:2 = affine.for %r = 0 to 2 iter_args(%m0 = %lo, %v0 = %z) -> (i16, i32) {
          %mx2:2 = affine.for %s = 0 to 2 iter_args(%m1 = %m0, %v1 = %v0) -> (i16, i32) {
            %res:2 = affine.if affine_set<(d0, d1) : (d0 * 2 + d1 - 1 >= 0, 5 - d0 * 2 - d1 >= 0)>(%p, %r) -> (i16, i32) {
              %x = affine.load %I[%p * 2 + %r - 1, %q * 2 + %s, %c] : memref<5x4x2xi16>
              %m2 = arith.maxsi %m1, %x : i16
              %xe = arith.extsi %x : i16 to i32
              %v2 = arith.addi %v1, %xe : i32
              affine.yield %m2, %v2 : i16, i32
            } else {
              affine.yield %m1, %v1 : i16, i32
            }
            affine.yield %res#0, %res#1 : i16, i32
          }
          affine.yield %mx2#0, %mx2#1 : i16, i32
        }
        %avg = arith.divsi %mx#1, %four : i32
        %avg16 = arith.trunci %avg : i32 to i16
        affine.store %mx#0, %M[%p, %q, %c] : memref<3x2x2xi16>
        affine.store %avg16, %V[%p, %q, %c] : memref<3x2x2xi16>
      }
    }
  }
  return
}

// relu(a + b) >> 3, then requantised: clamp((x * 5 + 8) >> 4 - 2) to i8
func.func @eltwise(%A: memref<2x3xi32>, %B: memref<2x3xi32>, %C: memref<2x3xi32>, %Q: memref<2x3xi8>) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c8 = arith.constant 8 : i32
  %c4 = arith.constant 4 : i32
  %cm2 = arith.constant -2 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i, %j] : memref<2x3xi32>
      %b = affine.load %B[%i, %j] : memref<2x3xi32>
      %s = arith.addi %a, %b : i32
      %r = arith.maxsi %s, %c0 : i32
      %h = arith.shrsi %r, %c3 : i32
      affine.store %h, %C[%i, %j] : memref<2x3xi32>
      %m = arith.muli %h, %c5 : i32
      %m2 = arith.addi %m, %c8 : i32
      %m3 = arith.shrsi %m2, %c4 : i32
      %m4 = arith.addi %m3, %cm2 : i32
      %m5 = arith.maxsi %m4, %lo : i32
      %m6 = arith.minsi %m5, %hi : i32
      %t = arith.trunci %m6 : i32 to i8
      affine.store %t, %Q[%i, %j] : memref<2x3xi8>
    }
  }
  return
}

func.func @andi(%A: memref<2x3xi8>, %Z: memref<2x3xi16>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i, %j] : memref<2x3xi8>
      %z = arith.extui %a : i8 to i16
      affine.store %z, %Z[%i, %j] : memref<2x3xi16>
    }
  }
  return
}
