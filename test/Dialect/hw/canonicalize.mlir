// hw's folders: a bitcast to the same type or back through another bitcast,
// an unnamed wire, array_get of array_create at a constant index (the first
// operand is the highest index), struct_extract of struct_create; a named
// wire stays.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: hw.module @folds
// CHECK-NEXT:    %w = hw.wire %a {name = "w"} : i8
// CHECK-NEXT:    hw.output %a, %a, %b, %b, %w
hw.module @folds(in %a : i8, in %b : i8, out x : i8, out y : i8, out z : i8, out s : i8, out n : i8) {
  %0 = hw.bitcast %a : (i8) -> !hw.array<2xi4>
  %1 = hw.bitcast %0 : (!hw.array<2xi4>) -> i8
  %2 = hw.wire %a : i8
  %arr = hw.array_create %a, %b : i8
  %c0 = hw.constant 0 : i1
  %3 = hw.array_get %arr[%c0] : !hw.array<2xi8>, i1
  %st = hw.struct_create (%a, %b) : !hw.struct<p: i8, q: i8>
  %4 = hw.struct_extract %st["q"] : !hw.struct<p: i8, q: i8>
  %w = hw.wire %a {name = "w"} : i8
  hw.output %1, %2, %3, %4, %w : i8, i8, i8, i8, i8
}
