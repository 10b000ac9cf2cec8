// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// cf.assert (std.assert in MLIR 14), written in generic form here; the
// custom check reads mlir-opt-14's custom form `assert %c, "msg"`.
func.func @asserts(%c: i1) {
  "cf.assert"(%c) {msg = "plain"} : (i1) -> ()
  "cf.assert"(%c) {msg = "with \"quotes\", \\ and \n"} : (i1) -> ()
  %d = "foo.cond"() : () -> i1
  "cf.assert"(%d) {msg = ""} : (i1) -> ()
  return
}
