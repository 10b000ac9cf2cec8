// memrefs-refused: an f32 memref used other than by loads, stores and
// dealloc cannot become an i32 one (test/SoftFloat/memrefs.mlir).
func.func @callee(%m: memref<4xf32>) {
  return
}

// expected-error @+1 {{arith-soft-float: an f32 memref stored as i32 (memrefs) is used by 'func.call'}}
func.func @caller(%m: memref<4xf32>) {
  func.call @callee(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// A copy from a memref the pass does not retype (a global's) would copy
// f32 into i32: refused at the allocation whose use it is.
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @copy_global() {
  %g = memref.get_global @g : memref<4xf32>
  // expected-error @+1 {{arith-soft-float: an f32 memref stored as i32 (memrefs) is used by 'memref.copy'}}
  %t = memref.alloc() : memref<4xf32>
  memref.copy %g, %t : memref<4xf32> to memref<4xf32>
  return
}
