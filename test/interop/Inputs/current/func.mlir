// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// func: definitions and declarations, visibility, argument and result
// attributes, multiple results, func.call, func.call_indirect,
// func.constant, func.return.
func.func private @ext(i32) -> i32
func.func private @ext_attrs(i32 {foo.arg}, f32) -> (i32 {foo.res = 1 : i32})
func.func nested @nested_vis() attributes {foo.attr = "x"}
func.func public @multi(%a: i32, %b: f32) -> (f32, i32) {
  func.return %b, %a : f32, i32
}
func.func @none() {
  return
}
func.func @calls(%x: i32) -> i32 {
  %y = "foo.def"() : () -> f32
  %0 = func.call @ext(%x) : (i32) -> i32
  %1:2 = func.call @multi(%0, %y) : (i32, f32) -> (f32, i32)
  %f = func.constant @ext : (i32) -> i32
  %2 = func.call_indirect %f(%1#1) : (i32) -> i32
  %g = func.constant @none : () -> ()
  func.call_indirect %g() : () -> ()
  func.call @none() : () -> ()
  %3 = call @ext(%2) {foo.call_attr} : (i32) -> i32
  func.return %3 : i32
}
func.func @arg_attrs(%a: i32 {foo.a = 1 : i64, foo.b}, %b: i32) -> (i32 {foo.r}, i32) {
  func.return %a, %b : i32, i32
}
func.func @all_types(%a: index, %b: tensor<?xf32>, %c: memref<4xi8>, %d: vector<2xf64>, %e: (i32) -> i32, %f: tuple<i1, f16>) -> (index, tensor<?xf32>, memref<4xi8>, vector<2xf64>, (i32) -> i32, tuple<i1, f16>) {
  return %a, %b, %c, %d, %e, %f : index, tensor<?xf32>, memref<4xi8>, vector<2xf64>, (i32) -> i32, tuple<i1, f16>
}
func.func @recursive(%n: i64) -> i64 {
  %0 = call @recursive(%n) : (i64) -> i64
  return %0 : i64
}
