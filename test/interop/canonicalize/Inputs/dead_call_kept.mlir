// A call may have effects: its unused result does not make it dead.
func private @g(i32) -> i32
func @dead_call_kept(%x: i32) {
  %0 = call @g(%x) : (i32) -> i32
  return
}
