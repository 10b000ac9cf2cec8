// srdfg-flatten refuses a negative depth.
// RUN: strata-opt %s '--pass-pipeline=builtin.module(srdfg.graph(srdfg-flatten{depth=-1}))' --verify-diagnostics

// expected-error @+1 {{srdfg-flatten: depth must be 0 or more, not -1}}
srdfg.graph @main {
^bb0(%x: !srdfg.edge<input, f32>):
  srdfg.return
}
