// Input of verify-diagnostics-failures.test: every chunk makes
// --verify-diagnostics fail in its own way.

"func.return"() : () -> ()

// -----

// expected-error @+2 {{expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error @+1 {{expects parent op 'func.call'}}
"func.return"() : () -> ()

// -----

// expected-note @+1 {{expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error-re @+1 {{expects parent op '{{[0-9]+}}'}}
"func.return"() : () -> ()

// -----

func.func private @dup()
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// expected-error @+1 {{this is never reported}}
func.func private @fine()

// -----

// expected-warning @+2 {{a warning}}
// expected-remark @+1 {{a remark}}
func.func private @quiet()
