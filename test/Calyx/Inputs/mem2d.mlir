// A 2x3 seq memory (seq_mem_d2): write m[0][2] = 4, then m[1][0] = 9, then
// read m[0][2] back (row-major: 2 and 3 are different words; a wrong
// stride of 2 would make them one); a static_par then latches the read
// (a, latency 1) and sets b = 3 (latency 2): out = a + b = 7.
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  %m.addr0, %m.addr1, %m.clk, %m.reset, %m.content_en, %m.write_en, %m.write_data, %m.read_data, %m.done = calyx.seq_mem @m <[2, 3] x 8> [1, 2] : i1, i2, i1, i1, i1, i1, i8, i8, i1
  %a.in, %a.write_en, %a.clk, %a.reset, %a.out, %a.done = calyx.register @a : i8, i1, i1, i1, i8, i1
  %b.in, %b.write_en, %b.clk, %b.reset, %b.out, %b.done = calyx.register @b : i8, i1, i1, i1, i8, i1
  %sum.left, %sum.right, %sum.out = calyx.std_add @sum : i8, i8, i8
  %r0 = hw.constant 0 : i1
  %r1 = hw.constant 1 : i1
  %c0 = hw.constant 0 : i2
  %c2 = hw.constant 2 : i2
  %v3 = hw.constant 3 : i8
  %v4 = hw.constant 4 : i8
  %v9 = hw.constant 9 : i8
  %true = hw.constant true
  calyx.wires {
    calyx.group @w02 {
      calyx.assign %m.addr0 = %r0 : i1
      calyx.assign %m.addr1 = %c2 : i2
      calyx.assign %m.write_data = %v4 : i8
      calyx.assign %m.write_en = %true : i1
      calyx.group_done %m.done : i1
    }
    calyx.group @w10 {
      calyx.assign %m.addr0 = %r1 : i1
      calyx.assign %m.addr1 = %c0 : i2
      calyx.assign %m.write_data = %v9 : i8
      calyx.assign %m.write_en = %true : i1
      calyx.group_done %m.done : i1
    }
    calyx.group @r02 {
      calyx.assign %m.addr0 = %r0 : i1
      calyx.assign %m.addr1 = %c2 : i2
      calyx.assign %m.content_en = %true : i1
      calyx.group_done %m.done : i1
    }
    calyx.static_group latency<1> @la {
      calyx.assign %a.in = %m.read_data : i8
      calyx.assign %a.write_en = %true : i1
    }
    calyx.static_group latency<2> @lb {
      calyx.assign %b.in = %v3 : i8
      calyx.assign %b.write_en = %true : i1
    }
    calyx.assign %sum.left = %a.out : i8
    calyx.assign %sum.right = %b.out : i8
    calyx.assign %out = %sum.out : i8
  }
  calyx.control {
    calyx.seq {
      calyx.enable @w02
      calyx.enable @w10
      calyx.enable @r02
      calyx.static_par {
        calyx.enable @la
        calyx.enable @lb
      }
    }
  }
}
