// Every codelet op in its custom syntax, printed back the same way and
// parsed again: the listings of Kinzer's Fig. 3.7 (a template with a
// parameter) and Fig. 3.8(c) (placed and tiled on the Fig. 3.8 machine),
// a padded transfer, a placement, and the layer ops.
// RUN: strata-opt --acg=%S/Inputs/fig38.acg %s | FileCheck %s
// RUN: strata-opt --acg=%S/Inputs/fig38.acg %s | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @template
// CHECK: codelet.cdlt "add" {
// CHECK-NEXT: %[[N:.*]] = codelet.param "N"
// CHECK-NEXT: %[[A:.*]] = codelet.inp : memref<12xi16>
// CHECK-NEXT: %[[B:.*]] = codelet.inp : memref<12xi16>
// CHECK-NEXT: %[[C:.*]] = codelet.out : memref<12xi16>
// CHECK-NEXT: codelet.loop %[[I:.*]] = 0 to %[[N]] {
// CHECK-NEXT: codelet.compute "ADD" %[[C]][%[[I]]][1] : memref<12xi16> = %[[A]][%[[I]]][1] : memref<12xi16>, %[[B]][%[[I]]][1] : memref<12xi16>
func.func @template() {
  codelet.cdlt "add" {
    %N = codelet.param "N"
    %a = codelet.inp : memref<12xi16>
    %b = codelet.inp : memref<12xi16>
    %c = codelet.out : memref<12xi16>
    codelet.loop %n = 0 to %N {
      codelet.compute "ADD" %c[%n][1] : memref<12xi16> = %a[%n][1] : memref<12xi16>, %b[%n][1] : memref<12xi16>
    }
  }
  return
}

// CHECK-LABEL: func.func @fig38c
// CHECK: codelet.cdlt "add" target @target {
// CHECK: %[[C1:.*]] = codelet.local 0 : memref<6xi16, "MEM2">
// CHECK: codelet.loop %[[N:.*]] = 0 to 12 step 6 {
// CHECK: %[[A1:.*]] = codelet.transfer %{{.*}}[%[[N]]][6] : memref<12xi16, "MEM1"> to "MEM2"
// CHECK: codelet.loop %[[N1:.*]] = 0 to 6 step 3 {
// CHECK-NEXT: codelet.compute "PE2" "ADD" %[[C1]][%[[N1]]][2] : memref<6xi16, "MEM2"> = %[[A1]][%[[N1]]][2] : memref<6xi16, "MEM2">, %{{.*}}[%[[N1]]][2] : memref<6xi16, "MEM2">
// CHECK-NEXT: codelet.compute "PE1" "ADD" %[[C1]][%[[N1]] + 2][1] : memref<6xi16, "MEM2"> = %[[A1]][%[[N1]] + 2][1] : memref<6xi16, "MEM2">, %{{.*}}[%[[N1]] + 2][1] : memref<6xi16, "MEM2">
// CHECK: codelet.transfer %[[C1]][0][6] : memref<6xi16, "MEM2"> into %{{.*}}[%[[N]]] : memref<12xi16, "MEM1">
func.func @fig38c(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.cdlt "add" target @target {
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

// A padded transfer to a local not placed yet, and a placed one: two
// copies (double buffering), each 2 entries of MEM2.
// CHECK-LABEL: func.func @pad_and_place
// CHECK: codelet.transfer %{{.*}}[%{{.*}} - 1][4] : memref<12xi16> pad
// CHECK: codelet.transfer %{{.*}}[%{{.*}}][2] : memref<12xi16, "MEM1"> to "MEM2" {base = array<i64: 0, 2>, layout = #map{{[0-9]*}}}
func.func @pad_and_place(%A: memref<12xi16>, %B: memref<12xi16>) {
  codelet.cdlt "pad" {
    %a = codelet.inp %A : memref<12xi16>
    %b = codelet.inp %B : memref<12xi16, "MEM1">
    codelet.loop %i = 0 to 12 step 4 {
      %w = codelet.transfer %a[%i - 1][4] : memref<12xi16> pad
      %t = codelet.transfer %b[%i][2] : memref<12xi16, "MEM1"> to "MEM2" {base = array<i64: 0, 2>, layout = affine_map<(d0) -> (d0, 0)>}
    }
  }
  return
}

// CHECK-LABEL: func.func @layers
// CHECK: codelet.gemm %{{.*}}, %{{.*}}, %{{.*}} {accumulate} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
// CHECK: codelet.conv2d %{{.*}}, %{{.*}}, %{{.*}} {pads = array<i64: 1, 1>, strides = array<i64: 2, 2>, weights_dims = array<i64: 1, 2, 3, 0>}
// CHECK: codelet.depthwise
// CHECK: codelet.pool avg %{{.*}}, %{{.*}} {window = array<i64: 2, 2>}
// CHECK: codelet.eltwise shrsi %{{.*}}, %{{.*}} {imm = 4 : i64}
// CHECK: codelet.eltwise add %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: codelet.requant %{{.*}}, %{{.*}} {scale = 3 : i64, shift = 4 : i64, zero_point = -2 : i64}
func.func @layers(%A: memref<4x8xi8>, %B: memref<8x5xi8>, %C: memref<4x5xi32>, %I: memref<6x6x3xi8>, %W: memref<4x3x3x3xi8>,
                  %O: memref<3x3x4xi32>, %D: memref<3x3x3xi8>, %E: memref<4x4x3xi32>, %Q: memref<3x3x4xi8>) {
  codelet.gemm %A, %B, %C {accumulate} : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  codelet.conv2d %I, %W, %O {strides = array<i64: 2, 2>, pads = array<i64: 1, 1>, weights_dims = array<i64: 1, 2, 3, 0>} : memref<6x6x3xi8>, memref<4x3x3x3xi8>, memref<3x3x4xi32>
  codelet.depthwise %I, %D, %E : memref<6x6x3xi8>, memref<3x3x3xi8>, memref<4x4x3xi32>
  codelet.pool avg %O, %O {window = array<i64: 2, 2>} : memref<3x3x4xi32>, memref<3x3x4xi32>
  codelet.eltwise shrsi %O, %O {imm = 4} : memref<3x3x4xi32>, memref<3x3x4xi32>
  codelet.eltwise add %O, %O, %O : memref<3x3x4xi32>, memref<3x3x4xi32>, memref<3x3x4xi32>
  codelet.requant %O, %Q {scale = 3, shift = 4, zero_point = -2} : memref<3x3x4xi32>, memref<3x3x4xi8>
  return
}
