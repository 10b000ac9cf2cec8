# Writes f32 (or f64) words for stratac's --inputs (one hex bit pattern a
# line): special values (signed zeros, subnormals, the extremes,
# infinities, NaNs, 1.0), then random patterns from SEED.
# f32-words.py COUNT SEED OUT [finite] [f64]
# With `finite`, no infinity, NaN or huge value: a reduction over such words
# would carry the first NaN to the end, hiding everything after it.  With
# `f64`, binary64 words.
import random
import sys

SPECIAL = [0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x7f7fffff, 0xff800000, 0x7f800000,
           0x7fc00000, 0xff800001, 0x3f800000, 0xbf800000, 0x00800000]
SPECIAL64 = [0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x800fffffffffffff,
             0x7fefffffffffffff, 0xfff0000000000000, 0x7ff0000000000000, 0x7ff8000000000000,
             0xfff0000000000001, 0x3ff0000000000000, 0xbff0000000000000, 0x0010000000000000,
             0x36a0000000000000, 0x47effffff0000000]
n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
finite, wide = "finite" in sys.argv[4:], "f64" in sys.argv[4:]
w, e, bias, spread = (64, 11, 1023, 40) if wide else (32, 8, 127, 27)
r = random.Random(seed)
special = [x for x in (SPECIAL64 if wide else SPECIAL) if not finite or (x >> (w - 1 - e)) & ((1 << e) - 1) < (1 << e) - 2]
words = (special * (1 + n // len(special)))[: n // (4 if finite else 2)]
words += [r.getrandbits(w) if r.random() < (0 if finite else 0.3)
          else (r.getrandbits(1) << (w - 1)) | (r.randint(bias - spread, bias + spread) << (w - 1 - e)) | r.getrandbits(w - 1 - e)
          for _ in range(n - len(words))]
r.shuffle(words)
with open(out, "w") as f:
    f.write("".join("0x%0*x\n" % (w // 4, x) for x in words))
