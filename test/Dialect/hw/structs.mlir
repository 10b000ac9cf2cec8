// The struct ops: create, extract, inject, and a struct aggregate_constant.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @structs
hw.module @structs(in %a : i8, in %f : i1, out r : !hw.struct<data: i8, valid: i1>) {
  // CHECK: %[[S:.*]] = hw.struct_create (%a, %f) : !hw.struct<data: i8, valid: i1>
  %s = hw.struct_create (%a, %f) : !hw.struct<data: i8, valid: i1>
  // CHECK: hw.struct_extract %[[S]]["valid"] : !hw.struct<data: i8, valid: i1>
  %v = hw.struct_extract %s["valid"] : !hw.struct<data: i8, valid: i1>
  // CHECK: hw.struct_inject %[[S]]["data"], %a : !hw.struct<data: i8, valid: i1>
  %t = hw.struct_inject %s["data"], %a : !hw.struct<data: i8, valid: i1>
  // CHECK: hw.aggregate_constant [5 : i8, true] : !hw.struct<data: i8, valid: i1>
  %k = hw.aggregate_constant [5 : i8, true] : !hw.struct<data: i8, valid: i1>
  hw.output %t : !hw.struct<data: i8, valid: i1>
}
