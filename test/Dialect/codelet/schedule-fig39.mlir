// Kinzer's Fig. 3.9: a ReLU of 25 i32 elements on a 4-wide SIMD unit and
// a scalar PE that read DRAM: 25 is no multiple of 4, so instead of
// padding each trip of 5 gives 4 elements to the SIMD unit and 1 to the PE
// (Fig. 3.9(b)); it computes the layer.
// RUN: strata-opt --acg=%S/Inputs/fig39.acg %s --codelet-expand --codelet-schedule | FileCheck %s
// RUN: strata-opt --acg=%S/Inputs/fig39.acg %s --codelet-expand --codelet-schedule -o %t.mlir
// RUN: strata-tv %s %t.mlir --entry=relu | FileCheck %s --check-prefix=TV
// TV: @relu: 64 inputs agree
// CHECK: %[[A:.*]] = codelet.inp %arg0 : memref<25xi32, "DRAM">
// CHECK: %[[C:.*]] = codelet.out %arg1 : memref<25xi32, "DRAM">
// CHECK: codelet.loop %[[I:.*]] = 0 to 25 step 5 {
// CHECK-NEXT: codelet.compute "SIMD" "RELU" %[[C]][%[[I]]][4] : memref<25xi32, "DRAM"> = %[[A]][%[[I]]][4] : memref<25xi32, "DRAM">
// CHECK-NEXT: codelet.compute "PE" "RELU" %[[C]][%[[I]] + 4][1] : memref<25xi32, "DRAM"> = %[[A]][%[[I]] + 4][1] : memref<25xi32, "DRAM">
func.func @relu(%A: memref<25xi32>, %C: memref<25xi32>) {
  codelet.eltwise relu %A, %C : memref<25xi32>, memref<25xi32>
  return
}
