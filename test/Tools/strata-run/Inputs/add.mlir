func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}
func.func @id_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @ids(%a: i7, %b: index, %c: f16, %d: bf16, %e: f64, %f: i1, %g: i200) -> (i7, index, f16, bf16, f64, i1, i200) {
  return %a, %b, %c, %d, %e, %f, %g : i7, index, f16, bf16, f64, i1, i200
}
