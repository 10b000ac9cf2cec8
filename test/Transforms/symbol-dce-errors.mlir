// symbol-dce refuses a use it cannot resolve: an op of an unknown dialect
// with one region may be a symbol table of its own.
// RUN: strata-opt --allow-unregistered-dialect %s --symbol-dce --verify-diagnostics

module {
  func.func private @private_symbol()
  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliably compute symbol uses}}
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
}
