// A 2-D convolution (valid padding) in arith + scf + memref: the
// interpreter's throughput benchmark (bench/interp/run.py).
func.func @conv2d(%in: memref<?x?xf32>, %k: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %oh = memref.dim %out, %c0 : memref<?x?xf32>
  %ow = memref.dim %out, %c1 : memref<?x?xf32>
  %kh = memref.dim %k, %c0 : memref<?x?xf32>
  %kw = memref.dim %k, %c1 : memref<?x?xf32>
  scf.for %y = %c0 to %oh step %c1 {
    scf.for %x = %c0 to %ow step %c1 {
      %sum = scf.for %ky = %c0 to %kh step %c1 iter_args(%a = %zero) -> (f32) {
        %row = arith.addi %y, %ky : index
        %a2 = scf.for %kx = %c0 to %kw step %c1 iter_args(%b = %a) -> (f32) {
          %col = arith.addi %x, %kx : index
          %v = memref.load %in[%row, %col] : memref<?x?xf32>
          %w = memref.load %k[%ky, %kx] : memref<?x?xf32>
          %p = arith.mulf %v, %w : f32
          %s = arith.addf %b, %p : f32
          scf.yield %s : f32
        }
        scf.yield %a2 : f32
      }
      memref.store %sum, %out[%y, %x] : memref<?x?xf32>
    }
  }
  return
}
