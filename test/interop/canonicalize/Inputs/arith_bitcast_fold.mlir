// bitcast of a constant reinterprets its bits; bitcast of a bitcast back
// is the original value.
func @bitcast_fold(%x: i32) -> (i32, f32, i32) {
  %one = arith.constant 1.0 : f32
  %bits = arith.constant 1073741824 : i32
  %0 = arith.bitcast %one : f32 to i32
  %1 = arith.bitcast %bits : i32 to f32
  %2 = arith.bitcast %x : i32 to f32
  %3 = arith.bitcast %2 : f32 to i32
  return %0, %1, %3 : i32, f32, i32
}
