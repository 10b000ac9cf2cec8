// int is i32, float f32, bin and bool i1; conversions follow the assignment.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK: ^bb0(%{{.*}}: !srdfg.edge<input, tensor<2xi32>>, %{{.*}}: !srdfg.edge<input, tensor<2xi1>>, %{{.*}}: !srdfg.edge<output, tensor<2xf32>>, %{{.*}}: !srdfg.edge<output, tensor<2xi1>>, %{{.*}}: !srdfg.edge<output, tensor<2xi32>>):
main(input int a[2], input bin m[2], output float f[2], output bool b[2], output int c[2]) {
  index i[0:1];
// CHECK: arith.sitofp %{{.*}} : i32 to f32
  f[i] = a[i];
// CHECK: arith.cmpi sgt
  b[i] = a[i] > 0;
// A cast and an i1 widened for arithmetic.
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.extui %{{.*}} : i1 to i32
  c[i] = int(2.5 * float(a[i])) + m[i];
}
