# Writes a .npy of pseudo-random values of the given shape, without numpy:
# gen-npy.py SEED OUT TYPE D0 D1 ...  TYPE f4: f32 in [0, 1) (k/256, exact);
# i1: int8 in [-8, 8) (small, so DNN-style sums stay in range); i2: int16
# in [-1000, 1000) (an i16 gemm's operands, products summed in i32).
import random
import struct
import sys

seed, out, kind, shape = int(sys.argv[1]), sys.argv[2], sys.argv[3], [int(a) for a in sys.argv[4:]]
r = random.Random(seed)
n = 1
for d in shape:
    n *= d
dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
descr = {"f4": "<f4", "i1": "|i1", "i2": "<i2"}[kind]
hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
hdr += " " * ((64 - (10 + len(hdr) + 1) % 64) % 64) + "\n"
if kind == "f4":
    data = b"".join(struct.pack("<f", r.randrange(256) / 256.0) for _ in range(n))
elif kind == "i2":
    data = b"".join(struct.pack("<h", r.randrange(-1000, 1000)) for _ in range(n))
else:
    data = b"".join(struct.pack("<b", r.randrange(-8, 8)) for _ in range(n))
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
    f.write(data)
