// End to end (issue 6): seq memories (lower-to-calyx memories=seq, stratac --memories seq): every
// memory is a calyx.seq_mem whose word comes a cycle after content_en.  Inputs/seq-mems.mlir has an
// internal memory and a pipelined loop (its load latched one offset later: II 1, depth 6 where comb memories give 5) beside a
// plain one (its loads finish on the memory's done), then B banked for an affine.parallel and
// reached outside its threads (seq loads from every bank, the selected one's data taken);
// simulated by Verilator through stratac, which plays the external A and the banks of B as seq
// memories, bit-exact with the interpreter and the Python reference.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/seq-mems.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --memories seq --pipeline | FileCheck %s
// RUN: %python %S/Inputs/kernels.py seqk --stratac-dir %t | FileCheck %s --check-prefix=REF
// RUN: FileCheck %s --check-prefix=HW < %t/design.mlir
// RUN: strata-opt %S/Inputs/seq-mems.mlir --lower-to-calyx='memories=seq pipeline=true' | FileCheck %s --check-prefix=IR
// CHECK: QoR of seqk on
// CHECK: II 1
// REF: seqk: hardware A ok (32 elements)
// REF: seqk: hardware B ok (32 elements)
// HW: calyx.memories = [#calyx.memory<"A", seq, 32, [32]>, #calyx.memory<"B", seq, 32, [32], banks = 4, bank_dim = 0>]
// HW: seq.read {{.*}} rden {{.*}} {latency = 1
// IR: calyx.seq_mem @A <[32] x 32> [5] {external}
// IR: calyx.seq_mem @mem_{{[0-9]+}} <[32] x 32> [5] :
// IR: calyx.static_group latency<{{[0-9]+}}> @pipe_{{[0-9]+}} {
// IR: calyx.assign %A.content_en = %{{.*}} ? %true : i1
// IR: } {calyx.depth = 6 : i64, calyx.ii = 1 : i64, calyx.trip = 32 : i64}
// IR: calyx.group @ld_{{[0-9]+}} {
// IR: calyx.assign %mem_{{[0-9]+}}.content_en = %true : i1
// IR: calyx.assign %load_{{[0-9]+}}.write_en = %mem_{{[0-9]+}}.done : i1
