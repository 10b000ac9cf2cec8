// A single-block scf.execute_region is inlined into its parent.
func @scf_execute_region_single(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %a = arith.muli %x, %x : i32
    scf.yield %a : i32
  }
  return %r : i32
}
