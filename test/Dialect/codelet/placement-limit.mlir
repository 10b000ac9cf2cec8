// A placed surrogate with more elements than codelet-placement-elements
// (3 here) is an error, not a layout left unchecked.
// RUN: strata-opt %s --verify-diagnostics --acg=%S/Inputs/invalid.acg --limit=codelet-placement-elements=3
func.func @f() {
  codelet.cdlt "x" {
    // expected-error @+1 {{a placed surrogate of 4 elements is too large to check its layout (limit codelet-placement-elements = 3; raise it with --limit=codelet-placement-elements=<n>)}}
    %l = codelet.local {base = array<i64: 0>, layout = affine_map<(d0) -> (d0, 0)>} : memref<4xi16, "MEM2">
  }
  return
}
