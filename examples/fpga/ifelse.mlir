// A loop with if/else and select: positive elements are tripled, the others
// negated, then clamped to at most 50; the count of positives goes to N[0].
func.func @ifelse(%A: memref<32xi32> {calyx.name = "A"}, %B: memref<32xi32> {calyx.name = "B"},
                  %N: memref<1xi32> {calyx.name = "N"}) {
  %c0_idx = arith.constant 0 : index
  %c1_idx = arith.constant 1 : index
  %c32_idx = arith.constant 32 : index
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c50 = arith.constant 50 : i32
  %cnt = scf.for %i = %c0_idx to %c32_idx step %c1_idx iter_args(%n = %c0) -> (i32) {
    %x = memref.load %A[%i] : memref<32xi32>
    %pos = arith.cmpi sgt, %x, %c0 : i32
    %r, %inc = scf.if %pos -> (i32, i32) {
      %t = arith.muli %x, %c3 : i32
      scf.yield %t, %c1 : i32, i32
    } else {
      %m = arith.subi %c0, %x : i32
      scf.yield %m, %c0 : i32, i32
    }
    %big = arith.cmpi sgt, %r, %c50 : i32
    %v = arith.select %big, %c50, %r : i32
    memref.store %v, %B[%i] : memref<32xi32>
    %n2 = arith.addi %n, %inc : i32
    scf.yield %n2 : i32
  }
  memref.store %cnt, %N[%c0_idx] : memref<1xi32>
  return
}
