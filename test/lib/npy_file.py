"""Writes .npy files for the tests of the shared .npy header (core/npy.c),
without numpy, including ones NumPy would not write.

  npy_file.py OUT DESCR SHAPE [VALUE...] [--version=N] [--dict=TEXT] [--cut=BYTES]

DESCR is the element type ('<i4', '>i2', '|b1', '<f4'), SHAPE the sizes
('2,3'; '-' for a rank-0 array).  --version writes format N.0 (1, 2, 3; other
numbers are written as given, for the error tests), --dict writes TEXT as the
header dictionary instead of the one DESCR and SHAPE make (Python escapes
such as \\x01 decoded), --cut keeps only the first BYTES bytes of the file.
"""
import struct
import sys

CODES = {'b1': '?', 'i1': 'b', 'u1': 'B', 'i2': 'h', 'u2': 'H', 'i4': 'i', 'u4': 'I', 'i8': 'q', 'u8': 'Q',
         'f2': 'e', 'f4': 'f', 'f8': 'd'}


def main():
    opts = {a.split('=', 1)[0]: a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith('--')}
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    out, descr, shape, values = args[0], args[1], args[2], args[3:]
    dims = [] if shape == '-' else [int(d) for d in shape.split(',')]
    shp = '(%s)' % (', '.join(map(str, dims)) + (',' if len(dims) == 1 else ''))
    header = opts['--dict'].encode('latin-1').decode('unicode_escape') if '--dict' in opts else \
        "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shp)
    version = int(opts.get('--version', '1'))
    prefix = 10 if version == 1 else 12
    header += ' ' * ((64 - (prefix + len(header) + 1) % 64) % 64) + '\n'
    size = struct.pack('<H' if version == 1 else '<I', len(header))
    data = b'\x93NUMPY' + bytes([version, 0]) + size + header.encode()
    code = CODES.get(descr[1:])
    for v in values:
        data += struct.pack(('>' if descr[0] == '>' else '<') + code, float(v) if code in 'efd' else int(v))
    if '--cut' in opts:
        data = data[:int(opts['--cut'])]
    with open(out, 'wb') as f:
        f.write(data)


if __name__ == '__main__':
    main()
