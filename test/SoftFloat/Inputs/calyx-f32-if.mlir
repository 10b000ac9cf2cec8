// An scf.if and an affine.if yielding f32 (calyx-f32-if.test): each word
// is a*b where a < b, else a+b; the even words then halved.
func.func @fpick(%A: memref<32xf32>, %B: memref<32xf32>, %C: memref<32xf32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = affine.load %B[%i] : memref<32xf32>
    %lt = arith.cmpf olt, %a, %b : f32
    %v = scf.if %lt -> (f32) {
      %p = arith.mulf %a, %b : f32
      scf.yield %p : f32
    } else {
      %s = arith.addf %a, %b : f32
      scf.yield %s : f32
    }
    %w = affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) -> f32 {
      %h = arith.mulf %v, %half : f32
      affine.yield %h : f32
    } else {
      affine.yield %v : f32
    }
    affine.store %w, %C[%i] : memref<32xf32>
  }
  return
}
