// ub-extract on the cascade stand-in: one kernel per stencil (the pure
// definition and its RDom update merged, the RDom unrolled into 9 read
// ports), the 3x3 weights folded as constants (tap registers), and the
// sequential schedule, one stage after the other.
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --ub-extract | FileCheck %s
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --ub-extract --ub-schedule=strategy=sequential --ub-capacity | FileCheck %s --check-prefix=SEQ
// Arguments named by accel.name, as the Halide frontend names them:
// RUN: sed 's/%%input: memref<64x64xi16>/&  {accel.name = "input"}/' %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir | strata-opt --ub-extract | FileCheck %s --check-prefix=NAMES

// CHECK: ub.graph @cascade_ub {
// CHECK: ub.write %{{.*}} {access = "{ host_arg0[i0, i1] -> arg0[1*i0, 1*i1] }"
// CHECK-COUNT-9: ub.read %{{.*}} {access = "{ conv1[i0, i1] -> hw_input[{{.*}}] }"
// CHECK: ub.kernel @conv1({{.*}}) {latency = 0 : i64} : (i16, i16, i16, i16, i16, i16, i16, i16, i16) -> i16 {
// CHECK: %[[C4:.*]] = arith.constant 4 : i16
// CHECK-NEXT: arith.muli %[[C4]], %arg4 : i16
// CHECK: ub.yield
// CHECK: ub.write %{{.*}} from %{{.*}} : i16 {access = "{ conv1[i0, i1] -> conv1[1*i0, 1*i1] }", domain = "{ conv1[i0, i1] : 0 <= i0 <= 61 and 0 <= i1 <= 61 }", schedule = "{ conv1[i0, i1] -> [8192 + 1*(i1 - 0) + 62*(i0 - 0)] }"}

// Sequentially, every stage waits for the previous one: hw_input holds its
// whole tile, written before its first read (single-init: a tap memory).
// SEQ: ub.graph @cascade_ub attributes {latency = 19236 : i64, memory = {{[0-9]+}} : i64}
// SEQ: ub.buffer @hw_input {capacity = 4096 : i64, kind = "tap"}

// NAMES: ub.buffer @input {arg = 0 : i64} : memref<64x64xi16>
// NAMES: ub.buffer @arg1 {arg = 1 : i64} : memref<60x60xi16>
