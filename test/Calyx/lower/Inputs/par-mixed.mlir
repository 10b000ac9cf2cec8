// A memory banked for an affine.parallel and reached outside its threads too: a sequential loop
// first adds i to A[i] (each access picks its bank at run time), the parallel loop squares every
// element (4 threads, each with its own bank), and a sequential loop sums A into S[0].
func.func @pmix(%A: memref<32xi32> {calyx.name = "A"}, %S: memref<1xi32> {calyx.name = "S"}) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %ii = arith.index_cast %i : index to i32
    %b = arith.addi %a, %ii : i32
    affine.store %b, %A[%i] : memref<32xi32>
  }
  affine.parallel (%i) = (0) to (32) {
    %a = affine.load %A[%i] : memref<32xi32>
    %q = arith.muli %a, %a : i32
    affine.store %q, %A[%i] : memref<32xi32>
  }
  %c0 = arith.constant 0 : i32
  %s = affine.for %i = 0 to 32 iter_args(%acc = %c0) -> (i32) {
    %a = affine.load %A[%i] : memref<32xi32>
    %t = arith.addi %acc, %a : i32
    affine.yield %t : i32
  }
  affine.store %s, %S[0] : memref<1xi32>
  return
}
