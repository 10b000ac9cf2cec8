// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// Locations (checked by the debuginfo checks): unknown, file:line:col,
// names with and without a child, fused with and without metadata,
// call sites (nested), block-argument locations, and the locations Strata
// gives ops that have none written (their position in this file).
"x.a"() : () -> () loc(unknown)
"x.b"() : () -> () loc("file.mlir":3:7)
"x.c"() : () -> () loc("named")
"x.d"() : () -> () loc("named"("inner.mlir":1:2))
"x.e"() : () -> () loc(fused["a.mlir":1:1, "b"])
"x.f"() : () -> () loc(fused<"meta">["a.mlir":1:1, "c.mlir":2:3])
"x.g"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
"x.h"() : () -> () loc(callsite("f"("x.mlir":1:1) at callsite("g" at "y.mlir":3:4)))
"x.i"() : () -> () loc("escaped \"name\""("dir with space/f.mlir":10:20))
"x.r"() ({
^bb0(%a: i32 loc("arg.mlir":9:9), %b: f32 loc(unknown)):
  "x.y"() : () -> () loc("yield")
}) : () -> () loc(fused<#foo.m>["r.mlir":5:5])
%0 = "x.implicit"() : () -> i32
"x.use"(%0) ({
^bb0(%c: index):
  "x.inner"(%c) : (index) -> ()
}) : (i32) -> ()
func.func @f(%arg: i32 loc("func_arg.mlir":1:1)) -> i32 {
  return %arg : i32 loc("ret.mlir":2:2)
} loc("func.mlir":3:3)
