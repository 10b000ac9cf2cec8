// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// MLIR 14 spelling, custom forms as mlir-opt-14 writes them: `func @f`
// (builtin.func with a `type` attribute), std.constant, std.call,
// std.call_indirect, std.return, std.br, std.cond_br, modules.  Elsewhere:
// std.switch in std_switch.mlir, std.assert in std_assert.mlir, std.select in
// arith.mlir, builtin ops outside a module body in builtin_prefix.mlir.
module @m attributes {foo.attr = 1 : i8} {
  func private @ext(i32) -> i32
  func private @ext_attrs(i32 {foo.arg}, f32) -> (i32 {foo.res})
  func nested @vis() attributes {foo.f}
  func @calls(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %0 = call @ext(%arg0) : (i32) -> i32
    %f = constant @ext : (i32) -> i32
    %1 = call_indirect %f(%0) : (i32) -> i32
    %g = constant @vis : () -> ()
    call_indirect %g() : () -> ()
    %2:2 = call @calls(%1, %arg1) : (i32, f32) -> (i32, f32)
    return %2#0, %2#1 : i32, f32
  }
  func @branches(%arg0: i1, %arg1: i32, %arg2: f32) -> i32 {
    br ^bb1(%arg1 : i32)
  ^bb1(%0: i32):
    cond_br %arg0, ^bb2, ^bb3(%0, %arg2 : i32, f32)
  ^bb2:
    %1 = "x.pick"(%arg0, %0, %arg1) : (i1, i32, i32) -> i32
    br ^bb1(%1 : i32)
  ^bb3(%2: i32, %3: f32):
    %4 = "x.fptosi"(%3) : (f32) -> i32
    return %4 : i32
  }
}
