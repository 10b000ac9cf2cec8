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
