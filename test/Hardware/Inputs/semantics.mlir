hw.module @sem(in %a : i8, in %b : i8, in %x : i65, in %y : i65, out q : i8, out qs : i8, out r : i8, out rs : i8, out sl : i8, out sr : i8, out s65 : i65) {
  %q = comb.divu %a, %b : i8
  %qs = comb.divs %a, %b : i8
  %r = comb.modu %a, %b : i8
  %rs = comb.mods %a, %b : i8
  %sl = comb.shl %a, %b : i8
  %sr = comb.shrs %a, %b : i8
  %s = comb.add %x, %y : i65
  hw.output %q, %qs, %r, %rs, %sl, %sr, %s : i8, i8, i8, i8, i8, i8, i65
}
