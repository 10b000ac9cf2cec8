// The pipelined units, each started by holding go until done and its
// result latched on done: p = 6 * 7, then p = p * 3 on the same multiplier
// (a second use right after the first), q = -100 / 7 (signed), m = 100 % 7,
// out = p + q + m = 126 - 14 + 2 = 114.
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %p.in, %p.write_en, %p.clk, %p.reset, %p.out, %p.done = calyx.register @p : i32, i1, i1, i1, i32, i1
  %q.in, %q.write_en, %q.clk, %q.reset, %q.out, %q.done = calyx.register @q : i32, i1, i1, i1, i32, i1
  %m.in, %m.write_en, %m.clk, %m.reset, %m.out, %m.done = calyx.register @m : i32, i1, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %mul.clk, %mul.reset, %mul.go, %mul.left, %mul.right, %mul.out, %mul.done = calyx.std_mult_pipe @mul : i1, i1, i1, i32, i32, i32, i1
  %div.clk, %div.reset, %div.go, %div.left, %div.right, %div.out, %div.done = calyx.std_divs_pipe @div : i1, i1, i1, i32, i32, i32, i1
  %rem.clk, %rem.reset, %rem.go, %rem.left, %rem.right, %rem.out, %rem.done = calyx.std_remu_pipe @rem : i1, i1, i1, i32, i32, i32, i1
  %a1.left, %a1.right, %a1.out = calyx.std_add @a1 : i32, i32, i32
  %a2.left, %a2.right, %a2.out = calyx.std_add @a2 : i32, i32, i32
  %c3 = hw.constant 3 : i32
  %c6 = hw.constant 6 : i32
  %c7 = hw.constant 7 : i32
  %c100 = hw.constant 100 : i32
  %cm100 = hw.constant -100 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @mul1 {
      calyx.assign %mul.left = %c6 : i32
      calyx.assign %mul.right = %c7 : i32
      calyx.assign %mul.go = %true : i1
      calyx.assign %p.in = %mul.out : i32
      calyx.assign %p.write_en = %mul.done : i1
      calyx.group_done %p.done : i1
    }
    calyx.group @mul2 {
      calyx.assign %mul.left = %p.out : i32
      calyx.assign %mul.right = %c3 : i32
      calyx.assign %mul.go = %true : i1
      calyx.assign %p.in = %mul.out : i32
      calyx.assign %p.write_en = %mul.done : i1
      calyx.group_done %p.done : i1
    }
    calyx.group @divide {
      calyx.assign %div.left = %cm100 : i32
      calyx.assign %div.right = %c7 : i32
      calyx.assign %div.go = %true : i1
      calyx.assign %q.in = %div.out : i32
      calyx.assign %q.write_en = %div.done : i1
      calyx.group_done %q.done : i1
    }
    calyx.group @remainder {
      calyx.assign %rem.left = %c100 : i32
      calyx.assign %rem.right = %c7 : i32
      calyx.assign %rem.go = %true : i1
      calyx.assign %m.in = %rem.out : i32
      calyx.assign %m.write_en = %rem.done : i1
      calyx.group_done %m.done : i1
    }
    calyx.group @total {
      calyx.assign %a1.left = %p.out : i32
      calyx.assign %a1.right = %q.out : i32
      calyx.assign %a2.left = %a1.out : i32
      calyx.assign %a2.right = %m.out : i32
      calyx.assign %r.in = %a2.out : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.enable @mul1
      calyx.enable @mul2
      calyx.par {
        calyx.enable @divide
        calyx.enable @remainder
      }
      calyx.enable @total
    }
  }
}
