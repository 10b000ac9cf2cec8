# Writes f32 words for stratac's --inputs (one hex bit pattern a line):
# special values (signed zeros, subnormals, the extremes, infinities, NaNs,
# 1.0), then random patterns from SEED.  f32-words.py COUNT SEED OUT [finite]
# With `finite`, no infinity, NaN or huge value: a reduction over such words
# would carry the first NaN to the end, hiding everything after it.
import random
import sys

SPECIAL = [0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x7f7fffff, 0xff800000, 0x7f800000,
           0x7fc00000, 0xff800001, 0x3f800000, 0xbf800000, 0x00800000]
n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
finite = sys.argv[4:] == ["finite"]
r = random.Random(seed)
special = [w for w in SPECIAL if not finite or (w >> 23) & 0xff < 0xfe]
words = (special * (1 + n // len(special)))[: n // (4 if finite else 2)]
words += [r.getrandbits(32) if r.random() < (0 if finite else 0.3)
          else (r.getrandbits(1) << 31) | (r.randint(100, 154) << 23) | r.getrandbits(23)
          for _ in range(n - len(words))]
r.shuffle(words)
with open(out, "w") as f:
    f.write("".join("0x%08x\n" % w for w in words))
