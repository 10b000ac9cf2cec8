// RUN: strata-opt --mlir14 --split-input-file --verify-diagnostics %s

// MLIR 14 called func's function_type `type`; giving both is ambiguous.
// expected-error @+1 {{attribute 'function_type' given twice: by its MLIR 14 name and its current one}}
"builtin.func"() ({
}) {sym_name = "f", type = () -> (), function_type = () -> (), sym_visibility = "private"} : () -> ()
