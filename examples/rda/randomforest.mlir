// Random-forest inference (Zhang's rf: 8 trees of 128 splits over a batch;
// 4 complete trees of depth 4 over 64 samples of 64 features here).  The
// samples go down each tree a level at a time: at each node a sample
// compares one of its features with the node's threshold and, by a
// data-dependent branch, goes to the left or the right child; the leaves'
// values are summed in tree order.
func.func @randomforest(%x: memref<64x64xf32>, %feat: memref<4x15xi32>, %thresh: memref<4x15xf32>,
                        %leaf: memref<4x16xf32>, %out: memref<64xf32>) {
  %node = memref.alloc() : memref<64xi32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c15 = arith.constant 15 : i32
  affine.for %s = 0 to 64 {
    affine.store %zero, %out[%s] : memref<64xf32>
  }
  affine.for %t = 0 to 4 {
    affine.for %s = 0 to 64 {
      affine.store %c0, %node[%s] : memref<64xi32>
    }
    affine.for %d = 0 to 4 {
      affine.for %s = 0 to 64 {
        %n = affine.load %node[%s] : memref<64xi32>
        %ni = arith.index_cast %n : i32 to index
        %f = memref.load %feat[%t, %ni] : memref<4x15xi32>
        %th = memref.load %thresh[%t, %ni] : memref<4x15xf32>
        %fi = arith.index_cast %f : i32 to index
        %v = memref.load %x[%s, %fi] : memref<64x64xf32>
        %right = arith.cmpf ogt, %v, %th : f32
        %twice = arith.muli %n, %c2 : i32
        %next = scf.if %right -> (i32) {
          %r = arith.addi %twice, %c2 : i32
          scf.yield %r : i32
        } else {
          %l = arith.addi %twice, %c1 : i32
          scf.yield %l : i32
        }
        affine.store %next, %node[%s] : memref<64xi32>
      }
    }
    affine.for %s = 0 to 64 {
      %n = affine.load %node[%s] : memref<64xi32>
      %li = arith.subi %n, %c15 : i32
      %lix = arith.index_cast %li : i32 to index
      %lv = memref.load %leaf[%t, %lix] : memref<4x16xf32>
      %o = affine.load %out[%s] : memref<64xf32>
      %sum = arith.addf %o, %lv : f32
      affine.store %sum, %out[%s] : memref<64xf32>
    }
  }
  return
}
