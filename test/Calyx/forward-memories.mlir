// lower-calyx-to-hw forwards the external memories of instantiated components up through the
// instances' ports (as CIRCT passes memories): Inputs/forward-mem.mlir has @inc owning the
// external memory M, @twice instantiating it as j, and @main instantiating @inc as a and @twice as
// b, so @main's interface holds a_M and b_j_M.  stratac then simulates the design in Verilator
// against @ref (the function the calyx computes), bit-exact.
// RUN: strata-opt %S/Inputs/forward-mem.mlir --pass-pipeline='builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK: hw.module @inc({{.*}}out M_addr0 : i1, out M_write_data : i32, out M_write_en : i1, in %M_read_data : i32, in %M_done : i1) attributes {calyx.memories = [#calyx.memory<"M", comb, 32, [2]>]}
// CHECK: hw.module @twice({{.*}}out j_M_addr0 : i1, {{.*}}in %j_M_done : i1) attributes {calyx.memories = [#calyx.memory<"j_M", comb, 32, [2]>]}
// CHECK: hw.instance "j" @inc({{.*}}M_read_data: %j_M_read_data: i32, M_done: %j_M_done: i1) -> (done: i1, M_addr0: i1, M_write_data: i32, M_write_en: i1)
// CHECK: hw.module @main({{.*}}out a_M_addr0 : i1{{.*}}in %b_j_M_done : i1) attributes {calyx.memories = [#calyx.memory<"a_M", comb, 32, [2]>, #calyx.memory<"b_j_M", comb, 32, [2]>], hw.top}
// CHECK: %[[A:.*]]:4 = hw.instance "a" @inc(
// CHECK: %[[B:.*]]:4 = hw.instance "b" @twice({{.*}}j_M_read_data: %b_j_M_read_data: i32, j_M_done: %b_j_M_done: i1)
// CHECK: hw.output %{{[0-9]+}}, %[[A]]#1, %[[A]]#2, %[[A]]#3, %[[B]]#1, %[[B]]#2, %[[B]]#3 :
// REQUIRES: verilator
// RUN: rm -rf %t.out && stratac %t.mlir --target %strata_src_root/archs/fpga.acg -o %t.out --no-synth | FileCheck %s --check-prefix=SIM
// SIM: QoR of ref on
