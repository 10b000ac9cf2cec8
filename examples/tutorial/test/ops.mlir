// Every mod op in its custom form: printed as parsed, and the same after a
// round trip through the generic form.
// RUN: %mod-opt %s | FileCheck %s
// RUN: %mod-opt --print-op-generic %s | %mod-opt | FileCheck %s

// CHECK-LABEL: func.func @ops(
// CHECK-SAME: %[[I:.*]]: i64, %[[E:.*]]: index) -> i64
func.func @ops(%i: i64, %e: index) -> i64 {
  // CHECK: %[[C:.*]] = mod.constant #mod.residue<3> : !mod.int<7>
  %c = mod.constant #mod.residue<3> : !mod.int<7>
  // CHECK: %[[X:.*]] = mod.from_int %[[I]] : !mod.int<7>
  %x = mod.from_int %i : !mod.int<7>
  // CHECK: %[[S:.*]] = mod.add %[[X]], %[[C]] : !mod.int<7>
  %s = mod.add %x, %c : !mod.int<7>
  // CHECK: %[[P:.*]] = mod.mul %[[S]], %[[X]] : !mod.int<7>
  %p = mod.mul %s, %x : !mod.int<7>
  // CHECK: %[[Q:.*]] = mod.pow %[[P]], %[[E]] : !mod.int<7>
  %q = mod.pow %p, %e : !mod.int<7>
  // CHECK: %[[R:.*]] = mod.to_int %[[Q]] : !mod.int<7>
  %r = mod.to_int %q : !mod.int<7>
  return %r : i64
}

// The largest modulus.
// CHECK-LABEL: func.func @big
// CHECK: !mod.int<4294967296>
func.func @big(%i: i64) -> i64 {
  %x = mod.from_int %i : !mod.int<4294967296>
  %r = mod.to_int %x : !mod.int<4294967296>
  return %r : i64
}
