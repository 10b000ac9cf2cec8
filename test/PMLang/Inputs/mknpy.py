"""Writes a .npy array for the PMLang tests (no numpy needed):
    mknpy.py OUT DTYPE SHAPE VALUES...
DTYPE is f4, f8, i4 or i8; SHAPE is comma-separated (e.g. 2,3); VALUES are
row-major.  A single VALUE of the form @seed:lo:hi fills the array with
pseudo-random numbers in [lo, hi) (integers for i4/i8) drawn by a fixed
linear congruential generator, so tests are reproducible."""
import struct
import sys


def main():
    out, dtype, shape = sys.argv[1], sys.argv[2], [int(x) for x in sys.argv[3].split(',') if x]
    n = 1
    for d in shape:
        n *= d
    vals = sys.argv[4:]
    if len(vals) == 1 and vals[0].startswith('@'):
        seed, lo, hi = vals[0][1:].split(':')
        state, lo, hi, vals = int(seed), float(lo), float(hi), []
        for _ in range(n):
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            u = (state >> 11) / float(1 << 53)
            v = lo + (hi - lo) * u
            vals.append(str(int(v) if dtype[0] == 'i' else v))
    if len(vals) != n:
        sys.exit('mknpy: %d values for shape %s' % (len(vals), shape))
    fmt = {'f4': 'f', 'f8': 'd', 'i4': 'i', 'i8': 'q'}[dtype]
    data = b''.join(struct.pack('<' + fmt, float(v) if dtype[0] == 'f' else int(v)) for v in vals)
    shp = '(' + ''.join('%d, ' % d for d in shape) + ')' if len(shape) != 1 else '(%d,)' % shape[0]
    if not shape:
        shp = '()'
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shp)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(out, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode() + data)


main()
