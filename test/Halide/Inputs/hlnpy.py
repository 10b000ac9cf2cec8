#!/usr/bin/env python3
"""Inputs and comparisons for the .hl tests (no numpy needed).

  hlnpy.py gen PROG.hl IR.mlir DIR
      writes DIR/in<i>.npy for every ImageParam of PROG.hl, shaped as the
      lowered function's memref arguments in IR.mlir, and DIR/run-args
      (strata-run's --arg list: the inputs, then zero-filled outputs) and
      DIR/eval-args (strata-hl-eval's).  An element's value depends only on
      its input, coordinates and the seed, so inputs of different sizes
      agree where they overlap.
  hlnpy.py cmp A.npy B.npy [--ulp N]
      compares element data bit for bit (integers of either signedness);
      f32 elements may differ by N units in the last place.
"""
import os
import re
import struct
import subprocess
import sys

TYPES = {('UInt', 8): ('u8', 1), ('UInt', 16): ('u16', 2), ('UInt', 32): ('u32', 4),
         ('Int', 8): ('i8', 1), ('Int', 16): ('i16', 2), ('Int', 32): ('i32', 4),
         ('Float', 32): ('f32', 4), ('BFloat', 16): ('bf16', 2)}
SHORT = {v[0]: v for v in TYPES.values()}
DESCR = {'u8': '|u1', 'i8': '|i1', 'u16': '<u2', 'i16': '<i2', 'u32': '<u4', 'i32': '<i4', 'f32': '<f4',
         'bf16': '<u2'}


def run(cmd):
    """Runs a tool; its output, or exits with its messages."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        sys.exit('failed: ' + ' '.join(cmd))
    return r.stdout


def write_npy(path, descr, shape, payload):
    dims = ', '.join(str(s) for s in shape) + (',' if len(shape) == 1 else '')
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    pad = (64 - (10 + len(hdr) + 1) % 64) % 64
    hdr = hdr + ' ' * pad + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode() + payload)


def read_npy(path):
    data = open(path, 'rb').read()
    if data[:6] != b'\x93NUMPY':
        sys.exit('hlnpy: %s is not a .npy file' % path)
    if data[6] == 1:
        hlen, start = struct.unpack('<H', data[8:10])[0], 10
    else:
        hlen, start = struct.unpack('<I', data[8:12])[0], 12
    hdr = data[start:start + hlen].decode()
    descr = re.search(r"'descr': '([^']*)'", hdr).group(1)
    shape = tuple(int(s) for s in re.findall(r'\d+', re.search(r"'shape': \(([^)]*)\)", hdr).group(1)))
    return descr, shape, data[start + hlen:]


def value(kind, seed, coords):
    h = (seed * 0x9E3779B1) & 0xffffffff
    for c in coords:
        h = ((h ^ (c & 0xffffffff)) * 0x01000193 + 0x7F4A7C15) & 0xffffffff
        h ^= h >> 15
    h = (h * 0x2C1B3C6D) & 0xffffffff
    h ^= h >> 13
    if kind in ('u8', 'i8', 'u16', 'i16', 'u32', 'i32'):
        bits = int(kind[1:])
        v = h & ((1 << bits) - 1)
        return struct.pack('<' + {8: 'B', 16: 'H', 32: 'I'}[bits], v)
    f = (h % 4096) / 256.0 - 4.0  # exact in f32 and bf16's 8 bits? f32 only
    if kind == 'f32':
        return struct.pack('<f', f)
    bits = struct.unpack('<I', struct.pack('<f', f))[0]
    return struct.pack('<H', bits >> 16)


def memref_args(ir):
    m = re.search(r'func\.func @\w+\((.*)\)\s*(attributes|\{)', ir)
    if not m:
        sys.exit('hlnpy: no func.func in the IR')
    return [tuple(int(d) for d in re.findall(r'(\d+)x', a)) for a in re.findall(r'memref<([0-9x]+)[a-z]', m.group(1))]


def gen(prog, irfile, outdir):
    text = open(prog).read()
    inputs = re.findall(r'ImageParam\s+(\w+)\s*\(\s*(UInt|Int|Float|BFloat)\s*\(\s*(\d+)\s*\)', text)
    shapes = memref_args(open(irfile).read())
    os.makedirs(outdir, exist_ok=True)
    run, ev = [], []
    for i, (name, code, bits) in enumerate(inputs):
        kind = TYPES[(code, int(bits))][0]
        shape = shapes[i]
        payload = bytearray()
        total = 1
        for s in shape:
            total *= s
        for k in range(total):
            coords, rem = [], k
            for s in reversed(shape):
                coords.append(rem % s)
                rem //= s
            payload += value(kind, i + 1, coords)
        path = os.path.join(outdir, 'in%d.npy' % i)
        write_npy(path, DESCR[kind], shape, bytes(payload))
        run.append('--arg=memref:' + path)
        ev.append('--arg=' + path)
    for _ in shapes[len(inputs):]:
        run.append('--arg=memref:zeros')
    open(os.path.join(outdir, 'run-args'), 'w').write(' '.join(run) + '\n')
    open(os.path.join(outdir, 'eval-args'), 'w').write(' '.join(ev) + '\n')


def cmp(a, b, ulp):
    da, sa, pa = read_npy(a)
    db, sb, pb = read_npy(b)
    if sa != sb or da[2:] != db[2:] or len(pa) != len(pb):
        sys.exit('hlnpy: %s is %s %s, %s is %s %s' % (a, da, sa, b, db, sb))
    size = int(da[2:])
    bad = 0
    for k in range(0, len(pa), size):
        x, y = pa[k:k + size], pb[k:k + size]
        if x == y:
            continue
        if da[1] == 'f' and ulp:
            ix, iy = struct.unpack('<i', x)[0], struct.unpack('<i', y)[0]
            if (ix < 0) == (iy < 0) and abs(ix - iy) <= ulp:
                continue
        if bad < 5:
            print('hlnpy: element %d differs: %s vs %s' % (k // size, x.hex(), y.hex()))
        bad += 1
    if bad:
        sys.exit('hlnpy: %d of %d elements differ' % (bad, len(pa) // size))
    print('hlnpy: %d elements equal' % (len(pa) // size))


if __name__ == '__main__':
    if len(sys.argv) == 5 and sys.argv[1] == 'gen':
        gen(*sys.argv[2:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'cmp':
        ulp = int(sys.argv[5]) if len(sys.argv) == 6 and sys.argv[4] == '--ulp' else 0
        cmp(sys.argv[2], sys.argv[3], ulp)
    else:
        sys.exit(__doc__)
