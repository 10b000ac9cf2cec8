// If-conversion in pipelined loops (e2e-pipe-if.mlir, lower-pipeline-if.mlir).
// @divz: Q[i] = N[i] / d where d = D[i] & 3 is not 0, else N[i] * 5: the
// divider runs every iteration, also on d = 0 (a quarter of the words),
// whose quotient the select drops.
// @stores: stores in both branches and in nested ifs: B[i] = 3x or -x (one
// store of a select), C[i] = x for the positive odd x, -x for the others
// that are even (C keeps its other words).
// @shift: Y[i] = X[i - 1] for i > 0, else 7: the load runs speculatively at
// i = 0, its address i - 1 out of X's 30 words.
func.func @pipe_if(%N: memref<32xi32>, %D: memref<32xi32>, %Q: memref<32xi32>,
                   %A: memref<32xi32>, %B: memref<32xi32>, %C: memref<32xi32>,
                   %X: memref<30xi32>, %Y: memref<30xi32>) {
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %c30i = arith.constant 30 : index
  %c32i = arith.constant 32 : index
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  scf.for %i = %c0i to %c32i step %c1i {
    %n = memref.load %N[%i] : memref<32xi32>
    %dw = memref.load %D[%i] : memref<32xi32>
    %d = arith.andi %dw, %c3 : i32
    %nz = arith.cmpi ne, %d, %c0 : i32
    %q = scf.if %nz -> i32 {
      %v = arith.divsi %n, %d : i32
      scf.yield %v : i32
    } else {
      %m = arith.muli %n, %c5 : i32
      scf.yield %m : i32
    }
    memref.store %q, %Q[%i] : memref<32xi32>
  }
  scf.for %i = %c0i to %c32i step %c1i {
    %x = memref.load %A[%i] : memref<32xi32>
    %pos = arith.cmpi sgt, %x, %c0 : i32
    scf.if %pos {
      %t = arith.muli %x, %c3 : i32
      memref.store %t, %B[%i] : memref<32xi32>
      %o = arith.andi %x, %c1 : i32
      %odd = arith.cmpi ne, %o, %c0 : i32
      scf.if %odd {
        memref.store %x, %C[%i] : memref<32xi32>
      }
    } else {
      %m = arith.subi %c0, %x : i32
      memref.store %m, %B[%i] : memref<32xi32>
      %e = arith.andi %x, %c1 : i32
      %even = arith.cmpi eq, %e, %c0 : i32
      scf.if %even {
        memref.store %m, %C[%i] : memref<32xi32>
      }
    }
  }
  scf.for %i = %c0i to %c30i step %c1i {
    %first = arith.cmpi eq, %i, %c0i : index
    %y = scf.if %first -> i32 {
      scf.yield %c7 : i32
    } else {
      %j = arith.subi %i, %c1i : index
      %v = memref.load %X[%j] : memref<30xi32>
      scf.yield %v : i32
    }
    memref.store %y, %Y[%i] : memref<30xi32>
  }
  return
}
