// buffer-results-to-out-params: a memref result every return gives back as
// the same argument is dropped and callers use the buffer they passed; any
// other memref result becomes a trailing argument that the function copies
// into before each return, and callers allocate it; non-memref results stay.
// strata-tv runs @g before and after on drawn inputs: they must agree.
// RUN: strata-opt %s --buffer-results-to-out-params | FileCheck %s
// RUN: strata-tv %s --entry=g --pass-pipeline='builtin.module(buffer-results-to-out-params)' | FileCheck %s --check-prefix=TV
// TV: @g: {{[0-9]+}} inputs agree

// CHECK-LABEL: func.func @f(%arg0: memref<4xi32>, %arg1: memref<2xi32>, %arg2: memref<2xi32>) -> i32 {
// CHECK:         %[[N:.*]] = memref.alloc() : memref<2xi32>
// CHECK:         cf.cond_br
// CHECK:         memref.copy %[[N]], %arg2 : memref<2xi32> to memref<2xi32>
// CHECK-NEXT:    return %{{.*}} : i32
// CHECK:         memref.copy %[[N]], %arg2 : memref<2xi32> to memref<2xi32>
// CHECK-NEXT:    return %{{.*}} : i32
func.func @f(%a: memref<4xi32>, %b: memref<2xi32>) -> (memref<4xi32>, i32, memref<2xi32>) {
  %c = arith.constant 1 : i32
  %i = arith.constant 0 : index
  %n = memref.alloc() : memref<2xi32>
  memref.copy %b, %n : memref<2xi32> to memref<2xi32>
  %x = memref.load %a[%i] : memref<4xi32>
  %p = arith.cmpi sgt, %x, %c : i32
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %a, %c, %n : memref<4xi32>, i32, memref<2xi32>
^bb2:
  return %a, %x, %n : memref<4xi32>, i32, memref<2xi32>
}

// CHECK-LABEL: func.func @g(%arg0: memref<4xi32>, %arg1: memref<2xi32>) -> i32 {
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT:    %[[R:.*]] = call @f(%arg0, %arg1, %[[B]]) : (memref<4xi32>, memref<2xi32>, memref<2xi32>) -> i32
// CHECK:         memref.load %arg0[
// CHECK:         memref.load %[[B]][
// CHECK:         arith.addi %{{.*}}, %[[R]] : i32
func.func @g(%a: memref<4xi32>, %b: memref<2xi32>) -> i32 {
  %r:3 = call @f(%a, %b) : (memref<4xi32>, memref<2xi32>) -> (memref<4xi32>, i32, memref<2xi32>)
  %i = arith.constant 0 : index
  %x = memref.load %r#0[%i] : memref<4xi32>
  %y = memref.load %r#2[%i] : memref<2xi32>
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %r#1 : i32
  return %t : i32
}

// Two returns giving different arguments: not a forwarded argument, so an
// out-parameter; its result attributes go with it, argument attributes get
// an empty dictionary for the new argument.
// CHECK-LABEL: func.func @h(%arg0: memref<3xf32> {calyx.name = "x"}, %arg1: memref<3xf32>, %arg2: i1, %arg3: memref<3xf32>) -> (i32 {my.keep}) {
// CHECK:         memref.copy %arg0, %arg3
// CHECK:         memref.copy %arg1, %arg3
func.func @h(%a: memref<3xf32> {calyx.name = "x"}, %b: memref<3xf32>, %p: i1) -> (memref<3xf32> {my.drop}, i32 {my.keep}) {
  %c = arith.constant 2 : i32
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  return %a, %c : memref<3xf32>, i32
^bb2:
  return %b, %c : memref<3xf32>, i32
}

// A declaration has no returns to look at: every memref result becomes an
// out-parameter.
// CHECK-LABEL: func.func private @ext(i32, memref<2x2xi8>)
func.func private @ext(i32) -> memref<2x2xi8>
