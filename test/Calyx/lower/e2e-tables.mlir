// End to end (issue 11): constant tables (memref.global constant) become
// read-only memories (calyx.init) that lower-calyx-to-hw builds as ROMs,
// also when an affine.parallel splits one into banks (each bank holding
// its indices' contents); Inputs/table.mlir reads a 2-D weight table, a
// lookup table at a computed index and a banked table.  stratac fails
// unless Verilator's memories equal the interpreter's word for word; the
// values are also checked: a = 1..6 gives curve[(a + w) & 15] = 17, 0, 39,
// 24, 35, -20 (236), b = 1..4 gives b + bias = 11, 22, 33, 44.
// RUN: strata-opt %S/Inputs/table.mlir --lower-to-calyx=parallel=2 | FileCheck %s --check-prefix=CALYX
// CALYX-DAG: calyx.memory @rom_{{[0-9]+}} <[2, 3] x 8> [1, 2] {calyx.init = dense<[1, -2, 3, 127, -128, 5]> : tensor<6xi8>}
// CALYX-DAG: calyx.memory @rom_{{[0-9]+}} <[16] x 8> [4] {calyx.init = dense<[0, 9, 17, 24, 30, 35, 39, 42, 44, -1, -7, -20, 100, 101, 102, 127]> : tensor<16xi8>}
// CALYX-DAG: calyx.memory @rom_{{[0-9]+}}_b0 <[2] x 8> [1] {{{.*}}calyx.init = dense<[10, 30]> : tensor<2xi8>}
// CALYX-DAG: calyx.memory @rom_{{[0-9]+}}_b1 <[2] x 8> [1] {{{.*}}calyx.init = dense<[20, 40]> : tensor<2xi8>}
// A table is read in its addressing cycle, so it stays a comb memory when
// the others are seq.  lower-calyx-to-hw builds it as logic (one wide
// constant shifted by the address), or with roms=memory as a memory
// starting from its contents (seq.hlmem's init), which synthesis can put
// in block RAM; the FPGA target picks the latter when its block memory has
// ROM mode (archs/fpga.acg does; test/Target/fpga/acg-no-rom.test).
// RUN: strata-opt %S/Inputs/table.mlir --lower-to-calyx=parallel=2 --calyx-go-insertion --calyx-compile-invoke --calyx-compile-control --calyx-remove-groups --lower-calyx-to-hw | FileCheck %s --check-prefix=LOGIC
// LOGIC: comb.concat {{.*}} : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
// LOGIC: comb.shru {{.*}} : i128
// LOGIC-NOT: seq.hlmem @rom
// RUN: strata-opt %S/Inputs/table.mlir --lower-to-calyx=parallel=2 --calyx-go-insertion --calyx-compile-invoke --calyx-compile-control --calyx-remove-groups --lower-calyx-to-hw=roms=memory | FileCheck %s --check-prefix=MEM
// MEM-DAG: seq.hlmem @rom_{{[0-9]+}} %clk, %reset {init = dense<[0, 9, 17, 24, 30, 35, 39, 42, 44, -1, -7, -20, 100, 101, 102, 127]> : tensor<16xi8>} : !seq.hlmem<16xi8>
// MEM-DAG: seq.hlmem @rom_{{[0-9]+}}_b1 %clk, %reset {init = dense<[20, 40]> : tensor<2xi8>} : !seq.hlmem<2xi8>
// MEM-NOT: seq.write
// RUN: strata-opt %S/Inputs/table.mlir --lower-to-calyx='parallel=2 memories=seq' | FileCheck %s --check-prefix=SEQ
// SEQ: calyx.seq_mem @arg0
// SEQ-NOT: calyx.seq_mem @rom
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/table.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth --parallel 2 --inputs %S/Inputs/table-inputs | FileCheck %s
// RUN: FileCheck %s --check-prefix=HW < %t/design.mlir
// RUN: cat %t/outputs/arg0.txt %t/outputs/arg1.txt | FileCheck %s --check-prefix=OUT
// CHECK: QoR of tables on
// CHECK-NEXT: cycles {{[0-9]+}}
// HW: seq.hlmem @rom_{{[0-9]+}} %clk, %reset {{{.*}}init = dense<[0, 9, 17, 24, 30, 35, 39, 42, 44, -1, -7, -20, 100, 101, 102, 127]> : tensor<16xi8>{{.*}}} : !seq.hlmem<16xi8>
// OUT: 17
// OUT-NEXT: 0
// OUT-NEXT: 39
// OUT-NEXT: 24
// OUT-NEXT: 35
// OUT-NEXT: 236
// OUT-NEXT: 11
// OUT-NEXT: 22
// OUT-NEXT: 33
// OUT-NEXT: 44
