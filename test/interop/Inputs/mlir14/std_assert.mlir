// MLIR 14 spelling: std.assert in its custom form.
func @asserts(%arg0: i1) {
  assert %arg0, "plain"
  assert %arg0, "with \22quotes\22 and \\"
  return
}
