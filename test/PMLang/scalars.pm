// Scalars: scalar inputs and params of main are plain values, assigning a
// name without subscripts makes a scalar local (PolyMath's `h = ...`), and a
// scalar edge is read with `[]`.  Run: h = sum(x) * k = 6 * 0.5, y = h - 1.
// RUN: strata-translate --import-pmlang %s | FileCheck %s
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: strata-run %t.mlir --arg=memref:zeros --arg=f32:0.5 --arg=memref:zeros | FileCheck %s --check-prefix=VAL
// RUN: strata-opt %t.mlir --convert-srdfg-to-affine | strata-run - --arg=memref:zeros --arg=f32:0.5 --arg=memref:zeros | FileCheck %s --check-prefix=VAL

// CHECK-LABEL: srdfg.graph @main
// CHECK: %{{.*}}: !srdfg.edge<param, f32>
step(input float x[n], param float k, output float y[1]) {
  index i[0:n-1], z[0:0];
// CHECK: srdfg.init : !srdfg.edge<local, f32>
// CHECK: srdfg.compute %{{.*}} {lb = array<i64>, ub = array<i64>} : !srdfg.edge<local, f32>
  h = sum[i](x[i] + 1.0) * k;
// CHECK: srdfg.load %{{.*}}[] : !srdfg.edge<local, f32> -> f32
  y[z] = h - 1.0;
}

main(input float x[6], param float k, output float y[1]) {
  step(x, k, y);
}
// VAL: memref<1xf32>:[2]
