// An scf.if whose regions do nothing is erased.
func @scf_if_empty_regions(%c: i1) {
  scf.if %c {
  } else {
  }
  return
}
