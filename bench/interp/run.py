#!/usr/bin/env python3
"""Interpreter throughput: strata-run on a 2-D convolution (conv2d.mlir, in
arith + scf + memref), reported as operations executed per second.

    python3 bench/interp/run.py [-n RUNS] [--size N] [--kernel K]

Writes a random SIZE+K-1 square f32 image and a KxK kernel as .npy files
into bench/interp/out/, runs `strata-run --stats` RUNS times (the output
memref written back with --out), keeps the fastest run, and checks 500
output pixels bit for bit against a float32 computation in Python (each
product and sum rounded to float32, in the interpreter's order).

STRATA_RUN=path selects the binary (default build/bin/strata-run).
Exit status: 0 when every run succeeded and the check passed, 1 otherwise,
2 when strata-run is missing.
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def write_npy(path, h, w, vals):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (h, w)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(struct.pack('<%df' % len(vals), *vals))


def read_npy(path):
    data = open(path, 'rb').read()
    n = struct.unpack('<H', data[8:10])[0]
    body = data[10 + n:]
    return struct.unpack('<%df' % (len(body) // 4), body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', type=int, default=3, help='runs (the fastest is kept)')
    ap.add_argument('--size', type=int, default=256, help='output height and width')
    ap.add_argument('--kernel', type=int, default=5, help='kernel height and width')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    tool = os.environ.get('STRATA_RUN', os.path.join(ROOT, 'build', 'bin', 'strata-run'))
    if not os.path.exists(tool):
        print('run.py: %s not found (build first, or set STRATA_RUN)' % tool, file=sys.stderr)
        return 2
    out = os.path.join(HERE, 'out')
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(args.seed)
    n, k = args.size, args.kernel
    m = n + k - 1
    image = [f32(rnd.uniform(-1, 1)) for _ in range(m * m)]
    kern = [f32(rnd.uniform(-1, 1)) for _ in range(k * k)]
    paths = [os.path.join(out, p) for p in ('image.npy', 'kernel.npy', 'zeros.npy', 'result.npy')]
    write_npy(paths[0], m, m, image)
    write_npy(paths[1], k, k, kern)
    write_npy(paths[2], n, n, [0.0] * (n * n))
    cmd = [tool, os.path.join(HERE, 'conv2d.mlir'), '--entry=conv2d', '--arg=' + paths[0], '--arg=' + paths[1],
           '--arg=' + paths[2], '--out=2:' + paths[3], '--stats', '--max-steps=0']
    stat = re.compile(r'strata-run: (\d+) operations in ([\d.]+) s .*; CPU time ([\d.]+) s')
    best = None
    for _ in range(args.n):
        p = subprocess.run(cmd, capture_output=True, text=True)
        mt = stat.search(p.stderr)
        if p.returncode != 0 or not mt:
            print('run.py: strata-run failed:\n' + p.stderr, file=sys.stderr)
            return 1
        ops, wall, cpu = int(mt.group(1)), float(mt.group(2)), float(mt.group(3))
        if best is None or cpu < best[2]:
            best = (ops, wall, cpu)
    result = read_npy(paths[3])
    bad = 0
    for _ in range(500):
        y, x = rnd.randrange(n), rnd.randrange(n)
        acc = 0.0
        for ky in range(k):
            for kx in range(k):
                acc = f32(acc + f32(image[(y + ky) * m + x + kx] * kern[ky * k + kx]))
        if struct.pack('<f', acc) != struct.pack('<f', result[y * n + x]):
            bad += 1
    ops, wall, cpu = best
    print('conv2d %dx%d, %dx%d kernel: %d operations' % (n, n, k, k, ops))
    print('  fastest of %d runs: CPU %.3f s = %.3g operations/s (wall %.3f s = %.3g operations/s)' %
          (args.n, cpu, ops / cpu, wall, ops / wall))
    print('  500 sampled output pixels against float32 in Python: %s' % ('all equal' if not bad else '%d differ' % bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
