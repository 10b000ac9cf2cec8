// The generic form of the math ops, read in generic form: the fastmath flags
// are an #arith.fastmath attribute (kept when `none`, which the custom form
// leaves out), math.absf and math.fma's operands.  The first generic print
// and the custom print are checked; fixed-point.sh checks that both read back
// to themselves and that the generic print loses nothing.
// RUN: strata-opt --print-op-generic %s | FileCheck %s
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: f32, %arg1: vector<4xf64>, %arg2: i16):
// CHECK-NEXT: %0 = "math.absf"(%arg0) : (f32) -> f32
// CHECK-NEXT: %1 = "math.sqrt"(%arg1) {fastmath = #arith.fastmath<fast>} : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %2 = "math.fma"(%arg0, %arg0, %arg0) {fastmath = #arith.fastmath<nnan,contract>, foo.tag} : (f32, f32, f32) -> f32
// CHECK-NEXT: %3 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// CHECK-NEXT: %4 = "math.cttz"(%arg2) : (i16) -> i16
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (f32, vector<4xf64>, i16) -> (), sym_name = "ops"} : () -> ()
// CUSTOM-LABEL: func.func @ops(%arg0: f32, %arg1: vector<4xf64>, %arg2: i16) {
// CUSTOM-NEXT: %0 = math.absf %arg0 : f32
// CUSTOM-NEXT: %1 = math.sqrt %arg1 fastmath<fast> : vector<4xf64>
// CUSTOM-NEXT: %2 = math.fma %arg0, %arg0, %arg0 fastmath<nnan,contract> {foo.tag} : f32
// CUSTOM-NEXT: %3 = math.exp %arg0 : f32
// CUSTOM-NEXT: %4 = math.cttz %arg2 : i16
// CUSTOM-NEXT: return
"func.func"() ({
^bb0(%arg0: f32, %arg1: vector<4xf64>, %arg2: i16):
  %0 = "math.absf"(%arg0) : (f32) -> f32
  %1 = "math.sqrt"(%arg1) {fastmath = #arith.fastmath<fast>} : (vector<4xf64>) -> vector<4xf64>
  %2 = "math.fma"(%arg0, %arg0, %arg0) {fastmath = #arith.fastmath<nnan,contract>, foo.tag} : (f32, f32, f32) -> f32
  %3 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
  %4 = "math.cttz"(%arg2) : (i16) -> i16
  "func.return"() : () -> ()
}) {function_type = (f32, vector<4xf64>, i16) -> (), sym_name = "ops"} : () -> ()
