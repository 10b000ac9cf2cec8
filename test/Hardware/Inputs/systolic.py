#!/usr/bin/env python3
"""Writes the 4x4 systolic array of the design suite: a MAC cell (registers
pass `a` right and `b` down, a 24-bit accumulator adds a*b, `clear` zeroes
it) instantiated 16 times with hw.instance; row inputs enter from the
left, column inputs from the top, every accumulator is an output."""

N = 4
print('''hw.module @mac_cell(in %clk : !seq.clock, in %rst : i1, in %clear : i1, in %a_in : i8, in %b_in : i8,
                    out a_out : i8, out b_out : i8, out acc : i24) {
  %c0_8 = hw.constant 0 : i8
  %c0_16 = hw.constant 0 : i16
  %c0_24 = hw.constant 0 : i24
  %a = seq.compreg %a_in, %clk reset %rst, %c0_8 {name = "a"} : i8
  %b = seq.compreg %b_in, %clk reset %rst, %c0_8 {name = "b"} : i8
  %a16 = comb.concat %c0_8, %a_in : i8, i8
  %b16 = comb.concat %c0_8, %b_in : i8, i8
  %p = comb.mul %a16, %b16 : i16
  %p24 = comb.concat %c0_8, %p : i8, i16
  %sum = comb.add %acc, %p24 : i24
  %next = comb.mux %clear, %c0_24, %sum : i24
  %acc = seq.compreg %next, %clk reset %rst, %c0_24 {name = "acc"} : i24
  hw.output %a, %b, %acc : i8, i8, i24
}''')
ins = ['in %clk : !seq.clock', 'in %rst : i1', 'in %clear : i1']
ins += ['in %%row%d : i8' % i for i in range(N)] + ['in %%col%d : i8' % j for j in range(N)]
outs = ['out acc%d%d : i24' % (i, j) for i in range(N) for j in range(N)]
print('hw.module @systolic(%s) attributes {hw.top} {' % ', '.join(ins + outs))
for i in range(N):
    for j in range(N):
        a = '%%row%d' % i if j == 0 else '%%a%d%d' % (i, j - 1)
        b = '%%col%d' % j if i == 0 else '%%b%d%d' % (i - 1, j)
        print('  %%a%d%d, %%b%d%d, %%acc%d%d = hw.instance "pe%d%d" @mac_cell(clk: %%clk: !seq.clock, rst: %%rst: i1, '
              'clear: %%clear: i1, a_in: %s: i8, b_in: %s: i8) -> (a_out: i8, b_out: i8, acc: i24)'
              % (i, j, i, j, i, j, i, j, a, b))
print('  hw.output %s : %s' % (', '.join('%%acc%d%d' % (i, j) for i in range(N) for j in range(N)),
                               ', '.join(['i24'] * N * N)))
print('}')
