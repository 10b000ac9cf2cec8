// Every calyx op prints in the form it is read, and reads back the same.
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: calyx.component @A(%in: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
calyx.component @A(%in: i8, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%out: i8, %done: i1 {done}) {
  %c1_1 = hw.constant 1 : i1
  calyx.wires {
    calyx.assign %done = %c1_1 : i1
    calyx.assign %out = %in : i8
  }
  calyx.control {}
}

// CHECK-LABEL: calyx.component @main(%clk: i1 {clk}, %go: i1 {go}, %reset: i1 {reset}) -> (%done: i1 {done}) {
calyx.component @main(%clk: i1 {clk}, %go: i1 {go}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // CHECK:      %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  // CHECK-NEXT: %m.addr0, %m.addr1, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[64, 64] x 8> [6, 6] : i6, i6, i8, i1, i1, i8, i1
  // CHECK-NEXT: %s.addr0, %s.clk, %s.reset, %s.content_en, %s.write_en, %s.write_data, %s.read_data, %s.done = calyx.seq_mem @s <[16] x 32> [4] {external} : i4, i1, i1, i1, i1, i32, i32, i1
  // CHECK-NEXT: %c0.in, %c0.go, %c0.clk, %c0.reset, %c0.out, %c0.done = calyx.instance @c0 of @A : i8, i1, i1, i1, i8, i1
  // CHECK-NEXT: %adder.left, %adder.right, %adder.out = calyx.std_add @adder : i8, i8, i8
  // CHECK-NEXT: %gt.left, %gt.right, %gt.out = calyx.std_gt @gt : i8, i8, i1
  // CHECK-NEXT: %pad.in, %pad.out = calyx.std_pad @pad : i8, i9
  // CHECK-NEXT: %slice.in, %slice.out = calyx.std_slice @slice : i8, i7
  // CHECK-NEXT: %not.in, %not.out = calyx.std_not @not : i8, i8
  // CHECK-NEXT: %mux.cond, %mux.tru, %mux.fal, %mux.out = calyx.std_mux @mux : i1, i8, i8, i8
  // CHECK-NEXT: %mul.clk, %mul.reset, %mul.go, %mul.left, %mul.right, %mul.out, %mul.done = calyx.std_mult_pipe @mul : i1, i1, i1, i8, i8, i8, i1
  // CHECK-NEXT: %div.clk, %div.reset, %div.go, %div.left, %div.right, %div.out, %div.done = calyx.std_divs_pipe @div : i1, i1, i1, i8, i8, i8, i1
  // CHECK-NEXT: %k = calyx.constant @k <42 : i8> : i8
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i1, i1, i1, i8, i1
  %m.addr0, %m.addr1, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[64, 64] x 8> [6, 6] : i6, i6, i8, i1, i1, i8, i1
  %s.addr0, %s.clk, %s.reset, %s.content_en, %s.write_en, %s.write_data, %s.read_data, %s.done = calyx.seq_mem @s <[16] x 32> [4] {external} : i4, i1, i1, i1, i1, i32, i32, i1
  %c0.in, %c0.go, %c0.clk, %c0.reset, %c0.out, %c0.done = calyx.instance @c0 of @A : i8, i1, i1, i1, i8, i1
  %adder.left, %adder.right, %adder.out = calyx.std_add @adder : i8, i8, i8
  %gt.left, %gt.right, %gt.out = calyx.std_gt @gt : i8, i8, i1
  %pad.in, %pad.out = calyx.std_pad @pad : i8, i9
  %slice.in, %slice.out = calyx.std_slice @slice : i8, i7
  %not.in, %not.out = calyx.std_not @not : i8, i8
  %mux.cond, %mux.tru, %mux.fal, %mux.out = calyx.std_mux @mux : i1, i8, i8, i8
  %mul.clk, %mul.reset, %mul.go, %mul.left, %mul.right, %mul.out, %mul.done = calyx.std_mult_pipe @mul : i1, i1, i1, i8, i8, i8, i1
  %div.clk, %div.reset, %div.go, %div.left, %div.right, %div.out, %div.done = calyx.std_divs_pipe @div : i1, i1, i1, i8, i8, i8, i1
  %k = calyx.constant @k <42 : i8> : i8
  %c1_i1 = hw.constant 1 : i1
  %c0_i6 = hw.constant 0 : i6
  %c0_i8 = hw.constant 0 : i8
  // CHECK: calyx.wires {
  calyx.wires {
    // CHECK: calyx.group @Group1 {
    // CHECK-NEXT: calyx.assign %c0.in = %r.out : i8
    // CHECK-NEXT: calyx.assign %c0.go = %true : i1
    // CHECK-NEXT: calyx.group_done %c0.done : i1
    calyx.group @Group1 {
      calyx.assign %c0.in = %r.out : i8
      calyx.assign %c0.go = %c1_i1 : i1
      calyx.group_done %c0.done : i1
    }
    // CHECK: calyx.comb_group @ReadMemory {
    // CHECK-NEXT: calyx.assign %m.addr0 = %c0_i6 : i6
    calyx.comb_group @ReadMemory {
      calyx.assign %m.addr0 = %c0_i6 : i6
      calyx.assign %m.addr1 = %c0_i6 : i6
      calyx.assign %gt.left = %m.read_data : i8
      calyx.assign %gt.right = %c0_i8 : i8
    }
    // CHECK: calyx.group @Group3 {
    // CHECK-NEXT: calyx.assign %r.in = %gt.out ? %k : i8
    // CHECK-NEXT: calyx.assign %r.write_en = %true : i1
    // CHECK-NEXT: calyx.group_done %gt.out ? %r.done : i1
    calyx.group @Group3 {
      calyx.assign %r.in = %gt.out ? %k : i8
      calyx.assign %r.write_en = %c1_i1 : i1
      calyx.group_done %gt.out ? %r.done : i1
    }
    // CHECK: calyx.static_group latency<2> @S {
    // CHECK-NEXT: %[[GO:.*]] = calyx.group_go %true : i1
    // CHECK-NEXT: calyx.assign %r.in = %[[GO]] ? %c0_i8 : i8
    calyx.static_group latency<2> @S {
      %sgo = calyx.group_go %c1_i1 : i1
      calyx.assign %r.in = %sgo ? %c0_i8 : i8
    }
    // CHECK: calyx.undef : i1
    %u = calyx.undef : i1
    calyx.assign %done = %r.done : i1
  }
  // CHECK:      calyx.control {
  // CHECK-NEXT: calyx.seq {
  // CHECK-NEXT: calyx.enable @Group1
  // CHECK-NEXT: calyx.if %gt.out with @ReadMemory {
  // CHECK-NEXT: calyx.enable @Group1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: calyx.enable @Group3
  // CHECK-NEXT: }
  // CHECK-NEXT: calyx.if %c0.done {
  // CHECK-NEXT: calyx.enable @Group1
  // CHECK-NEXT: }
  // CHECK-NEXT: calyx.while %gt.out with @ReadMemory {
  // CHECK-NEXT: calyx.par {
  // CHECK-NEXT: calyx.enable @Group1
  // CHECK-NEXT: calyx.enable @Group3
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: calyx.repeat 3 {
  // CHECK-NEXT: calyx.invoke @c0(%c0.in = %r.out) -> (i8)
  // CHECK-NEXT: }
  // CHECK-NEXT: calyx.static_seq {
  // CHECK-NEXT: calyx.enable @S
  // CHECK-NEXT: calyx.static_par {
  // CHECK-NEXT: calyx.enable @S
  calyx.control {
    calyx.seq {
      calyx.enable @Group1
      calyx.if %gt.out with @ReadMemory {
        calyx.enable @Group1
      } else {
        calyx.enable @Group3
      }
      calyx.if %c0.done {
        calyx.enable @Group1
      }
      calyx.while %gt.out with @ReadMemory {
        calyx.par {
          calyx.enable @Group1
          calyx.enable @Group3
        }
      }
      calyx.repeat 3 {
        calyx.invoke @c0(%c0.in = %r.out) -> (i8)
      }
      calyx.static_seq {
        calyx.enable @S
        calyx.static_par {
          calyx.enable @S
        }
      }
    }
  }
} {toplevel}
// CHECK: } {toplevel}
