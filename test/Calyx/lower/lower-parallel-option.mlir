// The thread count of lower-to-calyx's affine.parallel lowering is a power of two from 1 to 16.
// RUN: not strata-opt %s --lower-to-calyx='parallel=3' 2>&1 | FileCheck %s
// RUN: not strata-opt %s --lower-to-calyx='parallel=32' 2>&1 | FileCheck %s
// CHECK: error: {{.*}}lower-to-calyx: option parallel={{3|32}}: the threads of an affine.parallel are a power of two from 1 to 16
func.func @f(%A: memref<8xi32>) {
  return
}
