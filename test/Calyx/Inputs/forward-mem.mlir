// Components that own external memories, instantiated by others: @inc adds 1 to word 0 of its
// external memory M; @twice invokes its instance j of @inc twice; @main runs an instance a of @inc
// and an instance b of @twice in parallel.  lower-calyx-to-hw forwards the memories up through the
// instances' ports, so @main's interface has the memories a_M and b_j_M.  @ref is what the design
// computes, for stratac.
calyx.component @inc(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %M.addr0, %M.write_data, %M.write_en, %M.clk, %M.read_data, %M.done = calyx.memory @M <[2] x 32> [1] {external} : i1, i32, i1, i1, i32, i1
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i32, i1, i1, i1, i32, i1
  %add.left, %add.right, %add.out = calyx.std_add @add : i32, i32, i32
  %zero = hw.constant 0 : i1
  %one = hw.constant 1 : i32
  %true = hw.constant true
  calyx.wires {
    calyx.group @rd {
      calyx.assign %M.addr0 = %zero : i1
      calyx.assign %r.in = %M.read_data : i32
      calyx.assign %r.write_en = %true : i1
      calyx.group_done %r.done : i1
    }
    calyx.group @wr {
      calyx.assign %M.addr0 = %zero : i1
      calyx.assign %add.left = %r.out : i32
      calyx.assign %add.right = %one : i32
      calyx.assign %M.write_data = %add.out : i32
      calyx.assign %M.write_en = %true : i1
      calyx.group_done %M.done : i1
    }
  }
  calyx.control {
    calyx.seq {
      calyx.enable @rd
      calyx.enable @wr
    }
  }
}
calyx.component @twice(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %j.go, %j.clk, %j.reset, %j.done = calyx.instance @j of @inc : i1, i1, i1, i1
  calyx.wires {
  }
  calyx.control {
    calyx.seq {
      calyx.invoke @j() -> ()
      calyx.invoke @j() -> ()
    }
  }
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %a.go, %a.clk, %a.reset, %a.done = calyx.instance @a of @inc : i1, i1, i1, i1
  %b.go, %b.clk, %b.reset, %b.done = calyx.instance @b of @twice : i1, i1, i1, i1
  calyx.wires {
  }
  calyx.control {
    calyx.par {
      calyx.invoke @a() -> ()
      calyx.invoke @b() -> ()
    }
  }
} {toplevel}
func.func @ref(%x: memref<2xi32> {calyx.name = "a_M"}, %y: memref<2xi32> {calyx.name = "b_j_M"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = memref.load %x[%c0] : memref<2xi32>
  %a1 = arith.addi %a, %c1 : i32
  memref.store %a1, %x[%c0] : memref<2xi32>
  %b = memref.load %y[%c0] : memref<2xi32>
  %b2 = arith.addi %b, %c2 : i32
  memref.store %b2, %y[%c0] : memref<2xi32>
  return
}
