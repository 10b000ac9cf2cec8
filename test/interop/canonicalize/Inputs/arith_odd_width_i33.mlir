// Folding at i33, just past a machine word: 2^32 + 2^32 wraps to
// -2^32 (the sign bit is bit 32).
func @odd_width_i33() -> (i33, i33, i33) {
  %a = arith.constant 4294967296 : i33
  %b = arith.constant 3 : i33
  %c = arith.constant -1 : i33
  %0 = arith.addi %a, %a : i33
  %1 = arith.muli %a, %b : i33
  %2 = arith.divui %c, %b : i33
  return %0, %1, %2 : i33, i33, i33
}
