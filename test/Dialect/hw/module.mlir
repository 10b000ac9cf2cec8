// hw.module, hw.module.extern and hw.output round-trip in CIRCT's port
// syntax; input ports name the body's arguments.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: hw.module @adder(in %a : i4, in %b : i4, out sum : i4, out carry : i1) {
// CHECK-NEXT:    %0 = comb.add %a, %b : i4
// CHECK-NEXT:    %1 = comb.icmp ult %0, %a : i4
// CHECK-NEXT:    hw.output %0, %1 : i4, i1
hw.module @adder(in %a : i4, in %b : i4, out sum : i4, out carry : i1) {
  %s = comb.add %a, %b : i4
  %c = comb.icmp ult %s, %a : i4
  hw.output %s, %c : i4, i1
}

// An empty hw.output is implied, as in CIRCT.
// CHECK-LABEL: hw.module private @empty() {
// CHECK-NEXT:  }
hw.module private @empty() {}

// A port name that is not an identifier is written after the value.
// CHECK-LABEL: hw.module @quoted(in %{{.*}} "a b" : i1, out "r-1" : i1)
hw.module @quoted(in %x "a b" : i1, out "r-1" : i1) {
  hw.output %x : i1
}

// Typed parameters, with and without a default.
// CHECK-LABEL: hw.module @params<WIDTH: i32 = 8, NAME: none>(in %clk : !seq.clock)
hw.module @params<WIDTH: i32 = 8, NAME: none>(in %clk : !seq.clock) {}

// CHECK-LABEL: hw.module.extern @ext(in %a : i8, out r : !hw.array<2xi4>)
// CHECK-NOT: {
hw.module.extern @ext(in %a : i8, out r : !hw.array<2xi4>)

// CHECK-LABEL: hw.module @with_attrs(out r : i1) attributes {hw.top} {
hw.module @with_attrs(out r : i1) attributes {hw.top} {
  %t = hw.constant true
  hw.output %t : i1
}
