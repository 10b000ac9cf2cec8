// symbol-dce (MLIR's cases): symbols that are not public and that no live
// op references go; public symbols, non-symbols and what they reference
// (through nested references into nested symbol tables) stay.
// RUN: strata-opt --allow-unregistered-dialect %s --symbol-dce --split-input-file | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(builtin.module(symbol-dce))' --split-input-file | FileCheck %s --check-prefix=NESTED

// CHECK-LABEL: module attributes {test.simple}
module attributes {test.simple} {
  // CHECK-NOT: func.func private @dead_private_function
  func.func private @dead_private_function()
  // CHECK-NOT: func.func nested @dead_nested_function
  func.func nested @dead_nested_function()
  // CHECK: func.func private @live_private_function
  func.func private @live_private_function()
  // CHECK: func.func nested @live_nested_function
  func.func nested @live_nested_function()
  // CHECK: func.func @public_function
  func.func @public_function() {
    "foo.return"() {uses = [@live_private_function, @live_nested_function]} : () -> ()
  }
}

// -----

// Nested symbols that are used stay.
// CHECK-LABEL: module attributes {test.nested}
module attributes {test.nested} {
  // CHECK: module @public_module
  module @public_module {
    // CHECK-NOT: func.func nested @dead_nested_function
    func.func nested @dead_nested_function()
    // CHECK: func.func private @private_function
    func.func private @private_function()
    // CHECK: func.func nested @nested_function
    func.func nested @nested_function() {
      "foo.return"() {uses = [@private_function]} : () -> ()
    }
  }
  "live.user"() {uses = [@public_module::@nested_function]} : () -> ()
}

// -----

// Run on a nested table that is not private, symbols can be seen from above
// and stay; in a private one they go.
// NESTED-LABEL: module attributes {test.no_dce_non_hidden_parent}
module attributes {test.no_dce_non_hidden_parent} {
  // NESTED: module @public_module
  module @public_module {
    // NESTED: func.func nested @nested_function
    func.func nested @nested_function()
  }
  // NESTED: module @nested_module
  module @nested_module attributes { sym_visibility = "nested" } {
    // NESTED: func.func nested @nested_function
    func.func nested @nested_function()
  }
  // NESTED: module @private_module
  module @private_module attributes { sym_visibility = "private" } {
    // NESTED-NOT: func.func nested @nested_function
    func.func nested @nested_function()
  }
  "live.user"() {uses = [@nested_module, @private_module]} : () -> ()
}

// -----

// References to unknown symbols are fine; calls keep their callees.
// CHECK-LABEL: module attributes {test.unknown}
module attributes {test.unknown} {
  // CHECK-NOT: func.func private @dead_private_function
  func.func private @dead_private_function()
  // CHECK: func.func private @live_private_function
  func.func private @live_private_function()
  // CHECK: func.func private @callee
  func.func private @callee()
  // CHECK: "live.user"() {uses = [@live_private_function]} : () -> ()
  "live.user"() {uses = [@live_private_function]} : () -> ()
  // CHECK: "live.user"() {uses = [@unknown_symbol]} : () -> ()
  "live.user"() {uses = [@unknown_symbol]} : () -> ()
  func.func @main() {
    func.call @callee() : () -> ()
    return
  }
}

// -----

// A private function only a dead private function calls goes with it.
// CHECK-LABEL: module attributes {test.transitive}
// CHECK-NOT:   @a
// CHECK-NOT:   @b
// CHECK:       func.func @main
module attributes {test.transitive} {
  func.func private @a() {
    func.call @b() : () -> ()
    return
  }
  func.func private @b() {
    return
  }
  func.func @main() {
    return
  }
}
