// The scheduled codelet of Kinzer's Fig. 3.8(c) computes the layer: run in
// the interpreter it equals c = a + b (strata-tv on random inputs), and on
// given inputs it writes their sums.  Fig. 3.8(b) as printed (its loop
// covers 6 of the 12 elements) does not.
// RUN: strata-opt --acg=%S/Inputs/fig38.acg %s -o %t.mlir
// RUN: strata-tv %S/Inputs/add-ref.mlir %t.mlir --entry=add | FileCheck %s --check-prefix=TV
// RUN: not strata-tv %S/Inputs/add-ref.mlir %t.mlir --entry=add_fig38b 2>&1 | FileCheck %s --check-prefix=BAD
// TV: @add: 64 inputs agree
// BAD: differs
func.func @add(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.cdlt "add" {
    %a = codelet.inp %A : memref<12xi16, "MEM1">
    %b = codelet.inp %B : memref<12xi16, "MEM1">
    %c = codelet.out %C : memref<12xi16, "MEM1">
    %c1 = codelet.local 0 : memref<6xi16, "MEM2">
    codelet.loop %n = 0 to 12 step 6 {
      %a1 = codelet.transfer %a[%n][6] : memref<12xi16, "MEM1"> to "MEM2"
      %b1 = codelet.transfer %b[%n][6] : memref<12xi16, "MEM1"> to "MEM2"
      codelet.loop %n1 = 0 to 6 step 3 {
        codelet.compute "PE2" "ADD" %c1[%n1][2] : memref<6xi16, "MEM2"> = %a1[%n1][2] : memref<6xi16, "MEM2">, %b1[%n1][2] : memref<6xi16, "MEM2">
        codelet.compute "PE1" "ADD" %c1[%n1 + 2][1] : memref<6xi16, "MEM2"> = %a1[%n1 + 2][1] : memref<6xi16, "MEM2">, %b1[%n1 + 2][1] : memref<6xi16, "MEM2">
      }
      codelet.transfer %c1[0][6] : memref<6xi16, "MEM2"> into %c[%n] : memref<12xi16, "MEM1">
    }
  }
  return
}

func.func @add_fig38b(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.cdlt "add" {
    %a = codelet.inp %A : memref<12xi16, "MEM1">
    %b = codelet.inp %B : memref<12xi16, "MEM1">
    %c = codelet.out %C : memref<12xi16, "MEM1">
    %c1 = codelet.local 0 : memref<2xi16, "MEM2">
    codelet.loop %n = 0 to 6 step 2 {
      %a1 = codelet.transfer %a[%n][2] : memref<12xi16, "MEM1"> to "MEM2"
      %b1 = codelet.transfer %b[%n][2] : memref<12xi16, "MEM1"> to "MEM2"
      codelet.compute "PE2" "ADD" %c1[0][2] : memref<2xi16, "MEM2"> = %a1[0][2] : memref<2xi16, "MEM2">, %b1[0][2] : memref<2xi16, "MEM2">
      codelet.transfer %c1[0][2] : memref<2xi16, "MEM2"> into %c[%n] : memref<12xi16, "MEM1">
    }
  }
  return
}
