module {
  module @inner {
    func.func @f() {
      return
    }
  }
}
