// A[i][j] = A[i - 1][j + 1]: the value flows from iteration (i - 1, j + 1)
// to (i, j), distance (1, -1).  Interchanged it would be (-1, 1): the read
// would come before the write.  The request is refused, naming the
// dependence, with notes at its source and sink; the IR is unchanged.
// RUN: strata-opt %s --affine-loop-interchange="permutation='1,0'" --verify-diagnostics

func.func @skewed(%A: memref<10x10xf32>) {
  // expected-error@+1 {{'affine.for' op cannot interchange the loops as permutation=1,0 asks: it would reverse the RAW S1 -> S0 on arg0 distance (1, -1) direction (<, >)}}
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 9 {
      // expected-note@+1 {{sink of the dependence (S0)}}
      %a = affine.load %A[%i - 1, %j + 1] : memref<10x10xf32>
      // expected-note@+1 {{source of the dependence (S1)}}
      affine.store %a, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}
