// convert-srdfg-to-affine: nodes are inlined, a statement is a new buffer
// (a copy of its init edge) written by an affine loop nest, or its init's
// buffer when nothing reads that edge afterwards, a reduction a
// loop carrying its accumulator (a user reduction also a "first" flag),
// and the final values are copied into the argument buffers.
// RUN: strata-translate --import-pmlang %s | strata-opt --convert-srdfg-to-affine | FileCheck %s

reduction pick(a, b) = a > b ? a : b;

mv(input float A[m][n], input float x[n], output float y[m]) {
  index i[0:n-1], j[0:m-1];
  y[j] = sum[i: i != j](A[j][i] * x[i]) + pick[i](x[i]);
}

// CHECK: func.func @main(%[[A:.*]]: memref<2x3xf32> {srdfg.name = "A"}, %[[X:.*]]: memref<3xf32> {srdfg.name = "x"}, %[[S:.*]]: memref<2xf32> {srdfg.name = "s"}, %[[Y:.*]]: memref<2xf32> {srdfg.name = "y"}) -> (memref<2xf32>, memref<2xf32>)
main(input float A[2][3], input float x[3], state float s[2], output float y[2]) {
  index k[0:1];
// CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32>
// CHECK: memref.copy %[[Y]], %[[B]]
// CHECK: affine.for %[[J:.*]] = 0 to 2 {
// CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[R:.*]] = affine.for %{{.*}} = 0 to 3 iter_args(%[[ACC:.*]] = %[[Z]]) -> (f32) {
// CHECK:     arith.cmpi ne
// CHECK:     affine.load %[[A]][%[[J]], %{{.*}}]
// CHECK:     %[[ADD:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// CHECK:     %[[KEEP:.*]] = arith.select %{{.*}}, %[[ADD]], %[[ACC]] : f32
// CHECK:     affine.yield %[[KEEP]] : f32
// CHECK:   %{{.*}}:2 = affine.for %{{.*}} = 0 to 3 iter_args(%{{.*}} = %{{.*}}, %[[FIRST:.*]] = %true) -> (f32, i1) {
// CHECK:     arith.select %[[FIRST]]
// CHECK:   affine.store %{{.*}}, %[[B]][%[[J]]] : memref<2xf32>
  mv(A, x, y);
// A state read only at the point written is updated in place: no buffer,
// no copy back.
// CHECK-NOT: memref.alloc
// CHECK: affine.load %[[S]][%[[K:.*]]] : memref<2xf32>
// CHECK: affine.store %{{.*}}, %[[S]][%[[K]]] : memref<2xf32>
  s[k] = s[k] + y[k];
// CHECK-NOT: memref.copy %[[S]]
// CHECK: memref.copy %[[B]], %[[Y]]
// CHECK: memref.dealloc %[[B]]
// CHECK-NOT: memref.dealloc
// CHECK: return %[[S]], %[[Y]] : memref<2xf32>, memref<2xf32>
}
