// Functions of npy-header.test: element types and ranks at the edges of
// what a .npy file holds.
func.func @rank0(%a: memref<f32>) -> memref<f32> {
  return %a : memref<f32>
}
func.func @bools(%a: memref<3xi1>) -> memref<3xi1> {
  return %a : memref<3xi1>
}
func.func @rank17(%a: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi8>) {
  return
}
func.func @wide(%a: memref<2xi128>) {
  return
}
