// A name hint whose first byte is escaped to hex digits ("*" is 2A) still
// prints a name that reads back: the leading digit gets a '_' (found by the
// pass fuzz harness, fuzz/regress/ir/pass-hw-wire-result-name).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @names
hw.module @names(in %a : i8, out w : i8, out v : i8, out u : i8) {
  // CHECK: %_2Amy_wire = hw.wire %a {name = "*my_wire"} : i8
  %0 = hw.wire %a {name = "*my_wire"} : i8
  // CHECK: %_7wire = hw.wire %a {name = "7wire"} : i8
  %1 = hw.wire %a {name = "7wire"} : i8
  // CHECK: %a2Ab = hw.wire %a {name = "a*b"} : i8
  %2 = hw.wire %a {name = "a*b"} : i8
  hw.output %0, %1, %2 : i8, i8, i8
}
