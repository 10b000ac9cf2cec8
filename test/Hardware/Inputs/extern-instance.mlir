hw.module.extern @ext(in %x : i8, out y : i8)
hw.module @top(in %a : i8, out r : i8) {
  %y = hw.instance "u" @ext(x: %a: i8) -> (y: i8)
  hw.output %y : i8
}
