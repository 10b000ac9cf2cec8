# Plays a convert-ub-to-hw stream module in strata-hwsim (the in-tree
# simulator, independent of Verilator) and compares its output stream with
# the interpreter's result, element for element:
#   hw-stream.py DESIGN.mlir MODULE INPUT.pgm REFERENCE.npy
# One input stream and one output stream: the input is offered one pixel a
# cycle (its ready must be high in every such cycle: the stream modules of a
# one-pixel-per-cycle schedule take one each cycle), each cycle whose output
# valid is high gives one value per lane (ports <name>_data<lane>), stored
# as the next elements, as stratac's testbench does.
import re
import struct
import subprocess
import sys

design, module, pgm, ref = sys.argv[1:5]
text = open(design).read()
head = re.search(r"hw\.module @%s\((.*?)\) attributes \{(.*?)\} \{\n" % re.escape(module), text, re.S)
if not head:
    sys.exit("hw-stream: no module @%s in %s" % (module, design))
ports = re.findall(r"(in|out) %?(\w+) : ([!\w.]+)", head.group(1))
ins = [name for d, name, ty in ports if d == "in" and not ty.startswith("!seq")]
outs = [name for d, name, ty in ports if d == "out"]
latency = int(re.search(r"ub\.latency = (\d+)", head.group(2)).group(1))

with open(pgm, "rb") as f:
    raw = f.read()
fields = raw.split(maxsplit=4)
w, h = int(fields[1]), int(fields[2])
pixels = list(raw[len(raw) - w * h:])

# Two reset cycles, then one pixel a cycle until done can have risen.
lines = []
for cycle in range(2 + latency + 2):
    n = cycle - 2
    vals = {"reset": 1 if n < 0 else 0}
    for name in ins:
        if name.endswith("_valid"):
            vals[name] = 1 if 0 <= n < len(pixels) else 0
        elif name.endswith("_data"):
            vals[name] = pixels[n] if 0 <= n < len(pixels) else 0
    lines.append(" ".join("%x" % vals.get(name, 0) for name in ins))
with open(design + ".stim", "w") as f:
    f.write("\n".join(lines) + "\n")
run = subprocess.run(["strata-hwsim", design, "--stimulus=" + design + ".stim", "--top=" + module],
                     capture_output=True, text=True)
if run.returncode:
    sys.exit("hw-stream: strata-hwsim failed:\n" + run.stderr)

col = {name: i for i, name in enumerate(outs)}
ready = [c for c in outs if c.endswith("_ready")]
valid = [c for c in outs if c.endswith("_valid")]
data = sorted((c for c in outs if re.search(r"_data\d*$", c)), key=lambda c: int(re.sub(r".*_data", "", c) or 0))
got = []
for cycle, line in enumerate(run.stdout.split("\n")[2:2 + latency]):
    v = [int(x, 16) for x in line.split()]
    if cycle < len(pixels) and not v[col[ready[0]]]:
        sys.exit("hw-stream: the input was not taken in cycle %d" % cycle)
    if v[col[valid[0]]]:
        got += [v[col[c]] for c in data]

with open(ref, "rb") as f:
    blob = f.read()
hlen = struct.unpack("<H", blob[8:10])[0]
header = blob[10:10 + hlen].decode()
size = {"u1": 1, "i1": 1, "u2": 2, "i2": 2, "u4": 4, "i4": 4, "u8": 8, "i8": 8}[re.search(r"'descr': '.(\w+)'", header).group(1)]
body = blob[10 + hlen:]
want = [int.from_bytes(body[i:i + size], "little") for i in range(0, len(body), size)]
if len(got) != len(want):
    sys.exit("hw-stream: the design gave %d values, the interpreter %d" % (len(got), len(want)))
for i, (a, b) in enumerate(zip(got, want)):
    if a != b:
        sys.exit("hw-stream: mismatch at element %d: the design has %d, the interpreter %d" % (i, a, b))
print("hw-stream: %d values match" % len(got))
