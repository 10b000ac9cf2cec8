// Complex numbers (docs/pmlang.md, "Complex numbers"): an element is two
// f32 (a last dimension of 2); a statement writing complex elements has one
// more box dimension choosing the part; reads load [..., 0] and [..., 1];
// products are (ac - bd) + (ad + bc)i; a complex sum is two sums.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK: ^bb0(%{{.*}}: !srdfg.edge<input, tensor<4x2xf32>>, %{{.*}}: !srdfg.edge<input, tensor<2xf32>>, %{{.*}}: !srdfg.edge<output, tensor<4x2xf32>>, %{{.*}}: !srdfg.edge<output, tensor<1x2xf32>>, %{{.*}}: !srdfg.edge<output, tensor<4xf32>>):
main(input complex a[4], input complex c, output complex y[4], output complex s[1], output float m[4]) {
  index i[0:3], z[0:0];
// CHECK:      srdfg.compute %{{.*}} {lb = array<i64: 0, 0>, map = #{{.*}}, ub = array<i64: 3, 1>}
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[P:.*]]: index):
// CHECK-NEXT:   %[[AR:.*]] = srdfg.load %{{.*}}[%[[I]]] {map = #[[RE:.*]]}
// CHECK-NEXT:   %[[AI:.*]] = srdfg.load %{{.*}}[%[[I]]] {map = #[[IM:.*]]}
// CHECK:        %[[CR:.*]] = srdfg.load %{{.*}}[%[[I]]]
// CHECK-NEXT:   %[[CI:.*]] = srdfg.load %{{.*}}[%[[I]]]
// CHECK-NEXT:   %[[AC:.*]] = arith.mulf %[[AR]], %[[CR]]
// CHECK-NEXT:   %[[BD:.*]] = arith.mulf %[[AI]], %[[CI]]
// CHECK-NEXT:   %[[R:.*]] = arith.subf %[[AC]], %[[BD]]
// CHECK-NEXT:   %[[AD:.*]] = arith.mulf %[[AR]], %[[CI]]
// CHECK-NEXT:   %[[BC:.*]] = arith.mulf %[[AI]], %[[CR]]
// CHECK-NEXT:   %[[M:.*]] = arith.addf %[[AD]], %[[BC]]
// CHECK:        arith.cmpi eq, %[[P]], %{{.*}} : index
// CHECK-NEXT:   arith.select %{{.*}}, %[[R]], %[[M]] : f32
  y[i] = a[i] * c;
// An imaginary literal and a real operand become complex; - and conj.
// CHECK:      srdfg.compute
// CHECK:        arith.negf
// CHECK:        arith.constant 2.000000e+00 : f32
  y[i] = -conj(y[i]) + 2i - 1.5;
// CHECK:      srdfg.reduce "sum"
// CHECK:      srdfg.reduce "sum"
  s[z] = sum[i](a[i]);
// CHECK:      math.sqrt
  m[i] = abs(y[i]) + real(a[i]) * imag(complex(1, 2.0));
}
