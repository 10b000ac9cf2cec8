// End to end (issue 6): an affine.parallel (Inputs/vadd-par.mlir) as a calyx.par of 4 threads, A, B
// and C each split into 4 cyclic banks, simulated by Verilator through stratac, which fails unless
// every memory equals the interpreter's word for word (the testbench plays each logical memory
// behind its banks' ports); the memories are also checked against the Python reference.  The same
// kernel run sequentially (--parallel 1) takes more than 3 times the cycles.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: stratac %S/Inputs/vadd-par.mlir --target %strata_src_root/archs/fpga.acg -o %t/par --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py vpar --stratac-dir %t/par | FileCheck %s --check-prefix=REF
// RUN: stratac %S/Inputs/vadd-par.mlir --target %strata_src_root/archs/fpga.acg -o %t/seq --no-synth --parallel 1 -q
// RUN: %python %S/Inputs/kernels.py vpar --stratac-dir %t/seq | FileCheck %s --check-prefix=REF
// RUN: %python %S/Inputs/speedup.py %t/par/qor.json %t/seq/qor.json --min 3 | FileCheck %s --check-prefix=SPEED
// RUN: FileCheck %s --check-prefix=SV < %t/par/design.sv
// CHECK: QoR of vpar on
// CHECK-NEXT: cycles {{[0-9]+}}
// REF: vpar: hardware A ok
// REF: vpar: hardware B ok
// REF: vpar: hardware C ok
// SPEED: faster
// Four banks of 16 words each (4-bit addresses) per memory.
// SV: output {{.*}}[3:0]{{ *}}A_b0_addr0
// SV: C_b3_write_en

// With --pipeline each thread's loop is pipelined (its banks are known; it runs from r by steps
// of 4): II 1, and more than 5 times fewer cycles than the plain threads.
// RUN: stratac %S/Inputs/vadd-par.mlir --target %strata_src_root/archs/fpga.acg -o %t/pipe --no-synth --pipeline | FileCheck %s --check-prefix=PIPE
// RUN: %python %S/Inputs/kernels.py vpar --stratac-dir %t/pipe | FileCheck %s --check-prefix=REF
// RUN: %python %S/Inputs/speedup.py %t/pipe/qor.json %t/par/qor.json --min 5 | FileCheck %s --check-prefix=SPEED
// PIPE: QoR of vpar on
// PIPE-NEXT: cycles {{[0-9]+}}
// PIPE-NEXT: II 1

// Inputs/par-mixed.mlir reaches the banked A outside the threads too: those accesses pick the bank
// at run time from the low bits of the index (every bank gets the address; the load takes the
// selected bank's data, the store raises only its write_en and is done on any bank's done, an OR
// driven outside the group), bit-exact.
// RUN: stratac %S/Inputs/par-mixed.mlir --target %strata_src_root/archs/fpga.acg -o %t/mixed --no-synth -q
// RUN: %python %S/Inputs/kernels.py pmix --stratac-dir %t/mixed | FileCheck %s --check-prefix=MIXED
// MIXED: pmix: hardware A ok (32 elements)
// MIXED: pmix: hardware S ok (1 elements)
// RUN: strata-opt %S/Inputs/par-mixed.mlir --lower-to-calyx | FileCheck %s --check-prefix=DYN
// DYN: calyx.group @ld_{{[0-9]+}} {
// DYN: calyx.assign %load_{{[0-9]+}}.in = %eq_{{[0-9]+}}.out ? %A_b0.read_data : i32
// DYN: calyx.assign %load_{{[0-9]+}}.in = %eq_{{[0-9]+}}.out ? %A_b3.read_data : i32
// DYN: calyx.assign %A_b3.write_en = %eq_{{[0-9]+}}.out ? %true : i1
// DYN-NEXT: calyx.group_done %[[OR:or_[0-9]+]].out : i1
// DYN: calyx.assign %[[OR]].right = %A_b3.done : i1
