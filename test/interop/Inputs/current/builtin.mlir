// builtin: nested and named modules with bodies, module attributes, symbol
// visibility, custom and generic forms.  Elsewhere: empty modules in
// builtin_empty_module.mlir, a module with attributes but no name in
// builtin_module_attrs.mlir, builtin.unrealized_conversion_cast and
// builtin ops outside a module body in builtin_prefix.mlir.
module @top attributes {foo.module_attr = "top", foo.list = [1, 2]} {
  module @with_body attributes {foo.x} {
    func.func private @inner(i32)
  }
  builtin.module @nested_vis {
    module @deeper {
      func.func nested @f() {
        return
      }
    }
  }
  module {
    func.func private @in_anonymous()
  }
  "builtin.module"() ({
    func.func private @in_generic()
  }) {sym_name = "generic_form", sym_visibility = "private"} : () -> ()
}
