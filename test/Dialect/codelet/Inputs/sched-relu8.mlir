// codelet-schedule refuses it on fig38.acg: no PE has RELU (schedule-errors.test).
func.func @f(%A: memref<8xi16>, %C: memref<8xi16>) {
  codelet.eltwise relu %A, %C : memref<8xi16>, memref<8xi16>
  return
}
