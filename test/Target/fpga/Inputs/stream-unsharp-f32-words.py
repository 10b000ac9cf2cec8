# Writes an f32 image as stratac's --inputs file, each word the float's
# bits in hex: pixels in [0, 256) with random fractions, and among them
# values that stress the datapath: zeros of both signs, negatives, tiny
# (subnormal) and huge values.  stream-unsharp-f32-words.py COUNT SEED OUT
import random
import struct
import sys

SPECIAL = [0.0, -0.0, -1.5, 1e-40, -3e-39, 3.0e38, 1e-3, 0.01, 255.0]
n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(seed)
vals = [r.uniform(0.0, 256.0) for _ in range(n)]
for k in range(0, n, 97):
    vals[k] = SPECIAL[(k // 97) % len(SPECIAL)]
with open(out, "w") as f:
    f.write("".join("0x%08x\n" % struct.unpack("<I", struct.pack("<f", v))[0] for v in vals))
