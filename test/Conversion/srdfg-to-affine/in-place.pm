// When may a statement write into its init edge's buffer?  Only when nothing
// reads that edge after it and it reads the edge at the written point only:
// `a[i] = a[i] * 2` updates in place; `b[i] = b[2 - i]` (a reversal reads
// other points) copies; so does the first statement of `shift` once
// flattened (its init, the state c, is read again by the second statement).
// The meaning is the srdfg interpreter's either way (strata-tv).
// RUN: strata-translate --import-pmlang %s | strata-opt --srdfg-flatten --convert-srdfg-to-affine | FileCheck %s
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: strata-tv %t.mlir --trials=8 --pass-pipeline='builtin.module(srdfg.graph(srdfg-flatten),convert-srdfg-to-affine)' | FileCheck %s --check-prefix=TV

shift(input float prev[n], output float next[n]) {
  index i[0:n-2], t[n-1:n-1];
  next[t] = 0.0;
  next[i] = prev[i + 1];
}

// CHECK: func.func @main(%[[A:.*]]: memref<3xf32> {srdfg.name = "a"}, %[[B:.*]]: memref<3xf32> {srdfg.name = "b"}, %[[C:.*]]: memref<3xf32> {srdfg.name = "c"})
main(state float a[3], state float b[3], state float c[3]) {
  index i[0:2];
// CHECK-NOT: memref.alloc
// CHECK: affine.store %{{.*}}, %[[A]]
  a[i] = a[i] * 2.0;
// CHECK: %[[B2:.*]] = memref.alloc
// CHECK: memref.copy %[[B]], %[[B2]]
// CHECK: affine.store %{{.*}}, %[[B2]]
  b[i] = b[2 - i];
// CHECK: %[[C2:.*]] = memref.alloc
// CHECK: memref.copy %[[C]], %[[C2]]
// CHECK: affine.store %{{.*}}, %[[C2]]
// The second statement's init is the first's own buffer: in place.
// CHECK-NOT: memref.alloc
// CHECK: affine.load %[[C]]
// CHECK: affine.store %{{.*}}, %[[C2]]
  shift(c, c);
}
// TV: strata-tv: @main: 8 inputs agree
