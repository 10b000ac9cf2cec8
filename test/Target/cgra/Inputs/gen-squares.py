# Writes a binary PGM of bright squares on a dark ramp (corners for harris):
# gen-squares.py W H OUT
import sys

w, h, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
px = bytearray()
for y in range(h):
    for x in range(w):
        inside = (x // 8) % 2 == 1 and (y // 8) % 2 == 1
        px.append(200 if inside else (x + y) % 16)
with open(out, "wb") as f:
    f.write(b"P5\n%d %d\n255\n" % (w, h) + bytes(px))
