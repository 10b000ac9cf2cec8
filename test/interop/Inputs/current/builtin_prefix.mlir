// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// builtin ops outside a module body: builtin.unrealized_conversion_cast (every
// arity) in a function, func and module in an unregistered op's region.
// MLIR 14 left out the `builtin.` prefix only directly in a module body
// (the module's default dialect), so in custom form these keep it.
func.func @casts(%a: i32, %b: f32) -> (f32, i64) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to f32
  %1:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64, index
  %2 = builtin.unrealized_conversion_cast %1#1 : index to i64
  builtin.unrealized_conversion_cast to i8
  %3 = builtin.unrealized_conversion_cast %b : f32 to tensor<2xf32>
  return %0, %2 : f32, i64
}
%top = builtin.unrealized_conversion_cast to index
"x.region"() ({
  func.func private @in_region()
  builtin.module @in_region_module {
    func.func private @in_inner_module()
  }
}) : () -> ()
