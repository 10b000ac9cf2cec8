// builtin: modules with an empty body.  MLIR gives every module one body
// block, so an empty module prints as `({\n^bb0:\n})` in generic form.
module @top {
  module @empty {
  }
  module @empty_with_attrs attributes {foo.x} {
  }
  builtin.module {
  }
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "generic_empty"} : () -> ()
}
