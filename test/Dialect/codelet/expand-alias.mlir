// codelet-expand refuses a layer that reads the memref it writes (other
// than an element-wise one, whose codelet reads each element first).
// RUN: strata-opt %s --codelet-expand --verify-diagnostics

func.func @f(%A: memref<4x4xi32>) {
  // expected-error @+1 {{its codelet writes the output while reading input 0, the same memref: give the output a buffer of its own}}
  codelet.pool max %A, %A {window = array<i64: 1, 1>} : memref<4x4xi32>, memref<4x4xi32>
  codelet.eltwise relu %A, %A : memref<4x4xi32>, memref<4x4xi32>
  return
}
