// k-means clustering in f32 (Table 4.1: k = 64, dim = 64, n = 8192, 2
// iterations; k = 4, dim = 8, n = 64 here).  Each iteration computes every
// point's squared distances to the centroids, takes the nearest (the
// first on a tie), sums the points of each cluster in point order and
// moves each centroid with points to their mean.
func.func @kmeans(%pts: memref<64x8xf32>, %cent: memref<4x8xf32>, %assign: memref<64xi32>) {
  %dist = memref.alloc() : memref<64x4xf32>
  %sums = memref.alloc() : memref<4x8xf32>
  %counts = memref.alloc() : memref<4xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %big = arith.constant 3.0e38 : f32
  %c0 = arith.constant 0 : i32
  affine.for %it = 0 to 2 {
    affine.for %p = 0 to 64 {
      affine.for %c = 0 to 4 {
        %d = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (f32) {
          %x = affine.load %pts[%p, %k] : memref<64x8xf32>
          %m = affine.load %cent[%c, %k] : memref<4x8xf32>
          %df = arith.subf %x, %m : f32
          %sq = arith.mulf %df, %df : f32
          %n = arith.addf %acc, %sq : f32
          affine.yield %n : f32
        }
        affine.store %d, %dist[%p, %c] : memref<64x4xf32>
      }
    }
    affine.for %p = 0 to 64 {
      %best:2 = affine.for %c = 0 to 4 iter_args(%bd = %big, %bi = %c0) -> (f32, i32) {
        %d = affine.load %dist[%p, %c] : memref<64x4xf32>
        %lt = arith.cmpf olt, %d, %bd : f32
        %ci = arith.index_cast %c : index to i32
        %nd = arith.select %lt, %d, %bd : f32
        %ni = arith.select %lt, %ci, %bi : i32
        affine.yield %nd, %ni : f32, i32
      }
      affine.store %best#1, %assign[%p] : memref<64xi32>
    }
    affine.for %c = 0 to 4 {
      %ci = arith.index_cast %c : index to i32
      %cnt = affine.for %p = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %assign[%p] : memref<64xi32>
        %in = arith.cmpi eq, %a, %ci : i32
        %n = arith.addf %acc, %one : f32
        %r = arith.select %in, %n, %acc : f32
        affine.yield %r : f32
      }
      affine.store %cnt, %counts[%c] : memref<4xf32>
      affine.for %k = 0 to 8 {
        %s = affine.for %p = 0 to 64 iter_args(%acc = %zero) -> (f32) {
          %a = affine.load %assign[%p] : memref<64xi32>
          %in = arith.cmpi eq, %a, %ci : i32
          %x = affine.load %pts[%p, %k] : memref<64x8xf32>
          %n = arith.addf %acc, %x : f32
          %r = arith.select %in, %n, %acc : f32
          affine.yield %r : f32
        }
        affine.store %s, %sums[%c, %k] : memref<4x8xf32>
      }
    }
    affine.for %c = 0 to 4 {
      affine.for %k = 0 to 8 {
        %n = affine.load %counts[%c] : memref<4xf32>
        %s = affine.load %sums[%c, %k] : memref<4x8xf32>
        %old = affine.load %cent[%c, %k] : memref<4x8xf32>
        %mean = arith.divf %s, %n : f32
        %has = arith.cmpf ogt, %n, %zero : f32
        %v = arith.select %has, %mean, %old : f32
        affine.store %v, %cent[%c, %k] : memref<4x8xf32>
      }
    }
  }
  return
}
