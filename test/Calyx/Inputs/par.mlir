// par of two threads of different lengths (a: one write; b: three
// increments in a seq), then out = a + b.  Each thread has its own done
// register, so the short one waits for the long one.
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %a.in, %a.write_en, %a.clk, %a.reset, %a.out, %a.done = calyx.register @a : i32, i1, i1, i1, i32, i1
  %b.in, %b.write_en, %b.clk, %b.reset, %b.out, %b.done = calyx.register @b : i32, i1, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %inc.left, %inc.right, %inc.out = calyx.std_add @inc : i32, i32, i32
  %sum.left, %sum.right, %sum.out = calyx.std_add @sum : i32, i32, i32
  %c1 = hw.constant 1 : i32
  %c40 = hw.constant 40 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @seta {
      calyx.assign %a.in = %c40 : i32
      calyx.assign %a.write_en = %true : i1
      calyx.group_done %a.done : i1
    }
    calyx.group @incb {
      calyx.assign %inc.left = %b.out : i32
      calyx.assign %inc.right = %c1 : i32
      calyx.assign %b.in = %inc.out : i32
      calyx.assign %b.write_en = %true : i1
      calyx.group_done %b.done : i1
    }
    calyx.group @add {
      calyx.assign %sum.left = %a.out : i32
      calyx.assign %sum.right = %b.out : i32
      calyx.assign %r.in = %sum.out : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.par {
        calyx.enable @seta
        calyx.seq {
          calyx.enable @incb
          calyx.enable @incb
          calyx.enable @incb
        }
      }
      calyx.enable @add
    }
  }
}
