// An 800 MB buffer: the interpreter accepts up to 1 GiB, and zeroing it
// took over a second under ASan; the harness context refuses blocks over
// 64 MiB (reported as out of memory), so such inputs end at once.
func.func @f() -> f64 {
  %m = memref.alloc() : memref<100000000xf64>
  %c = arith.constant 0 : index
  %v = memref.load %m[%c] : memref<100000000xf64>
  memref.dealloc %m : memref<100000000xf64>
  return %v : f64
}
