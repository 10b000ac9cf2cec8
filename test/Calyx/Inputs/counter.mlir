// A while loop: count i from 0 while i < 10, adding i into acc; out = acc.
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %i.in, %i.write_en, %i.clk, %i.reset, %i.out, %i.done = calyx.register @i : i32, i1, i1, i1, i32, i1
  %acc.in, %acc.write_en, %acc.clk, %acc.reset, %acc.out, %acc.done = calyx.register @acc : i32, i1, i1, i1, i32, i1
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %inc.left, %inc.right, %inc.out = calyx.std_add @inc : i32, i32, i32
  %lt.left, %lt.right, %lt.out = calyx.std_lt @lt : i32, i32, i1
  %c0 = hw.constant 0 : i32
  %c1 = hw.constant 1 : i32
  %c10 = hw.constant 10 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @init {
      calyx.assign %i.in = %c0 : i32
      calyx.assign %i.write_en = %true : i1
      calyx.assign %acc.in = %c0 : i32
      calyx.assign %acc.write_en = %true : i1
      calyx.group_done %i.done : i1
    }
    calyx.comb_group @cond {
      calyx.assign %lt.left = %i.out : i32
      calyx.assign %lt.right = %c10 : i32
    }
    calyx.group @body {
      calyx.assign %add.left = %acc.out : i32
      calyx.assign %add.right = %i.out : i32
      calyx.assign %acc.in = %add.out : i32
      calyx.assign %acc.write_en = %true : i1
      calyx.group_done %acc.done : i1
    }
    calyx.group @step {
      calyx.assign %inc.left = %i.out : i32
      calyx.assign %inc.right = %c1 : i32
      calyx.assign %i.in = %inc.out : i32
      calyx.assign %i.write_en = %true : i1
      calyx.group_done %i.done : i1
    }
    calyx.assign %out = %acc.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.enable @init
      calyx.while %lt.out with @cond {
        calyx.seq {
          calyx.enable @body
          calyx.enable @step
        }
      }
    }
  }
}
