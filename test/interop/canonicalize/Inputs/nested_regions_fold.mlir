// Folding inside nested regions: a loop inside an scf.if inside a loop;
// every constant goes to the function's entry block and identities fold
// at every level.
func @nested_regions_fold(%c: i1, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %v = scf.if %c -> (i32) {
      %w = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (i32) {
        %k0 = arith.constant 0 : i32
        %k7 = arith.constant 7 : i32
        %s = arith.addi %b, %k0 : i32
        %t = arith.muli %s, %k7 : i32
        scf.yield %t : i32
      }
      scf.yield %w : i32
    } else {
      %one = arith.constant 1 : i32
      %m = arith.muli %a, %one : i32
      scf.yield %m : i32
    }
    scf.yield %v : i32
  }
  return %r : i32
}
