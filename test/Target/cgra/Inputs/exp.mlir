// A bf16 stream through exp: the Amber-like PE adds, subtracts and
// multiplies bf16 but has no exponential.
func.func @expo(%in: memref<16xbf16>, %out: memref<16xbf16>) attributes {accel.kernel} {
  %t = memref.alloc() : memref<16xbf16>
  affine.for %i = 0 to 16 {
    %v = affine.load %in[%i] : memref<16xbf16>
    %e = math.exp %v : bf16
    affine.store %e, %t[%i] : memref<16xbf16>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %t[%i] : memref<16xbf16>
    affine.store %v, %out[%i] : memref<16xbf16>
  }
  return
}
