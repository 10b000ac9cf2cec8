// if x > 5 (a comb group computes it) then y = x + 100 else y = x + 200;
// then out = y, through a second group.
calyx.component @main(%x: i32, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i32, %done: i1 {done}) {
  %y.in, %y.write_en, %y.clk, %y.reset, %y.out, %y.done = calyx.register @y : i32, i1, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %gt.left, %gt.right, %gt.out = calyx.std_gt @gt : i32, i32, i1
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %c5 = hw.constant 5 : i32
  %c100 = hw.constant 100 : i32
  %c200 = hw.constant 200 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.comb_group @cmp {
      calyx.assign %gt.left = %x : i32
      calyx.assign %gt.right = %c5 : i32
    }
    calyx.group @then {
      calyx.assign %add.left = %x : i32
      calyx.assign %add.right = %c100 : i32
      calyx.assign %y.in = %add.out : i32
      calyx.assign %y.write_en = %true : i1
      calyx.group_done %y.done : i1
    }
    calyx.group @else {
      calyx.assign %add.left = %x : i32
      calyx.assign %add.right = %c200 : i32
      calyx.assign %y.in = %add.out : i32
      calyx.assign %y.write_en = %true : i1
      calyx.group_done %y.done : i1
    }
    calyx.group @copy {
      calyx.assign %r.in = %y.out : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.assign %out = %r.out : i32
  }
  calyx.control {
    calyx.seq {
      calyx.if %gt.out with @cmp {
        calyx.enable @then
      } else {
        calyx.enable @else
      }
      calyx.enable @copy
    }
  }
} {toplevel}
