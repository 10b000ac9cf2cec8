"""Writes and reads the files of memref-io.test without numpy: .npy
(format 1.0) and binary Netpbm.

  files.py npy PATH DTYPE SHAPE VALUES...     e.g. npy a.npy <i4 2,3 1 2 3 4 5 6
  files.py pgm PATH W H MAXVAL VALUES...
  files.py ppm PATH W H MAXVAL VALUES...
  files.py show PATH                          prints the header and the values
"""
import struct
import sys

CODES = {'b1': '?', 'i1': 'b', 'u1': 'B', 'i2': 'h', 'u2': 'H', 'i4': 'i', 'u4': 'I', 'i8': 'q', 'u8': 'Q',
         'f2': 'e', 'f4': 'f', 'f8': 'd'}


def write_npy(path, dtype, shape, values):
    dims = [int(d) for d in shape.split(',') if d]
    shp = '(%s)' % (', '.join(map(str, dims)) + (',' if len(dims) == 1 else ''))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shp)
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header += ' ' * pad + '\n'
    order = '>' if dtype[0] == '>' else '<'
    code = CODES[dtype[1:]]
    conv = float if code in 'efd' else int
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        for v in values:
            f.write(struct.pack(order + code, conv(v)))


def write_pnm(path, magic, w, h, maxval, values):
    with open(path, 'wb') as f:
        f.write(b'%s\n# made by files.py\n%d %d\n%d\n' % (magic, int(w), int(h), int(maxval)))
        for v in values:
            f.write(struct.pack('>H' if int(maxval) > 255 else 'B', int(v)))


def show(path):
    data = open(path, 'rb').read()
    if data.startswith(b'\x93NUMPY'):
        n = struct.unpack('<H', data[8:10])[0]
        header = data[10:10 + n].decode().strip()
        print(header)
        descr = header.split("'descr': '")[1].split("'")[0]
        size = int(descr[2:])
        body = data[10 + n:]
        vals = [struct.unpack('<' + CODES[descr[1:]], body[i:i + size])[0] for i in range(0, len(body), size)]
        print(' '.join(str(v) for v in vals))
    else:
        fields = data.split(maxsplit=4)
        magic, w, h, maxval = fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[3])
        print(magic, w, h, maxval)
        body = fields[4]
        size = 2 if maxval > 255 else 1
        print(' '.join(str(int.from_bytes(body[i:i + size], 'big')) for i in range(0, len(body), size)))


def main():
    kind, path = sys.argv[1], sys.argv[2]
    if kind == 'npy':
        write_npy(path, sys.argv[3], sys.argv[4], sys.argv[5:])
    elif kind in ('pgm', 'ppm'):
        write_pnm(path, b'P5' if kind == 'pgm' else b'P6', *sys.argv[3:6], sys.argv[6:])
    else:
        show(path)


if __name__ == '__main__':
    main()
