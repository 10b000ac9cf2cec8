// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// MLIR 14 spelling of builtin ops outside a module body, where they keep the
// `builtin.` prefix, and directly in one, where they do not.
%top = unrealized_conversion_cast to i8
func @casts(%arg0: i32, %arg1: f32) -> (f32, i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
  %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, index
  %2 = builtin.unrealized_conversion_cast %1#1 : index to i64
  return %0, %2 : f32, i64
}
"x.region"() ({
  builtin.func private @in_region()
  builtin.module {
    func private @in_inner_module()
  }
  %in_region = builtin.unrealized_conversion_cast to i8
}) : () -> ()
