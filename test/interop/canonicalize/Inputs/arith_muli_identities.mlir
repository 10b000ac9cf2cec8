// x * 1 is x, x * 0 is 0, on i32 and on index.
func @muli_identities(%x: i32, %i: index) -> (i32, i32, index, index) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %0 = arith.muli %x, %c1 : i32
  %1 = arith.muli %x, %c0 : i32
  %2 = arith.muli %i1, %i : index
  %3 = arith.muli %i, %i0 : index
  return %0, %1, %2, %3 : i32, i32, index, index
}
