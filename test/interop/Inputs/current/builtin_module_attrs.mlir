// builtin: a module with attributes but no name, `module attributes {...}`.
module attributes {foo.module_attr = "top"} {
  module attributes {foo.inner, foo.n = 3 : i8} {
  }
}
