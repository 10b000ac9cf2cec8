// main's scalar params keep their defaults (docs/pmlang.md): the graph's
// arg_attrs give each formal its name (`srdfg.name`, the kernel's buffer
// name for stratac) and a default `func.default`, carried to the func.func
// by convert-srdfg-to-affine; strata-run gives a default when the argument
// is left out (all arguments, or those without a default), and one given
// overrides it.  y = d * x + (1 - d): 0.15 at x = 0 with d = 0.85.
// RUN: strata-translate --import-pmlang %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: strata-opt %t.mlir --convert-srdfg-to-affine | FileCheck %s --check-prefix=FUNC
// RUN: strata-run %t.mlir --arg=memref:zeros --arg=memref:zeros | FileCheck %s --check-prefix=DEFAULT
// RUN: strata-opt %t.mlir --convert-srdfg-to-affine | strata-run - --arg=memref:zeros --arg=memref:zeros | FileCheck %s --check-prefix=DEFAULT
// RUN: strata-run %t.mlir --arg=memref:zeros --arg=f32:0.5 --arg=i32:2 --arg=memref:zeros | FileCheck %s --check-prefix=GIVEN
// RUN: not strata-run %t.mlir --arg=memref:zeros 2>&1 | FileCheck %s --check-prefix=COUNT

// CHECK: srdfg.graph @main attributes {arg_attrs = [{srdfg.name = "x"}, {func.default = 8.500000e-01 : f32, srdfg.name = "d"}, {func.default = -2 : i32, srdfg.name = "k"}, {srdfg.name = "y"}]}
// FUNC: func.func @main(%arg0: memref<4xf32> {srdfg.name = "x"}, %arg1: f32 {func.default = 8.500000e-01 : f32, srdfg.name = "d"}, %arg2: i32 {func.default = -2 : i32, srdfg.name = "k"}, %arg3: memref<4xf32> {srdfg.name = "y"})
// DEFAULT: memref<4xf32>:[0.14999998, 0.14999998, 0.14999998, 0.14999998]
// GIVEN: memref<4xf32>:[0.5, 0.5, 0.5, 0.5]
// COUNT: strata-run: error: '@main' takes 4 arguments of type (memref<4xf32>, f32 = default, i32 = default, memref<4xf32>), 1 given with --arg (give all 4, or the 2 without a default)
main(input float x[4], param float d = 0.85, param int k = -2, output float y[4]) {
  index i[0:3];
  y[i] = d * x[i] + (1.0 - d);
}
