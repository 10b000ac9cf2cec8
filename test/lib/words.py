#!/usr/bin/env python3
"""Writes stratac --inputs files (docs/stratac.md: <DIR>/<buffer>.txt, one
word a line) of chosen values, for kernels whose inputs must make sense
(indices in range, positive floats, a graph).

Usage: words.py DIR [--seed N] BUFFER=COUNT:KIND[:LO:HI] ...

KIND is iN (integers in [LO, HI), as N-bit words), f32 or f64 (floats in
[LO, HI), as their bits), or csr (the row pointers of a graph of COUNT-1
vertices and HI edges: non-decreasing from 0 to HI).  The words of a
buffer depend on the seed and the buffer's name only.
"""

import random
import struct
import sys


def words(name, count, kind, lo, hi, seed):
    r = random.Random('%d:%s' % (seed, name))
    if kind == 'csr':
        cuts = sorted(r.randrange(0, int(hi) + 1) for _ in range(count - 2))
        return [0] + cuts + [int(hi)]
    if kind in ('f32', 'f64'):
        fmt, ifmt = ('<f', '<I') if kind == 'f32' else ('<d', '<Q')
        return [struct.unpack(ifmt, struct.pack(fmt, r.uniform(lo, hi)))[0] for _ in range(count)]
    if kind.startswith('i') and kind[1:].isdigit():
        bits = int(kind[1:])
        return [r.randrange(int(lo), int(hi)) & ((1 << bits) - 1) for _ in range(count)]
    raise ValueError('unknown kind %r' % kind)


def main(argv):
    if len(argv) < 2 or argv[0].startswith('-'):
        print(__doc__.strip())
        return 2
    out, seed, specs = argv[0], 1, argv[1:]
    if specs[:1] == ['--seed']:
        seed, specs = int(specs[1]), specs[2:]
    import os
    os.makedirs(out, exist_ok=True)
    for spec in specs:
        name, rest = spec.split('=', 1)
        parts = rest.split(':')
        count, kind = int(parts[0]), parts[1]
        lo, hi = (float(parts[2]), float(parts[3])) if len(parts) == 4 else (0.0, 64.0)
        with open(os.path.join(out, name + '.txt'), 'w') as f:
            f.write(''.join('%d\n' % w for w in words(name, count, kind, lo, hi, seed)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
