#!/usr/bin/env python3
"""Runs an examples/fpga kernel with strata-run on drawn inputs and checks
every memory it writes against a reference computed here in plain Python
(independent of Strata: loops over lists, C-style wrapping arithmetic).

usage: kernels.py KERNEL --work DIR [--seed N] [--src ROOT]
Prints 'KERNEL: <memory> ok (<n> elements)' per output memory, or the first
mismatch, and exits non-zero on any mismatch.  --inputs-only writes the drawn
inputs as .npy files (for stratac --inputs) and prints their paths.
"""
import argparse
import os
import random
import struct
import subprocess
import sys

DTYPES = {8: ('|i1', 'b'), 16: ('<i2', 'h'), 32: ('<i4', 'i'), 64: ('<i8', 'q')}


def wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def sdiv(a, b, bits):
    q = abs(a) // abs(b)
    return wrap(q if (a < 0) == (b < 0) else -q, bits)


def write_npy(path, shape, bits, flat):
    descr, code = DTYPES[bits]
    dims = ''.join('%d, ' % d for d in shape) if len(shape) == 1 else ', '.join(map(str, shape))
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    pad = 64 - (10 + len(hdr) + 1) % 64
    hdr = hdr + ' ' * pad + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode())
        f.write(struct.pack('<%d%s' % (len(flat), code), *flat))


def read_npy(path, bits):
    data = open(path, 'rb').read()
    major = data[6]
    if major == 1:
        hlen, start = struct.unpack('<H', data[8:10])[0], 10
    else:
        hlen, start = struct.unpack('<I', data[8:12])[0], 12
    body = data[start + hlen:]
    code = DTYPES[bits][1]
    n = len(body) // (bits // 8)
    return list(struct.unpack('<%d%s' % (n, code), body))


class Mem:
    """A row-major memory: flat list plus shape, indexed with tuples."""

    def __init__(self, shape, bits, flat):
        self.shape, self.bits, self.v = shape, bits, list(flat)

    def _i(self, idx):
        if not isinstance(idx, tuple):
            idx = (idx,)
        k = 0
        for d, i in zip(self.shape, idx):
            assert 0 <= i < d
            k = k * d + i
        return k

    def __getitem__(self, idx):
        return self.v[self._i(idx)]

    def __setitem__(self, idx, val):
        self.v[self._i(idx)] = wrap(val, self.bits)


# --------------------------------------------------------------- references

def ref_vadd(m):
    for i in range(64):
        m['C'][i] = m['A'][i] + m['B'][i]


def ref_dot(m):
    s = 0
    for i in range(64):
        s = wrap(s + m['A'][i] * m['B'][i], 32)
    m['R'][0] = s


def ref_gemm(m):
    A, B, C = m['A'], m['B'], m['C']
    for i in range(16):
        for j in range(16):
            C[i, j] = sum(A[i, k] * B[k, j] for k in range(16))


def ref_twomm(m):
    A, B, C, D = m['A'], m['B'], m['C'], m['D']
    tmp = Mem((8, 8), 32, [0] * 64)
    for i in range(8):
        for j in range(8):
            tmp[i, j] = sum(2 * A[i, k] * B[k, j] for k in range(8))
    for i in range(8):
        for j in range(8):
            D[i, j] = 3 * D[i, j] + sum(tmp[i, k] * C[k, j] for k in range(8))


def ref_jacobi1d(m):
    A, B = m['A'], m['B']
    for _ in range(4):
        for i in range(1, 31):
            B[i] = sdiv(wrap(A[i - 1] + A[i] + A[i + 1], 32), 3, 32)
        for i in range(1, 31):
            A[i] = B[i]


def ref_jacobi2d(m):
    A, B = m['A'], m['B']
    for _ in range(2):
        for i in range(1, 11):
            for j in range(1, 11):
                s = A[i, j] + A[i - 1, j] + A[i + 1, j] + A[i, j - 1] + A[i, j + 1]
                B[i, j] = sdiv(wrap(s, 32), 5, 32)
        for i in range(1, 11):
            for j in range(1, 11):
                A[i, j] = B[i, j]


def ref_blur(m):
    I, O = m['I'], m['O']
    w = ((1, 2, 1), (2, 4, 2), (1, 2, 1))
    for y in range(1, 63):
        for x in range(1, 63):
            s = sum(w[dy][dx] * I[y + dy - 1, x + dx - 1] for dy in range(3) for dx in range(3))
            O[y, x] = (s & 0xffffffff) >> 4


def ref_div8(m):
    for i in range(32):
        m['Q'][i] = sdiv(m['N'][i], m['D'][i], 8)


def ref_ifelse(m):
    A, B = m['A'], m['B']
    n = 0
    for i in range(32):
        x = A[i]
        if x > 0:
            r, n = wrap(3 * x, 32), n + 1
        else:
            r = wrap(-x, 32)
        B[i] = min(r, 50)
    m['N'][0] = n


def ref_calls(m):
    for i in range(16):
        x = m['A'][i]
        m['B'][i] = x * x + 3 * x + 1


def ref_par(m):
    for i in range(32):
        m['C'][i] = m['A'][i] + 7
        m['D'][i] = m['B'][i] * m['B'][i]


def ref_vpar(m):
    for i in range(64):
        m['C'][i] = (m['A'][i] + m['B'][i]) * m['A'][i]


def ref_saxpy(m):
    s, n = 0, 0
    for i in range(16):
        y = wrap(m['a'][0] * m['X'][i] + m['in2'][0], 32)
        m['Y'][i] = y
        s = wrap(s + y, 32)
        n = wrap(n + (1 if y > 0 else 0), 8)
    m['out0'][0] = s
    m['out1'][0] = n


def ref_calls_mem(m):
    A, B, R = m['A'], m['B'], m['R']
    for i in range(16):
        A[i] = A[i] * 3
    T = [wrap(B[i] * 2, 32) for i in range(16)]
    R[0] = sum(A[i] for i in range(16))
    R[1] = sum(T)


def ref_seqk(m):
    A, B = m['A'], m['B']
    T = [wrap(3 * A[i] - i, 32) for i in range(32)]
    for i in range(32):
        B[i] = T[i] if T[i] > 0 else T[31 - i] + 1
    for i in range(32):
        B[i] = 2 * B[i]
    A[0] = sum(B[i] for i in range(32))


def ref_pmix(m):
    A = m['A']
    for i in range(32):
        A[i] = A[i] + i
    for i in range(32):
        A[i] = A[i] * A[i]
    m['S'][0] = sum(A[i] for i in range(32))


def small(lo, hi):
    return lambda r, i: r.randint(lo, hi)


def nonzero_i8(r, i):
    return r.choice([v for v in range(-128, 128) if v not in (0, -1)])


# name: (file, entry, [(memory, shape, bits, draw or None = zeros)], reference)
KERNELS = {
    'vadd': ('vadd.mlir', 'vadd', [('A', (64,), 32, small(-1000, 1000)), ('B', (64,), 32, small(-1000, 1000)),
                                   ('C', (64,), 32, None)], ref_vadd),
    'dot': ('dot.mlir', 'dot', [('A', (64,), 32, small(-300, 300)), ('B', (64,), 32, small(-300, 300)),
                                ('R', (1,), 32, None)], ref_dot),
    'gemm': ('gemm.mlir', 'gemm', [('A', (16, 16), 32, small(-50, 50)), ('B', (16, 16), 32, small(-50, 50)),
                                   ('C', (16, 16), 32, None)], ref_gemm),
    '2mm': ('2mm.mlir', 'twomm', [('A', (8, 8), 32, small(-20, 20)), ('B', (8, 8), 32, small(-20, 20)),
                                  ('C', (8, 8), 32, small(-20, 20)), ('D', (8, 8), 32, small(-20, 20))],
            ref_twomm),
    'jacobi1d': ('jacobi1d.mlir', 'jacobi1d', [('A', (32,), 32, small(-1000, 1000)), ('B', (32,), 32, None)],
                 ref_jacobi1d),
    'jacobi2d': ('jacobi2d.mlir', 'jacobi2d', [('A', (12, 12), 32, small(-1000, 1000)),
                                               ('B', (12, 12), 32, None)], ref_jacobi2d),
    'blur': ('blur.mlir', 'blur', [('I', (64, 64), 32, small(0, 255)), ('O', (64, 64), 32, None)], ref_blur),
    'div8': ('div8.mlir', 'div8', [('N', (32,), 8, small(-128, 127)), ('D', (32,), 8, nonzero_i8),
                                   ('Q', (32,), 8, None)], ref_div8),
    'ifelse': ('ifelse.mlir', 'ifelse', [('A', (32,), 32, small(-40, 40)), ('B', (32,), 32, None),
                                         ('N', (1,), 32, None)], ref_ifelse),
    'calls': ('calls.mlir', 'calls', [('A', (16,), 32, small(-100, 100)), ('B', (16,), 32, None)], ref_calls),
    'par': ('par.mlir', 'par', [('A', (32,), 32, small(-500, 500)), ('B', (32,), 32, small(-500, 500)),
                                ('C', (32,), 32, None), ('D', (32,), 32, None)], ref_par),
    'vpar': ('../../test/Calyx/lower/Inputs/vadd-par.mlir', 'vpar',
             [('A', (64,), 32, small(-500, 500)), ('B', (64,), 32, small(-500, 500)), ('C', (64,), 32, None)],
             ref_vpar),
    'saxpy': ('../../test/Calyx/lower/Inputs/scalars.mlir', 'saxpy',
              [('a', (1,), 32, small(-50, 50)), ('X', (16,), 32, small(-50, 50)), ('in2', (1,), 16, small(-50, 50)),
               ('Y', (16,), 32, None), ('out0', (1,), 32, None), ('out1', (1,), 8, None)], ref_saxpy),
    'calls_mem': ('../../test/Calyx/lower/Inputs/calls-mem.mlir', 'calls_mem',
                  [('A', (16,), 32, small(-50, 50)), ('B', (16,), 32, small(-50, 50)), ('R', (2,), 32, None)],
                  ref_calls_mem),
    'seqk': ('../../test/Calyx/lower/Inputs/seq-mems.mlir', 'seqk',
             [('A', (32,), 32, small(-50, 50)), ('B', (32,), 32, None)], ref_seqk),
    'pmix': ('../../test/Calyx/lower/Inputs/par-mixed.mlir', 'pmix',
             [('A', (32,), 32, small(-50, 50)), ('S', (1,), 32, None)], ref_pmix),
}


def read_words(path, bits, n):
    if not os.path.exists(path):
        return [0] * n
    words = [l.split('#')[0].strip() for l in open(path)]
    return [wrap(int(w, 0), bits) for w in words if w]


def check_stratac(kernel, d, mems, ref):
    state, outs = {}, {}
    for name, shape, bits, _ in mems:
        n = 1
        for k in shape:
            n *= k
        state[name] = Mem(shape, bits, read_words(os.path.join(d, 'inputs', name + '.txt'), bits, n))
        outs[name] = read_words(os.path.join(d, 'outputs', name + '.txt'), bits, n)
    ref(state)
    bad = 0
    for name, _, _, _ in mems:
        want, got = state[name].v, outs[name]
        if got != want:
            k = next(i for i in range(len(want)) if got[i] != want[i])
            print('%s: hardware %s MISMATCH at flat index %d: got %d, want %d' % (kernel, name, k, got[k], want[k]))
            bad += 1
        else:
            print('%s: hardware %s ok (%d elements)' % (kernel, name, len(want)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('kernel', choices=sorted(KERNELS))
    ap.add_argument('--work')
    ap.add_argument('--stratac-dir', help='check a stratac run: DIR/inputs/*.txt through the reference against '
                    'DIR/outputs/*.txt (the simulated hardware)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--src', default=os.path.join(os.path.dirname(__file__), '..', '..', '..', '..'))
    ap.add_argument('--inputs-only', action='store_true')
    ap.add_argument('--file', help='run this file instead of the kernel\'s (tests of the checker)')
    a = ap.parse_args()
    fname, entry, mems, ref = KERNELS[a.kernel]
    if a.stratac_dir:
        return check_stratac(a.kernel, a.stratac_dir, mems, ref)
    os.makedirs(a.work, exist_ok=True)
    rng = random.Random(a.seed)
    state, ins = {}, []
    for name, shape, bits, draw in mems:
        n = 1
        for d in shape:
            n *= d
        flat = [draw(rng, i) if draw else 0 for i in range(n)]
        state[name] = Mem(shape, bits, flat)
        path = os.path.join(a.work, '%s.npy' % name)
        write_npy(path, shape, bits, flat)
        ins.append(path)
    if a.inputs_only:
        print(' '.join(ins))
        return 0
    path = a.file or os.path.join(a.src, 'examples', 'fpga', fname)
    cmd = ['strata-run', path, '--entry=' + entry]
    cmd += ['--arg=memref:' + p for p in ins]
    outs = [os.path.join(a.work, '%s.out.npy' % m[0]) for m in mems]
    cmd += ['--out=%d:%s' % (i, p) for i, p in enumerate(outs)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    ref(state)
    bad = 0
    for (name, shape, bits, draw), path in zip(mems, outs):
        got = read_npy(path, bits)
        want = state[name].v
        if got != want:
            k = next(i for i in range(len(want)) if got[i] != want[i])
            print('%s: %s MISMATCH at flat index %d: got %d, want %d' % (a.kernel, name, k, got[k], want[k]))
            bad += 1
        else:
            print('%s: %s ok (%d elements)' % (a.kernel, name, len(want)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
