"""Execution tests of arith-soft-float: for each SPEC, writes DIR/SPEC/f.mlir,
a function @f storing, for each pair of i32 bit patterns (a[i], b[i]), the
bits of the op's results at o[k*N + i], with the patterns in a.npy, b.npy:
the special values (zeros, subnormals, the least and greatest normals,
infinities, quiet and signaling NaNs, 1.0 and its neighbours, integer
limits) against each other, then patterns drawn from a fixed seed, mixed to
reach cancellation, near-halfway rounding, underflow to subnormals and
overflow.  It runs @f with strata-run before and after strata-opt
--arith-soft-float (the interpreter before the lowering is the reference),
compares the outputs bit for bit and prints, per SPEC, how many results
differ and the first differences; exit status 1 if any does.

usage: sfcheck.py DIR STRATA_OPT STRATA_RUN SPEC...
SPEC: addf subf mulf divf maximumf minimumf maxnumf minnumf negf cmpf const
select sqrt exp log absf, or sitofp:iW uitofp:iW fptosi:iW fptoui:iW (W <= 32)."""
import subprocess
import math
import os
import random
import struct
import sys

SPECIAL = [
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x00000003, 0x00400000,
    0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x00800001, 0x7f7fffff,
    0xff7fffff, 0x7f7ffffe, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
    0x7f800001, 0xff800001, 0x7fbfffff, 0x7fc12345, 0x3f800000, 0xbf800000,
    0x3f800001, 0x3f7fffff, 0x40000000, 0x3fc00000, 0x40400000, 0x3eaaaaab,
    0x3c23d70a, 0x33800000, 0x34000000, 0x4b000000, 0x4b7fffff, 0x4affffff,
    0x4effffff, 0x4f000000, 0xcf000000, 0x4f800000, 0x42fe0000, 0xc3000000,
    0x437f0000, 0x0d800000, 0x72800000, 0x1f800000, 0x5f000000,
]

BINARY = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
        "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]
CONSTS = [0x00000000, 0x80000000, 0x00000001, 0x7f800000, 0xff800000,
          0x7fc00000, 0x7f800001, 0x3f800000, 0xbe99999a, 0x7f7fffff]


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def rand_float(rng):
    """A pattern whose exponent is drawn from a mix of ranges."""
    r = rng.random()
    if r < 0.3:
        return rng.getrandbits(32)
    if r < 0.6:
        e = rng.randint(100, 154)
    elif r < 0.8:
        e = rng.choice([0, 1, 2, rng.randint(0, 30), rng.randint(220, 254), 254, 255])
    else:
        e = rng.randint(0, 255)
    m = rng.getrandbits(23)
    if rng.random() < 0.2:
        m &= ~((1 << rng.randint(1, 23)) - 1)  # trailing zeros: exact cases
    return (rng.getrandbits(1) << 31) | (e << 23) | m


def near(rng, a):
    """A partner of `a`: close exponent, nearby value, or half an ulp."""
    e, s = (a >> 23) & 0xff, a & 0x80000000
    r = rng.random()
    if r < 0.3:
        return (a + rng.randint(-3, 3)) & 0xffffffff ^ (rng.getrandbits(1) << 31)
    if r < 0.6:
        e2 = max(0, min(254, e + rng.randint(-26, 26)))
        return (rng.getrandbits(1) << 31) | (e2 << 23) | rng.getrandbits(23)
    # Exactly half an ulp of a (a tie), or just above or below it.
    e2 = e - 24
    if e2 <= 0:
        return rng.getrandbits(32)
    m = rng.choice([0, 1, 0x7fffff])
    return (s ^ (rng.getrandbits(1) << 31)) | (e2 << 23) | m


def in_range(bits, signed, w):
    v = f32(bits)
    if math.isnan(v) or math.isinf(v):
        return False
    t = math.trunc(v)
    return -(1 << (w - 1)) <= t < (1 << (w - 1)) if signed else -1 < v and t < (1 << w)


def pairs(spec, nrand, rng):
    if spec.startswith(("sitofp", "uitofp")):
        ints = [0, 1, -1, 2, 3, 127, -128, 255, 32767, -32768, 65535, 0x7fffffff,
                -0x80000000, 0x00ffffff, 0x01000001, 0x01000003, 0x7fffffbf, 0x7fffffc0]
        xs = [v & 0xffffffff for v in ints] + [rng.getrandbits(rng.randint(1, 32)) for _ in range(nrand)]
        xs += [x ^ 0xffffffff for x in xs[:nrand // 4]]
        return [(x, 0) for x in xs]
    if spec == "sqrt":
        # Squares (exact roots), their neighbours (roots just off a float),
        # every exponent's parity, subnormals and the patterns drawn.
        sq = [struct.unpack("<I", struct.pack("<f", float(k * k)))[0] for k in range(1, 4097, 7)]
        xs = SPECIAL + sq + [(v + d) & 0xffffffff for v in sq for d in (-1, 1)]
        xs += [rand_float(rng) & 0x7fffffff for _ in range(nrand)] + [rand_float(rng) for _ in range(nrand // 4)]
        return [(x, 0) for x in xs]
    if spec == "exp":
        # Across the range that is neither 0 nor infinity, its edges (the
        # clamps, overflow at 88.72, subnormal results below -87.3), and
        # tiny arguments.
        fb = lambda v: struct.unpack("<I", struct.pack("<f", v))[0]
        edges = [-104.0, 89.0, 88.72283, 88.7228394, -87.33654, -103.972, -103.2789, 0.5, -0.5, 0.34657359]
        xs = SPECIAL + [fb(v) for v in edges] + [(fb(v) + d) & 0xffffffff for v in edges for d in (-1, 1)]
        xs += [fb(rng.uniform(-110.0, 90.0)) for _ in range(nrand)]
        xs += [fb(rng.uniform(-1.0, 1.0)) for _ in range(nrand // 4)] + [rand_float(rng) for _ in range(nrand // 4)]
        return [(x, 0) for x in xs]
    if spec == "log":
        # Every binade (subnormals too), near 1, around the split at
        # sqrt(2) (0x3fb504f3) and its half, negatives and zeros.
        near1 = [(0x3f800000 + d) & 0xffffffff for d in range(-40, 41)]
        split = [(m + d) & 0xffffffff for m in (0x3fb504f3, 0x3f3504f3, 0x00b504f3, 0x7f3504f3) for d in range(-3, 4)]
        xs = SPECIAL + near1 + split + [rand_float(rng) & 0x7fffffff for _ in range(nrand)]
        xs += [rng.getrandbits(23) for _ in range(nrand // 8)] + [rand_float(rng) for _ in range(nrand // 8)]
        return [(x, 0) for x in xs]
    if spec.startswith(("fptosi", "fptoui")):
        w = int(spec.split(":i")[1])
        signed = spec.startswith("fptosi")
        cand = SPECIAL + [rand_float(rng) for _ in range(nrand * 4)]
        cand += [struct.unpack("<I", struct.pack("<f", rng.uniform(-(2.0 ** w), 2.0 ** w)))[0] for _ in range(nrand)]
        return [(x, 0) for x in cand if in_range(x, signed, w)]
    ps = [(a, b) for a in SPECIAL for b in SPECIAL]
    for _ in range(nrand):
        a = rand_float(rng)
        ps.append((a, rand_float(rng) if rng.random() < 0.5 else near(rng, a)))
    return ps


def body(spec):
    """MLIR lines computing %r0, %r1, ... (i32) from %x, %y (f32) and %ab
    (i32); returns (lines, number of results)."""
    if spec in BINARY:
        return [f"%z = arith.{spec} %x, %y : f32", "%r0 = arith.bitcast %z : f32 to i32"], 1
    if spec in ("sqrt", "exp", "log"):
        return [f"%z = math.{spec} %x : f32", "%r0 = arith.bitcast %z : f32 to i32"], 1
    if spec == "negf":
        return ["%z = arith.negf %x : f32", "%r0 = arith.bitcast %z : f32 to i32"], 1
    if spec == "absf":
        return ["%z = math.absf %x : f32", "%r0 = arith.bitcast %z : f32 to i32"], 1
    if spec == "cmpf":
        lines = []
        for k, p in enumerate(CMPF):
            lines += [f"%q{k} = arith.cmpf {p}, %x, %y : f32", f"%r{k} = arith.extui %q{k} : i1 to i32"]
        return lines, len(CMPF)
    if spec == "select":
        return ["%c = arith.cmpf olt, %x, %y : f32", "%z = arith.select %c, %x, %y : f32",
                "%r0 = arith.bitcast %z : f32 to i32"], 1
    if spec == "const":
        lines = []
        for k, c in enumerate(CONSTS):
            lines += [f"%k{k} = arith.constant 0x{c:08X} : f32", f"%z{k} = arith.addf %x, %k{k} : f32",
                      f"%r{k} = arith.bitcast %z{k} : f32 to i32"]
        return lines, len(CONSTS)
    op, w = spec.split(":i")
    if op in ("sitofp", "uitofp"):
        lines = [f"%v = arith.trunci %ab : i32 to i{w}"] if w != "32" else ["%v = arith.addi %ab, %ab0 : i32"]
        return lines + [f"%z = arith.{op} %v : i{w} to f32", "%r0 = arith.bitcast %z : f32 to i32"], 1
    ext = "arith.extsi" if op == "fptosi" else "arith.extui"
    lines = [f"%v = arith.{op} %x : f32 to i{w}"]
    lines.append(f"%r0 = {ext} %v : i{w} to i32" if w != "32" else "%r0 = arith.addi %v, %ab0 : i32")
    return lines, 1


def npy(path, vals):
    hdr = "{'descr': '<i4', 'fortran_order': False, 'shape': (%d,), }" % len(vals)
    hdr += " " * (63 - (len(hdr) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%di" % len(vals), *[struct.unpack("<i", struct.pack("<I", v))[0] for v in vals]))


def load(path):
    data = open(path, "rb").read()
    hlen = struct.unpack("<H", data[8:10])[0]
    body = data[10 + hlen:]
    return struct.unpack("<%dI" % (len(body) // 4), body)


def write_test(spec, out, nrand):
    rng = random.Random(11 + sum(map(ord, spec)))
    ps = pairs(spec, nrand, rng)
    n = len(ps)
    lines, k = body(spec)
    os.makedirs(out, exist_ok=True)
    npy(os.path.join(out, "a.npy"), [a for a, _ in ps])
    npy(os.path.join(out, "b.npy"), [b for _, b in ps])
    t = f"memref<{n}xi32>"
    text = [f"func.func @f(%a: {t}, %b: {t}, %o: memref<{n * k}xi32>) {{",
            "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
            f"  %n = arith.constant {n} : index", "  %ab0 = arith.constant 0 : i32",
            "  scf.for %i = %c0 to %n step %c1 {",
            f"    %ab = memref.load %a[%i] : {t}", f"    %bb = memref.load %b[%i] : {t}",
            "    %x = arith.bitcast %ab : i32 to f32", "    %y = arith.bitcast %bb : i32 to f32"]
    text += ["    " + l for l in lines]
    for j in range(k):
        text += [f"    %off{j} = arith.constant {j * n} : index", f"    %p{j} = arith.addi %i, %off{j} : index",
                 f"    memref.store %r{j}, %o[%p{j}] : memref<{n * k}xi32>"]
    text += ["  }", "  return", "}"]
    with open(os.path.join(out, "f.mlir"), "w") as f:
        f.write("\n".join(text) + "\n")
    return ps, k


def check(spec, d, opt, run):
    ps, k = write_test(spec, d, 4000)
    n = len(ps)
    args = [f"--arg={d}/a.npy", f"--arg={d}/b.npy", "--arg=memref:zeros", "--entry=f"]
    subprocess.run([run, f"{d}/f.mlir", f"--out=2:{d}/ref.npy"] + args, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([opt, "--arith-soft-float", f"{d}/f.mlir", "-o", f"{d}/low.mlir"], check=True)
    subprocess.run([run, f"{d}/low.mlir", f"--out=2:{d}/got.npy"] + args, check=True, stdout=subprocess.DEVNULL)
    ref, got = load(f"{d}/ref.npy"), load(f"{d}/got.npy")
    bad = [i for i in range(len(ref)) if ref[i] != got[i]]
    for i in bad[:10]:
        a, b = ps[i % n]
        print("DIFF %s result %d of a=0x%08x b=0x%08x: want 0x%08x, got 0x%08x" % (spec, i // n, a, b, ref[i], got[i]))
    assert len(ref) == n * k == len(got)
    print("%s: %d results, %d differ" % (spec, len(ref), len(bad)))
    return not bad


def main():
    out, opt, run = sys.argv[1:4]
    ok = True
    for spec in sys.argv[4:]:
        ok = check(spec, os.path.join(out, spec.replace(":", "_")), opt, run) and ok
    sys.exit(0 if ok else 1)


main()
