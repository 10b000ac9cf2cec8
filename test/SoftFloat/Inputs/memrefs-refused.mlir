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
