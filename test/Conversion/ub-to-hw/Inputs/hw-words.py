# Writes an image as stratac's --inputs file (one decimal word a line, row-major):
# pseudo-random pixels below 2^BITS.  hw-words.py COUNT BITS SEED OUT
import random
import sys

n, bits, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
r = random.Random(seed)
with open(out, "w") as f:
    f.write("".join("%d\n" % r.randrange(1 << bits) for _ in range(n)))
