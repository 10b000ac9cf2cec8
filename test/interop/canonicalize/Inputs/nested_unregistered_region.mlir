// Folding inside the region of an unregistered op: it may be isolated from
// above, so constants made by folding stay in that region.
// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
func @nested_unregistered_region(%x: i32) -> i32 {
  %r = "test.region"(%x) ({
  ^bb0(%a: i32):
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %s = arith.addi %a, %c0 : i32
    %k = arith.muli %c2, %c3 : i32
    %t = arith.muli %s, %k : i32
    "test.yield"(%t) : (i32) -> ()
  }) : (i32) -> i32
  return %r : i32
}
