// A vector add C[i] = A[i] + B[i] over 8 words, written by hand at the
// hardware level with the port interface of lower-calyx-to-hw
// (/work/notes/calyx-contract.md, docs/stratac.md): three comb memories
// outside the design, go/done, one address per cycle.  @vadd (func) is the
// reference stratac compares the simulation with.
func.func @vadd(%A: memref<8xi32> {calyx.name = "A"}, %B: memref<8xi32> {calyx.name = "B"},
                %C: memref<8xi32> {calyx.name = "C"}) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = affine.load %B[%i] : memref<8xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %C[%i] : memref<8xi32>
  }
  return
}

hw.module @vadd_hw(in %clk : !seq.clock, in %reset : i1, in %go : i1,
                in %A_read_data : i32, in %A_done : i1, in %B_read_data : i32, in %B_done : i1,
                in %C_read_data : i32, in %C_done : i1,
                out done : i1,
                out A_addr0 : i3, out A_write_data : i32, out A_write_en : i1,
                out B_addr0 : i3, out B_write_data : i32, out B_write_en : i1,
                out C_addr0 : i3, out C_write_data : i32, out C_write_en : i1)
    attributes {calyx.memories = [#calyx.memory<"A", comb, 32, [8]>, #calyx.memory<"B", comb, 32, [8]>, #calyx.memory<"C", comb, 32, [8]>]} {
  %false = hw.constant false
  %true = hw.constant true
  %c0 = hw.constant 0 : i4
  %c1 = hw.constant 1 : i4
  %c7 = hw.constant 7 : i4
  %z32 = hw.constant 0 : i32
  %busy = seq.compreg %busy_next, %clk reset %reset, %false {name = "busy"} : i1
  %done_r = seq.compreg %finish, %clk reset %reset, %false {name = "done_r"} : i1
  %i = seq.compreg %i_next, %clk reset %reset, %c0 {name = "i"} : i4
  %idle = comb.xor %busy, %true : i1
  %notdone = comb.xor %done_r, %true : i1
  %start = comb.and %go, %idle, %notdone : i1
  %last = comb.icmp eq %i, %c7 : i4
  %finish = comb.and %busy, %last : i1
  %nfinish = comb.xor %finish, %true : i1
  %keep = comb.and %busy, %nfinish : i1
  %busy_next = comb.or %start, %keep : i1
  %inc = comb.add %i, %c1 : i4
  %i_next = comb.mux %busy, %inc, %c0 : i4
  %addr = comb.extract %i from 0 : (i4) -> i3
  %sum = comb.add %A_read_data, %B_read_data : i32
  hw.output %done_r, %addr, %z32, %false, %addr, %z32, %false, %addr, %sum, %busy
      : i1, i3, i32, i1, i3, i32, i1, i3, i32, i1
}
