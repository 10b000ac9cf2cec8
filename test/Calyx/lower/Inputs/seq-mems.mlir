// For seq memories (lower-to-calyx memories=seq): an internal memory T, a loop that pipelines
// (T[i] = 3 * A[i] - i, reading the external A) and one that does not (it holds an scf.if): B[i] =
// T[i] when positive, else T[31 - i] + 1, reading T twice and writing the external B.  Then B is
// doubled by an affine.parallel (4 threads: B is split into banks, so the stores before reach
// their bank at run time) and A[0] becomes the sum of B (loads choosing their bank at run time).
func.func @seqk(%A: memref<32xi32> {calyx.name = "A"}, %B: memref<32xi32> {calyx.name = "B"}) {
  %T = memref.alloc() : memref<32xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %three = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c32 step %c1 {
    %a = memref.load %A[%i] : memref<32xi32>
    %p = arith.muli %a, %three : i32
    %ii = arith.index_cast %i : index to i32
    %t = arith.subi %p, %ii : i32
    memref.store %t, %T[%i] : memref<32xi32>
  }
  scf.for %i = %c0 to %c32 step %c1 {
    %t = memref.load %T[%i] : memref<32xi32>
    %pos = arith.cmpi sgt, %t, %zero : i32
    scf.if %pos {
      memref.store %t, %B[%i] : memref<32xi32>
    } else {
      %j = arith.subi %c31, %i : index
      %u = memref.load %T[%j] : memref<32xi32>
      %v = arith.addi %u, %one : i32
      memref.store %v, %B[%i] : memref<32xi32>
    }
  }
  memref.dealloc %T : memref<32xi32>
  affine.parallel (%k) = (0) to (32) {
    %b = affine.load %B[%k] : memref<32xi32>
    %d = arith.addi %b, %b : i32
    affine.store %d, %B[%k] : memref<32xi32>
  }
  %sum = affine.for %k = 0 to 32 iter_args(%acc = %zero) -> (i32) {
    %b = affine.load %B[%k] : memref<32xi32>
    %n = arith.addi %acc, %b : i32
    affine.yield %n : i32
  }
  affine.store %sum, %A[0] : memref<32xi32>
  return
}
