// MLIR 14 spelling: std.switch with negative case values.  mlir-opt-14's
// custom printer writes them as unsigned numbers of the flag's width
// (-3 : i32 as 4294967293), which mean the same value once truncated to the
// flag's width.
func @switch_negative(%arg0: i32, %arg1: i8) {
  switch %arg0 : i32, [
    default: ^bb1,
    -3: ^bb1,
    -2147483648: ^bb2
  ]
^bb1:
  switch %arg1 : i8, [
    default: ^bb2,
    -1: ^bb1
  ]
^bb2:
  return
}
