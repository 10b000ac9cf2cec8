// Pipeline stages (issue 11: kernels as pipelined datapaths): a kernel of
// latency 2 is cut by its two registers into three parts of about equal
// logic depth (uth_stage.c's estimate: a multiply 4, an add 1), rather than
// the registers all sitting behind the whole datapath.  Here
// y = (3x + 5) * 7 + x: the first multiply is stage 0, the add of 5
// stage 1, the second multiply and the last add stage 2, and x, used in
// stage 2, crosses two registers.  Played in strata-hwsim with x = 10, 11,
// ... from cycle 2, the six outputs are f(x) two cycles after x arrives:
// f(10) = 255 (0xff), f(11) = 277 (0x115), ..., f(15) = 365 (0x16d).
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=STAGES < %t.mlir
// RUN: %python -c "print('\n'.join(['1 0 0'] * 2 + ['0 1 %%x' %% (10 + c) for c in range(10)]))" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines

// STAGES:      [[M:%[0-9]+]] = comb.mul [[X:%[0-9]+]], %c3_i16 : i16
// STAGES-NEXT: [[M1:%[0-9]+]] = seq.compreg.ce [[M]], %clk, [[ADV:%[0-9]+]] : i16
// STAGES-NEXT: [[S:%[0-9]+]] = comb.add [[M1]], %c5_i16 : i16
// STAGES-NEXT: [[S1:%[0-9]+]] = seq.compreg.ce [[S]], %clk, [[ADV]] : i16
// STAGES-NEXT: [[N:%[0-9]+]] = comb.mul [[S1]], %c7_i16 : i16
// STAGES-NEXT: [[X1:%[0-9]+]] = seq.compreg.ce [[X]], %clk, [[ADV]] : i16
// STAGES-NEXT: [[X2:%[0-9]+]] = seq.compreg.ce [[X1]], %clk, [[ADV]] : i16
// STAGES-NEXT: [[Y:%[0-9]+]] = comb.add [[N]], [[X2]] : i16
// The result is at stage 2 = the latency: no register behind it.
// STAGES-NOT:  seq.compreg.ce [[Y]]

// columns: a_ready o_valid o_data done
// CHECK:      0 0 0000 0
// CHECK-NEXT: 0 0 0000 0
// CHECK-NEXT: 1 0 0000 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 00ff 0
// CHECK-NEXT: 1 1 0115 0
// CHECK-NEXT: 1 1 012b 0
// CHECK-NEXT: 1 1 0141 0
// CHECK-NEXT: 0 1 0157 0
// CHECK-NEXT: 0 1 016d 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<6xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<6xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 6 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<6xi16>
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 6 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [i] }"} : memref<6xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 2} : (i16) -> i16 {
  ^bb0(%x: i16):
    %c3 = arith.constant 3 : i16
    %c5 = arith.constant 5 : i16
    %c7 = arith.constant 7 : i16
    %m = arith.muli %x, %c3 : i16
    %s = arith.addi %m, %c5 : i16
    %n = arith.muli %s, %c7 : i16
    %y = arith.addi %n, %x : i16
    ub.yield %y : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i] : 0 <= i < 6 }", access = "{ K[i] -> o[i] }", schedule = "{ K[i] -> [i + 2] }"} : memref<6xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 6 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [i + 2] }"} : memref<6xi16> -> i16
}
