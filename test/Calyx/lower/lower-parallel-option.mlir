// The thread count of lower-to-calyx's affine.parallel lowering is a power of two from 1 to 16.
// Issue 30: the error points at the value in the pipeline text (it was at
// the module, `file:0:0`), and comes before anything else the pass checks.
// RUN: not strata-opt %s --lower-to-calyx='parallel=3' 2>&1 | FileCheck %s --check-prefix=FLAT --strict-whitespace
// RUN: not strata-opt %s --lower-to-calyx='parallel=32' 2>&1 | FileCheck %s
// A memory has 1 to 4 read ports (option read-ports, the target's block RAM's).
// RUN: not strata-opt %s --lower-to-calyx='read-ports=5' 2>&1 | FileCheck %s --check-prefix=PORTS
// RUN: not strata-opt %s --lower-to-calyx='read-ports=0' 2>&1 | FileCheck %s --check-prefix=PORTS
// PORTS: <pass-pipeline>:1:{{[0-9]+}}: error: lower-to-calyx: option read-ports={{5|0}}: a memory has 1 to 4 read ports
// RUN: not strata-opt %s --pass-pipeline='builtin.module(cse,lower-to-calyx{top=nope parallel=3})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PIPE --strict-whitespace
// CHECK: error: {{.*}}lower-to-calyx: option parallel={{3|32}}: the threads of an affine.parallel are a power of two from 1 to 16
// FLAT: <pass-pipeline>:1:25: error: lower-to-calyx: option parallel=3: the threads of an affine.parallel are a power of two from 1 to 16
// FLAT-NEXT:{{^}}lower-to-calyx{parallel=3}
// FLAT-NEXT:{{^}}                        ^{{$}}
// PIPE: <pass-pipeline>:1:53: error: lower-to-calyx: option parallel=3:
// PIPE-NEXT:{{^}}builtin.module(cse,lower-to-calyx{top=nope parallel=3})
// PIPE-NEXT:{{^}}                                                    ^{{$}}
func.func @f(%A: memref<8xi32>) {
  return
}
