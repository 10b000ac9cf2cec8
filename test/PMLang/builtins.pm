// The built-in functions: math ops, and sigmoid, relu, gaussian expanded.
// RUN: strata-translate --import-pmlang %s | FileCheck %s

// CHECK-LABEL: srdfg.graph @main
main(input float x[2], output float y[2]) {
  index i[0:1];
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.tanh
// CHECK: math.absf
// CHECK: math.powf
  y[i] = exp(x[i]) + log(x[i]) + sqrt(x[i]) + sin(x[i]) + cos(x[i]) + tanh(x[i]) + abs(x[i]) + pow(x[i], 2.0);
// sigmoid(x) = 1 / (1 + exp(-x))
// CHECK: %[[N:.*]] = arith.negf %[[X:.*]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[ONE:.*]], %[[E]] : f32
// CHECK-NEXT: arith.divf %[[ONE]], %[[D]] : f32
// relu(x) = x > 0 ? x : 0
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// gaussian(x) = exp(-x*x/2); max of two values
// CHECK: arith.mulf
// CHECK: math.exp
// CHECK: arith.cmpf ogt
  y[i] = sigmoid(x[i]) + relu(x[i]) + gaussian(x[i]) + max(x[i], 0.5);
}
