// The loop of issue 23: each iteration loads x[i] and x[i+1] (two reads of
// one memory) and stores their sum; an internal table t is read twice an
// iteration too (t[i] and t[63 - i]), so both kinds of memory need two
// read ports for one iteration a cycle.
func.func @pairs(%x: memref<65xi32>, %y: memref<64xi32>) {
  %t = memref.alloc() : memref<64xi32>
  affine.for %i = 0 to 64 {
    %a = affine.load %x[%i] : memref<65xi32>
    affine.store %a, %t[%i] : memref<64xi32>
  }
  affine.for %i = 0 to 64 {
    %a = affine.load %x[%i] : memref<65xi32>
    %b = affine.load %x[%i + 1] : memref<65xi32>
    %c = affine.load %t[%i] : memref<64xi32>
    %d = affine.load %t[63 - %i] : memref<64xi32>
    %s = arith.addi %a, %b : i32
    %u = arith.subi %c, %d : i32
    %v = arith.xori %s, %u : i32
    affine.store %v, %y[%i] : memref<64xi32>
  }
  memref.dealloc %t : memref<64xi32>
  return
}
