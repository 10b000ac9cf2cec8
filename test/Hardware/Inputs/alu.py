#!/usr/bin/env python3
"""Writes the ALU of the design suite: one module per width (1, 7, 32, 65)
with an output for each comb op, instantiated by a top module.  Shift
amounts are reduced modulo the width half of the time (so that shifts do
not all run past the width), and divisors are forced to 0 when `z` is set
(division by zero must give 0 in both simulators)."""

WIDTHS = (1, 7, 32, 65)
PREDICATES = ('eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge')


def alu(w):
    t = 'i%d' % w
    out = []
    body = []
    def res(name, typ, text):
        # Ports are named y_<op>: `and`, `or` and `xor` are Verilog keywords.
        body.append('  %%y_%s = %s' % (name, text))
        out.append(('y_' + name, typ))
    body.append('  %%wconst = hw.constant %d : %s' % (w % (1 << w), t))
    body.append('  %%zmask = comb.replicate %%nz : (i1) -> %s' % t)
    body.append('  %%bz = comb.and %%b, %%zmask : %s' % t)
    body.append('  %amt_mod = comb.modu %b, %wconst : ' + t)
    body.append('  %%amt = comb.mux %%s, %%amt_mod, %%b : %s' % t)
    res('add', t, 'comb.add %%a, %%b, %%c : %s' % t)
    res('mul', t, 'comb.mul %%a, %%b : %s' % t)
    res('and', t, 'comb.and %%a, %%b, %%c : %s' % t)
    res('or', t, 'comb.or %%a, %%b : %s' % t)
    res('xor', t, 'comb.xor %%a, %%b, %%c : %s' % t)
    res('sub', t, 'comb.sub %%a, %%b : %s' % t)
    for op in ('divu', 'divs', 'modu', 'mods'):
        res(op, t, 'comb.%s %%a, %%bz : %s' % (op, t))
    for op in ('shl', 'shru', 'shrs'):
        res(op, t, 'comb.%s %%a, %%amt : %s' % (op, t))
    cmps = []
    for p in PREDICATES:
        body.append('  %%cmp_%s = comb.icmp %s %%a, %%b : %s' % (p, p, t))
        cmps.append('%cmp_' + p)
    res('cmp', 'i10', 'comb.concat %s : %s' % (', '.join(cmps), ', '.join(['i1'] * 10)))
    res('mux', t, 'comb.mux %%s, %%a, %%b : %s' % t)
    res('cat', 'i%d' % (2 * w), 'comb.concat %%a, %%b : %s, %s' % (t, t))
    lo = 1 if w > 1 else 0
    res('ext', 'i%d' % (w - lo), 'comb.extract %%a from %d : (%s) -> i%d' % (lo, t, w - lo))
    res('rep', 'i%d' % (3 * w), 'comb.replicate %%a : (%s) -> i%d' % (t, 3 * w))
    res('par', 'i1', 'comb.parity %%a : %s' % t)
    ports = ['in %%a : %s' % t, 'in %%b : %s' % t, 'in %%c : %s' % t, 'in %s : i1', 'in %nz : i1']
    ports += ['out %s : %s' % (n, ty) for n, ty in out]
    text = ['hw.module @alu_w%d(%s) {' % (w, ', '.join(ports))]
    text += body
    text.append('  hw.output %s : %s' % (', '.join('%' + n for n, _ in out), ', '.join(ty for _, ty in out)))
    text.append('}')
    return '\n'.join(text), out


def main():
    mods, tops_in, tops_out, insts, outs = [], [], [], [], []
    for w in WIDTHS:
        text, out = alu(w)
        mods.append(text)
        t = 'i%d' % w
        for n in ('a', 'b', 'c'):
            tops_in.append('in %%%s%d : %s' % (n, w, t))
        tops_in += ['in %%s%d : i1' % w, 'in %%nz%d : i1' % w]
        results = ', '.join('%%%s%d' % (n, w) for n, _ in out)
        insts.append('  %s = hw.instance "alu%d" @alu_w%d(a: %%a%d: %s, b: %%b%d: %s, c: %%c%d: %s, s: %%s%d: i1, '
                     'nz: %%nz%d: i1) -> (%s)'
                     % (results, w, w, w, t, w, t, w, t, w, w, ', '.join('%s: %s' % (n, ty) for n, ty in out)))
        for n, ty in out:
            tops_out.append('out %s%d : %s' % (n, w, ty))
            outs.append(('%%%s%d' % (n, w), ty))
    print('\n'.join(mods))
    print('hw.module @alu(%s) attributes {hw.top} {' % ', '.join(tops_in + tops_out))
    print('\n'.join(insts))
    print('  hw.output %s : %s' % (', '.join(v for v, _ in outs), ', '.join(t for _, t in outs)))
    print('}')


main()
