hw.module @m(in %a : i8, out r : i8) {
  %c = arith.constant 1 : i8
  %s = comb.add %a, %c : i8
  hw.output %s : i8
}
