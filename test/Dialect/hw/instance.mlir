// hw.instance: named operands and results, checked against the module.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

hw.module @inner(in %a : i8, in %b : i8, out r : i8) {
  %0 = comb.xor %a, %b : i8
  hw.output %0 : i8
}
hw.module.extern @black_box<DEPTH: i32>(in %x : i8, out y : i8)

// CHECK-LABEL: hw.module @outer
// CHECK:         %[[R:.*]] = hw.instance "u0" @inner(a: %p: i8, b: %q: i8) -> (r: i8)
// CHECK:         %{{.*}} = hw.instance "u1" @black_box<DEPTH: i32 = 4>(x: %[[R]]: i8) -> (y: i8)
// CHECK:         hw.instance "u2" @inner(a: %p: i8, b: %p: i8) -> (r: i8) {hw.note = 1 : i64}
hw.module @outer(in %p : i8, in %q : i8, out r : i8) {
  %r = hw.instance "u0" @inner(a: %p: i8, b: %q: i8) -> (r: i8)
  %y = hw.instance "u1" @black_box<DEPTH: i32 = 4>(x: %r: i8) -> (y: i8)
  %z = hw.instance "u2" @inner(a: %p: i8, b: %p: i8) -> (r: i8) {hw.note = 1}
  hw.output %y : i8
}
