# Writes a binary PGM of pseudo-random 8-bit pixels: gen-pgm.py W H SEED OUT
import random
import sys

w, h, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
r = random.Random(seed)
with open(out, "wb") as f:
    f.write(b"P5\n%d %d\n255\n" % (w, h) + bytes(r.randrange(256) for _ in range(w * h)))
