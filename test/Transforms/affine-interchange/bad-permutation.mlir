// The permutation option must be a permutation of 0..n-1: no repeats, no
// gaps, only numbers.
// RUN: not strata-opt %s --affine-loop-interchange="permutation='1,1'" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not strata-opt %s --affine-loop-interchange="permutation='0,2'" 2>&1 | FileCheck %s --check-prefix=GAP
// RUN: not strata-opt %s --affine-loop-interchange="permutation='0,x'" 2>&1 | FileCheck %s --check-prefix=WORD

// TWICE: error: 'func.func' op affine-loop-interchange: permutation='1,1' is not a permutation of 0..n-1 (n <= 16)
// GAP: error: 'func.func' op affine-loop-interchange: permutation='0,2' is not a permutation of 0..n-1 (n <= 16)
// WORD: error: 'func.func' op affine-loop-interchange: permutation='0,x' is not a permutation of 0..n-1 (n <= 16)
func.func @f(%A: memref<4xf32>) {
  return
}
