// Static groups scheduled by a counter, repeat, and invoke of another
// component:  repeat 3 { static_seq { inc (latency 1), dbl (latency 2) } }
// runs x = (x + 1) * 2 three times from 0 (x = 14), then invoke @add5(x)
// and a copy of its result give out = 19.
calyx.component @add5(%in: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %a.left, %a.right, %a.out = calyx.std_add @a : i32, i32, i32
  %c5 = hw.constant 5 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @g {
      calyx.assign %a.left = %in : i32
      calyx.assign %a.right = %c5 : i32
      calyx.assign %r.in = %a.out : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.enable @g
  }
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %x.in, %x.write_en, %x.clk, %x.reset, %x.out, %x.done = calyx.register @x : i32, i1, i1, i1, i32, i1
  %y.in, %y.write_en, %y.clk, %y.reset, %y.out, %y.done = calyx.register @y : i32, i1, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %inc.left, %inc.right, %inc.out = calyx.std_add @inc : i32, i32, i32
  %sh.left, %sh.right, %sh.out = calyx.std_lsh @sh : i32, i32, i32
  %f.in, %f.go, %f.clk, %f.reset, %f.out, %f.done = calyx.instance @f of @add5 : i32, i1, i1, i1, i32, i1
  %c1 = hw.constant 1 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.static_group latency<1> @incx {
      calyx.assign %inc.left = %x.out : i32
      calyx.assign %inc.right = %c1 : i32
      calyx.assign %x.in = %inc.out : i32
      calyx.assign %x.write_en = %true : i1
    }
    calyx.static_group latency<2> @dblx {
      calyx.assign %sh.left = %x.out : i32
      calyx.assign %sh.right = %c1 : i32
      calyx.assign %y.in = %sh.out : i32
      calyx.assign %y.write_en = %true : i1
    }
    calyx.static_group latency<1> @copy {
      calyx.assign %x.in = %y.out : i32
      calyx.assign %x.write_en = %true : i1
    }
    calyx.group @save {
      calyx.assign %r.in = %f.out : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.repeat 3 {
        calyx.static_seq {
          calyx.enable @incx
          calyx.enable @dblx
          calyx.enable @copy
        }
      }
      calyx.invoke @f(%f.in = %x.out) -> (i32)
      calyx.enable @save
    }
  }
}
