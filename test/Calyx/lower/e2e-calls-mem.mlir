// End to end (issue 6): calls whose callees take memories (Inputs/calls-mem.mlir).  A memref
// argument of a function other than the top one becomes ports of its component (<m>_addr0,
// _write_data, _write_en out, <m>_read_data, _done in); a call connects them to the caller's
// memory (the top's external A, an internal memref.alloc, or a memory the caller itself received)
// for its duration.  Simulated by Verilator through stratac, bit-exact with the interpreter and the
// Python reference.
// REQUIRES: verilator
// RUN: rm -rf %t && stratac %S/Inputs/calls-mem.mlir --target %strata_src_root/archs/fpga.acg -o %t --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py calls_mem --stratac-dir %t | FileCheck %s --check-prefix=REF
// RUN: strata-opt %S/Inputs/calls-mem.mlir --lower-to-calyx | FileCheck %s --check-prefix=IR
// CHECK: QoR of calls_mem on
// REF: calls_mem: hardware A ok (16 elements)
// REF: calls_mem: hardware R ok (2 elements)
// IR: calyx.component @scale(%arg0_read_data: i32, %arg0_done: i1, %in1: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%arg0_addr0: i4, %arg0_write_data: i32, %arg0_write_en: i1, %done: i1 {done})
// IR: calyx.component @sum(%V_read_data: i32, %V_done: i1, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out0: i32, %V_addr0: i4,
// @twice passes on the memory it received: its own ports drive the instance's.
// IR: calyx.component @twice(
// IR: calyx.group @call_{{[0-9]+}} {
// IR-DAG: calyx.assign %inst_0.arg0_read_data = %arg0_read_data : i32
// IR-DAG: calyx.assign %arg0_addr0 = %inst_0.arg0_addr0 : i4
// IR-DAG: calyx.assign %inst_0.go = %true : i1
// IR: calyx.group_done %inst_0.done : i1
// IR: calyx.component @calls_mem(
// IR: calyx.group @call_{{[0-9]+}} {
// IR-DAG: calyx.assign %inst_{{[0-9]+}}.arg0_read_data = %A.read_data : i32
// IR-DAG: calyx.assign %A.write_en = %inst_{{[0-9]+}}.arg0_write_en : i1
