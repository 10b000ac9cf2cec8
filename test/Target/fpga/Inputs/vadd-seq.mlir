// C = A + B over 2x4 words in seq memories (reads registered, valid the
// cycle after content_en), written by hand at the hardware level with the
// port interface of lower-calyx-to-hw (docs/stratac.md): each element takes
// a read cycle and a write cycle; the two address ports take the high bit
// and the low two bits of the counter (row-major).  @vadd2d is the
// reference.
func.func @vadd2d(%A: memref<2x4xi32> {calyx.name = "A"}, %B: memref<2x4xi32> {calyx.name = "B"},
                  %C: memref<2x4xi32> {calyx.name = "C"}) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<2x4xi32>
      %b = affine.load %B[%i, %j] : memref<2x4xi32>
      %s = arith.addi %a, %b : i32
      affine.store %s, %C[%i, %j] : memref<2x4xi32>
    }
  }
  return
}

hw.module @vadd2d_hw(in %clk : !seq.clock, in %reset : i1, in %go : i1,
                     in %A_read_data : i32, in %A_done : i1, in %B_read_data : i32, in %B_done : i1,
                     in %C_read_data : i32, in %C_done : i1,
                     out done : i1,
                     out A_addr0 : i1, out A_addr1 : i2, out A_write_data : i32, out A_write_en : i1,
                     out A_content_en : i1,
                     out B_addr0 : i1, out B_addr1 : i2, out B_write_data : i32, out B_write_en : i1,
                     out B_content_en : i1,
                     out C_addr0 : i1, out C_addr1 : i2, out C_write_data : i32, out C_write_en : i1,
                     out C_content_en : i1)
    attributes {calyx.memories = [#calyx.memory<"A", seq, 32, [2, 4]>, #calyx.memory<"B", seq, 32, [2, 4]>, #calyx.memory<"C", seq, 32, [2, 4]>]} {
  %false = hw.constant false
  %true = hw.constant true
  %c0 = hw.constant 0 : i3
  %c1 = hw.constant 1 : i3
  %c7 = hw.constant 7 : i3
  %z32 = hw.constant 0 : i32
  %busy = seq.compreg %busy_next, %clk reset %reset, %false {name = "busy"} : i1
  %ph = seq.compreg %ph_next, %clk reset %reset, %false {name = "ph"} : i1
  %done_r = seq.compreg %finish, %clk reset %reset, %false {name = "done_r"} : i1
  %i = seq.compreg %i_next, %clk reset %reset, %c0 {name = "i"} : i3
  %idle = comb.xor %busy, %true : i1
  %notdone = comb.xor %done_r, %true : i1
  %start = comb.and %go, %idle, %notdone : i1
  %nph = comb.xor %ph, %true : i1
  %reading = comb.and %busy, %nph : i1
  %writing = comb.and %busy, %ph : i1
  %last = comb.icmp eq %i, %c7 : i3
  %finish = comb.and %writing, %last : i1
  %nfinish = comb.xor %finish, %true : i1
  %keep = comb.and %busy, %nfinish : i1
  %busy_next = comb.or %start, %keep : i1
  %ph_next = comb.and %reading, %true : i1
  %inc = comb.add %i, %c1 : i3
  %i_step = comb.mux %writing, %inc, %i : i3
  %i_next = comb.mux %busy, %i_step, %c0 : i3
  %row = comb.extract %i from 2 : (i3) -> i1
  %col = comb.extract %i from 0 : (i3) -> i2
  // A's address is 0 outside the read cycle: only a registered read gives
  // the word of the element in the write cycle.
  %z2 = hw.constant 0 : i2
  %a_row = comb.mux %reading, %row, %false : i1
  %a_col = comb.mux %reading, %col, %z2 : i2
  %sum = comb.add %A_read_data, %B_read_data : i32
  hw.output %done_r, %a_row, %a_col, %z32, %false, %reading, %row, %col, %z32, %false, %reading,
            %row, %col, %sum, %writing, %false
      : i1, i1, i2, i32, i1, i1, i1, i2, i32, i1, i1, i1, i2, i32, i1, i1
}
