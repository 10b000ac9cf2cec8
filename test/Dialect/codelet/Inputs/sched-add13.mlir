// codelet-schedule refuses it on fig38.acg: no tile of 13 (schedule-errors.test).
func.func @f(%A: memref<13xi16>, %B: memref<13xi16>, %C: memref<13xi16>) {
  codelet.eltwise add %A, %B, %C : memref<13xi16>, memref<13xi16>, memref<13xi16>
  return
}
