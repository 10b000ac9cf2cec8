// The flag attributes #arith.fastmath<...> and #arith.overflow<...>: their
// generic spelling, the custom `fastmath<...>` / `overflow<...>` clauses, and
// the default `none`, which the custom form leaves out (so a round trip
// through it drops the attribute, as in MLIR) while the generic form keeps
// it as written.
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: strata-opt --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt %s | strata-opt --print-op-generic | FileCheck %s --check-prefix=DROPPED

// CUSTOM-LABEL: func.func @flags
// CUSTOM-NEXT: %0 = arith.addf %arg0, %arg0 : f32
// CUSTOM-NEXT: %1 = arith.addf %arg0, %arg0 fastmath<nnan,ninf> : f32
// CUSTOM-NEXT: %2 = arith.addf %arg0, %arg0 fastmath<fast> : f32
// CUSTOM-NEXT: %3 = arith.addi %arg1, %arg1 : i32
// CUSTOM-NEXT: %4 = arith.addi %arg1, %arg1 overflow<nsw, nuw> : i32
// CUSTOM-NEXT: %5 = arith.addf %arg0, %arg0 fastmath<afn> : f32
// CUSTOM-NEXT: %6 = arith.cmpf olt, %arg0, %arg0 fastmath<ninf> : f32

// GENERIC: "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<nnan,ninf>} : (f32, f32) -> f32
// GENERIC-NEXT: "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
// GENERIC-NEXT: "arith.addi"(%arg1, %arg1) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
// GENERIC-NEXT: "arith.addi"(%arg1, %arg1) {overflowFlags = #arith.overflow<nsw, nuw>} : (i32, i32) -> i32
// GENERIC-NEXT: "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<afn>} : (f32, f32) -> f32
// GENERIC-NEXT: "arith.cmpf"(%arg0, %arg0) {fastmath = #arith.fastmath<ninf>, predicate = 4 : i64} : (f32, f32) -> i1

// DROPPED: "arith.addf"(%arg0, %arg0) : (f32, f32) -> f32
// DROPPED-NEXT: #arith.fastmath<nnan,ninf>
// DROPPED-NEXT: #arith.fastmath<fast>
// DROPPED-NEXT: "arith.addi"(%arg1, %arg1) : (i32, i32) -> i32
// DROPPED-NEXT: #arith.overflow<nsw, nuw>
func.func @flags(%x: f32, %i: i32) {
  %0 = arith.addf %x, %x fastmath<none> : f32
  // Flags are read in any order and repeated ones are harmless.
  %1 = arith.addf %x, %x fastmath<ninf,nnan,ninf> : f32
  %2 = "arith.addf"(%x, %x) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
  %3 = "arith.addi"(%i, %i) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
  %4 = arith.addi %i, %i overflow<nuw, nsw> : i32
  // The attribute may also be given in the dictionary of the custom form.
  %5 = arith.addf %x, %x {fastmath = #arith.fastmath<afn>} : f32
  %6 = arith.cmpf olt, %x, %x fastmath<ninf> : f32
  return
}
