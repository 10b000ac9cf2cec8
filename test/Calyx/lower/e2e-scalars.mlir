// End to end (issue 6): a kernel with scalar arguments (i32 'a', an unnamed i16 whose port is in2)
// and two scalar results (out0, out1) beside its memories (Inputs/scalars.mlir).  stratac draws the
// scalars as it draws memory words, the testbench drives the input ports for the whole run and
// reads the result ports when done rises, and every word is compared with the interpreter's
// arguments and results; the Python reference checks them too.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: stratac %S/Inputs/scalars.mlir --target %strata_src_root/archs/fpga.acg -o %t/plain --no-synth | FileCheck %s
// RUN: %python %S/Inputs/kernels.py saxpy --stratac-dir %t/plain | FileCheck %s --check-prefix=REF
// Given inputs: a = -3, b = 100, X = 1..16: Y = 97, 94, ..., 52, whose sum is 1192, all 16 positive.
// RUN: stratac %S/Inputs/scalars.mlir --target %strata_src_root/archs/fpga.acg -o %t/given --no-synth -q --inputs %S/Inputs/scalars-inputs
// RUN: cat %t/given/outputs/out0.txt %t/given/outputs/out1.txt | FileCheck %s --check-prefix=GIVEN
// RUN: FileCheck %s --check-prefix=JSON < %t/plain/qor.json
// CHECK: QoR of saxpy on
// CHECK: buffers        X 16 words, Y 16 words
// REF: saxpy: hardware a ok (1 elements)
// REF: saxpy: hardware Y ok (16 elements)
// REF: saxpy: hardware out0 ok (1 elements)
// REF: saxpy: hardware out1 ok (1 elements)
// GIVEN: 1192
// GIVEN-NEXT: 16
// Scalars are ports, not buffers.
// JSON: "buffers": {"X": 16, "Y": 16}
