// Components take input, output, state and param arguments; a param may have
// a default value (trailing params with one may be left out); main's arguments become the graph's, with their modifiers.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

scale(input float x[n], output float y[n], param float k = 2.5) {
  index i[0:n-1];
  y[i] = k * x[i];
}

// CHECK-LABEL: srdfg.graph @main
// CHECK: ^bb0(%[[X:.*]]: !srdfg.edge<input, tensor<4xf32>>, %[[S:.*]]: !srdfg.edge<state, tensor<4xf32>>, %[[P:.*]]: !srdfg.edge<param, i32>, %[[Y:.*]]: !srdfg.edge<output, tensor<4xf32>>):
main(input float x[4], state float s[4], param int p, output float y[4]) {
  index i[0:3];
// The default value is passed as a constant param edge.
// CHECK: %[[K:.*]] = srdfg.constant 2.500000e+00 : f32 : !srdfg.edge<param, f32>
// CHECK: %[[N:.*]] = srdfg.node "scale"(%[[X]], %[[Y]], %[[K]])
// CHECK: ^bb0(%{{.*}}: !srdfg.edge<input, tensor<4xf32>>, %{{.*}}: !srdfg.edge<output, tensor<4xf32>>, %{{.*}}: !srdfg.edge<param, f32>):
  scale(x, y);
// CHECK: %[[S2:.*]] = srdfg.compute %[[S]]
// CHECK: srdfg.load %[[P]][] : !srdfg.edge<param, i32> -> i32
  s[i] = s[i] + y[i] * p;
// Final values first, then the arguments they are written to.
// CHECK: srdfg.return %[[S2]], %[[N]], %[[S]], %[[Y]]
}
