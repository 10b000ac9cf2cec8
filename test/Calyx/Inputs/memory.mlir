// An internal comb memory written in a loop (m[i] = i + 10, i < 8) and
// summed in a second loop (acc = 108), then an internal seq memory written
// (s[2] = 5) and read back through content_en (r = 5): out = acc + r = 113.
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %i.in, %i.write_en, %i.clk, %i.reset, %i.out, %i.done = calyx.register @i : i32, i1, i1, i1, i32, i1
  %acc.in, %acc.write_en, %acc.clk, %acc.reset, %acc.out, %acc.done = calyx.register @acc : i32, i1, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[8] x 32> [3] : i3, i32, i1, i1, i32, i1
  %s.addr0, %s.clk, %s.reset, %s.content_en, %s.write_en, %s.write_data, %s.read_data, %s.done = calyx.seq_mem @s <[4] x 32> [2] : i2, i1, i1, i1, i1, i32, i32, i1
  %sl.in, %sl.out = calyx.std_slice @sl : i32, i3
  %lt.left, %lt.right, %lt.out = calyx.std_lt @lt : i32, i32, i1
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %inc.left, %inc.right, %inc.out = calyx.std_add @inc : i32, i32, i32
  %fin.left, %fin.right, %fin.out = calyx.std_add @fin : i32, i32, i32
  %c0 = hw.constant 0 : i32
  %c1 = hw.constant 1 : i32
  %c5 = hw.constant 5 : i32
  %c8 = hw.constant 8 : i32
  %c10 = hw.constant 10 : i32
  %c2_i2 = hw.constant 2 : i2
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
      calyx.assign %lt.right = %c8 : i32
    }
    calyx.group @write {
      calyx.assign %sl.in = %i.out : i32
      calyx.assign %m.addr0 = %sl.out : i3
      calyx.assign %add.left = %i.out : i32
      calyx.assign %add.right = %c10 : i32
      calyx.assign %m.write_data = %add.out : i32
      calyx.assign %m.write_en = %true : i1
      calyx.group_done %m.done : i1
    }
    calyx.group @step {
      calyx.assign %inc.left = %i.out : i32
      calyx.assign %inc.right = %c1 : i32
      calyx.assign %i.in = %inc.out : i32
      calyx.assign %i.write_en = %true : i1
      calyx.group_done %i.done : i1
    }
    calyx.group @restart {
      calyx.assign %i.in = %c0 : i32
      calyx.assign %i.write_en = %true : i1
      calyx.group_done %i.done : i1
    }
    calyx.group @read {
      calyx.assign %sl.in = %i.out : i32
      calyx.assign %m.addr0 = %sl.out : i3
      calyx.assign %add.left = %acc.out : i32
      calyx.assign %add.right = %m.read_data : i32
      calyx.assign %acc.in = %add.out : i32
      calyx.assign %acc.write_en = %true : i1
      calyx.group_done %acc.done : i1
    }
    calyx.group @swrite {
      calyx.assign %s.addr0 = %c2_i2 : i2
      calyx.assign %s.write_data = %c5 : i32
      calyx.assign %s.write_en = %true : i1
      calyx.group_done %s.done : i1
    }
    calyx.group @sread {
      calyx.assign %s.addr0 = %c2_i2 : i2
      calyx.assign %s.content_en = %true : i1
      calyx.group_done %s.done : i1
    }
    calyx.group @latch {
      calyx.assign %r.in = %s.read_data : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %fin.left = %acc.out : i32
    calyx.assign %fin.right = %r.out : i32
    calyx.assign %out = %fin.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.enable @init
      calyx.while %lt.out with @cond {
        calyx.seq {
          calyx.enable @write
          calyx.enable @step
        }
      }
      calyx.enable @restart
      calyx.while %lt.out with @cond {
        calyx.seq {
          calyx.enable @read
          calyx.enable @step
        }
      }
      calyx.enable @swrite
      calyx.enable @sread
      calyx.enable @latch
    }
  }
}
