// An 8-bit counter with enable and synchronous reset; `wrap` is high when
// it is about to wrap.
hw.module @counter(in %clk : !seq.clock, in %rst : i1, in %en : i1, out count : i8, out wrap : i1) {
  %zero = hw.constant 0 : i8
  %one = hw.constant 1 : i8
  %max = hw.constant 255 : i8
  %next = comb.add %count, %one : i8
  %count = seq.compreg.ce %next, %clk, %en reset %rst, %zero {name = "count"} : i8
  %at_max = comb.icmp eq %count, %max : i8
  %wrap = comb.and %at_max, %en : i1
  hw.output %count, %wrap : i8, i1
}
