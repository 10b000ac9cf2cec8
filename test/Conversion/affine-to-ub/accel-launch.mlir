// Extraction keyed on the accel vocabulary alone, from hand-written IR (no
// frontend): the loop marked accel.launch is one accelerator run, the
// arguments and allocations are named by accel.name, a reduction marked
// accel.unroll is unrolled into its stage's kernel (three read ports), the
// stage's datapath takes accel.latency = 2 cycles, and the table stored
// accel.store_in = "rom" is computed at compile time and looked up as a
// ROM.  The host's copy out of hw_output folds into the output stream.  The
// graph simulates bit-exactly against strata-run on the same IR.  Without
// accel.unroll the reduction stays rolled: the update becomes a
// read-modify-write statement of its own (an accumulation).
// RUN: strata-opt %s --ub-extract --ub-schedule --ub-capacity -o %t.ub.mlir
// RUN: FileCheck %s < %t.ub.mlir
// RUN: %python %strata_src_root/test/Analysis/ub/Inputs/gen-npy.py 7 %t.in.npy i1 18
// RUN: strata-run --entry=blur3 %s --arg=%t.in.npy --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.ub.mlir --ub-simulate=input=%t.in.npy,output=%t.sim.npy -o %t.sim.mlir 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: sed 's/} {accel.unroll}/}/' %s | strata-opt --ub-extract | FileCheck %s --check-prefix=ROLLED

// CHECK: ub.graph @blur3_ub
// CHECK-DAG: ub.buffer @input {arg = 0 : i64
// CHECK-DAG: ub.buffer @hw_output {arg = 1 : i64
// CHECK-DAG: ub.buffer @sum {
// CHECK-DAG: ub.buffer @curve_rom {{{.*}}kind = "rom"
// CHECK: ub.kernel @sum(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {latency = 2 : i64} : (i8, i8, i8) -> i16
// CHECK: ub.kernel @hw_output(%{{[0-9]+}}) {latency = 0 : i64} : (i16) -> i16
// CHECK: memref.get_global @curve_rom
// SIM: ub-simulate: @blur3_ub: {{[0-9]+}} events over {{[0-9]+}} cycles, no value lost
// ROLLED: ub.kernel @sum_update0

func.func @blur3(%in: memref<18xi8> {accel.name = "input"}, %out: memref<16xi16> {accel.name = "output"}) {
  %c0 = arith.constant 0 : i16
  %c7 = arith.constant 7 : i16
  %hw = memref.alloc() {accel.name = "hw_output"} : memref<16xi16>
  affine.for %b = 0 to 1 {
    %curve = memref.alloc() {accel.name = "curve", accel.store_in = "rom"} : memref<8xi16>
    affine.for %v = 0 to 8 {
      %vi = arith.index_cast %v : index to i16
      %sq = arith.muli %vi, %vi : i16
      affine.store %sq, %curve[%v] : memref<8xi16>
    }
    %sum = memref.alloc() {accel.name = "sum"} : memref<16xi16>
    affine.for %x = 0 to 16 {
      affine.store %c0, %sum[%x] : memref<16xi16>
    }
    affine.for %x = 0 to 16 {
      affine.for %r = 0 to 3 {
        %a = affine.load %sum[%x] : memref<16xi16>
        %p = affine.load %in[%x + %r] : memref<18xi8>
        %w = arith.extsi %p : i8 to i16
        %s = arith.addi %a, %w : i16
        affine.store %s, %sum[%x] : memref<16xi16>
      } {accel.unroll}
    } {accel.latency = 2 : i64}
    affine.for %x = 0 to 16 {
      %s = affine.load %sum[%x] : memref<16xi16>
      %k = arith.andi %s, %c7 : i16
      %i = arith.index_cast %k : i16 to index
      %v = memref.load %curve[%i] : memref<8xi16>
      %t = arith.addi %s, %v : i16
      affine.store %t, %hw[%x] : memref<16xi16>
    }
  } {accel.launch = "blur3"}
  affine.for %x = 0 to 16 {
    %v = affine.load %hw[%x] : memref<16xi16>
    affine.store %v, %out[%x] : memref<16xi16>
  }
  return
}
