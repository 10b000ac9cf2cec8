// Kinzer's Fig. 3.7 to Fig. 3.8(c): the add codelet mapped to a layer of
// 12 i16 elements (codelet-expand: Fig. 3.7(b)) and scheduled on the
// Fig. 3.8 machine (codelet-schedule): the operands in MEM1 (the longest
// path to the PEs), tiles of 6 moved to MEM2 (the largest divisor of 12
// whose three tiles fit MEM2's 20 words and whose transfer uses at most
// the 128-bit edge, Algorithm 3), PE2's two additions and PE1's one side
// by side in each trip of 3, the result moved back; it computes the layer.
// RUN: strata-opt --acg=%S/Inputs/fig38.acg %s --codelet-expand --codelet-schedule | FileCheck %s
// RUN: strata-opt --acg=%S/Inputs/fig38.acg %s --codelet-expand --codelet-schedule -o %t.mlir
// RUN: strata-tv %s %t.mlir --entry=add | FileCheck %s --check-prefix=TV
// TV: @add: 64 inputs agree
// CHECK: %[[A:.*]] = codelet.inp %arg0 : memref<12xi16, "MEM1">
// CHECK: %[[B:.*]] = codelet.inp %arg1 : memref<12xi16, "MEM1">
// CHECK: %[[C:.*]] = codelet.out %arg2 : memref<12xi16, "MEM1">
// CHECK: %[[C1:.*]] = codelet.local 0 : memref<6xi16, "MEM2">
// CHECK: codelet.loop %[[N:.*]] = 0 to 12 step 6 {
// CHECK: %[[A1:.*]] = codelet.transfer %[[A]][%[[N]]][6] : memref<12xi16, "MEM1"> to "MEM2"
// CHECK: %[[B1:.*]] = codelet.transfer %[[B]][%[[N]]][6] : memref<12xi16, "MEM1"> to "MEM2"
// CHECK: codelet.loop %[[N1:.*]] = 0 to 6 step 3 {
// CHECK: codelet.compute "PE2" "ADD" %[[C1]][%[[N1]]][2] : memref<6xi16, "MEM2"> = %[[A1]][%[[N1]]][2] : memref<6xi16, "MEM2">, %[[B1]][%[[N1]]][2] : memref<6xi16, "MEM2">
// CHECK: codelet.compute "PE1" "ADD" %[[C1]][%[[N1]] + 2][1] : memref<6xi16, "MEM2"> = %[[A1]][%[[N1]] + 2][1] : memref<6xi16, "MEM2">, %[[B1]][%[[N1]] + 2][1] : memref<6xi16, "MEM2">
// CHECK: codelet.transfer %[[C1]][0][6] : memref<6xi16, "MEM2"> into %[[C]][%[[N]]] : memref<12xi16, "MEM1">
func.func @add(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.eltwise add %A, %B, %C : memref<12xi16>, memref<12xi16>, memref<12xi16>
  return
}
