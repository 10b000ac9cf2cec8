// An alloc in a loop body used by a store, a load and a dealloc: kept; the
// dim of it folds to a constant.
func @memref_loop_alloc(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %a = memref.alloc() : memref<3xf32>
    %d = memref.dim %a, %c0 : memref<3xf32>
    memref.store %x, %a[%c0] : memref<3xf32>
    %v = memref.load %a[%c0] : memref<3xf32>
    memref.dealloc %a : memref<3xf32>
    %di = arith.index_cast %d : index to i64
    %df = arith.sitofp %di : i64 to f32
    %s = arith.addf %acc, %v : f32
    %t = arith.addf %s, %df : f32
    scf.yield %t : f32
  }
  return %r : f32
}
