// codelet-schedule refuses it on fig39.acg: 26 is no multiple of 5 (schedule-errors.test).
func.func @f(%A: memref<26xi32>, %C: memref<26xi32>) {
  codelet.eltwise relu %A, %C : memref<26xi32>, memref<26xi32>
  return
}
