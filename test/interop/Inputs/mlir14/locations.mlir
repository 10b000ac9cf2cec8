// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// MLIR 14 spelling of locations, written inline.
"x.a"() : () -> () loc(unknown)
"x.b"() : () -> () loc("file.mlir":3:7)
"x.c"() : () -> () loc("named"("inner.mlir":1:2))
"x.d"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b"])
"x.e"() : () -> () loc(callsite("f" at callsite("g"("x.mlir":1:1) at "y.mlir":3:4)))
"x.r"() ({
^bb0(%arg0: i32 loc("arg.mlir":9:9)):
  "x.y"(%arg0) : (i32) -> () loc("yield")
}) : () -> () loc(fused["r.mlir":5:5, "s.mlir":6:6])
func @f(%arg0: i32 loc("func_arg.mlir":1:1)) -> i32 {
  return %arg0 : i32 loc("ret.mlir":2:2)
} loc("func.mlir":3:3)
