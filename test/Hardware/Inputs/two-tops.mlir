hw.module @a(in %x : i1, out y : i1) {
  hw.output %x : i1
}
hw.module @b(in %x : i1, out y : i1) {
  hw.output %x : i1
}
