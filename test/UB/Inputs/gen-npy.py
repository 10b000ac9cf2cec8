# Writes a .npy of pseudo-random f32 values in [0, 1) (k/256, exact in
# f32) of the given shape, without numpy: gen-npy.py SEED OUT D0 D1 ...
import random
import struct
import sys

seed, out, shape = int(sys.argv[1]), sys.argv[2], [int(a) for a in sys.argv[3:]]
r = random.Random(seed)
n = 1
for d in shape:
    n *= d
dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
hdr += " " * ((64 - (10 + len(hdr) + 1) % 64) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
    f.write(b"".join(struct.pack("<f", r.randrange(256) / 256.0) for _ in range(n)))
