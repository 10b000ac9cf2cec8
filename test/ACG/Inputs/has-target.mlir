func.func @target() {
  return
}
