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
select sqrt exp log absf floor, or sitofp:iW uitofp:iW fptosi:iW fptoui:iW
(W <= 32); f64:SPEC the same on binary64 (i64 patterns; not sqrt exp log,
W <= 64), f64:extf and f64:truncf between f32 and f64.  For f64 add, sub,
mul, div, sitofp, extf and truncf the interpreter's non-NaN results are also
checked against Python's own (the host's IEEE doubles, C float
conversion)."""
import ctypes
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


SPECIAL64 = [
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
    0x0000000000000003, 0x0008000000000000, 0x000fffffffffffff, 0x800fffffffffffff,
    0x0010000000000000, 0x8010000000000000, 0x0010000000000001, 0x7fefffffffffffff,
    0xffefffffffffffff, 0x7feffffffffffffe, 0x7ff0000000000000, 0xfff0000000000000,
    0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000000001,
    0x7ff7ffffffffffff, 0x7ff8123456789abc, 0x3ff0000000000000, 0xbff0000000000000,
    0x3ff0000000000001, 0x3fefffffffffffff, 0x4000000000000000, 0x3ff8000000000000,
    0x4008000000000000, 0x3fd5555555555555, 0x3f847ae147ae147b, 0x3cb0000000000000,
    0x3ca0000000000000, 0x4330000000000000, 0x433fffffffffffff, 0x432fffffffffffff,
    0x41dfffffffc00000, 0x41e0000000000000, 0xc1e0000000000000, 0x43e0000000000000,
    0xc3e0000000000000, 0x43f0000000000000, 0x3fe0000000000000, 0xbfe0000000000000,
    0xbff8000000000000, 0x47efffffe0000000, 0x47effffff0000000, 0x3810000000000000,
    0x380fffffffffffff, 0x36a0000000000000, 0x3690000000000000, 0x3690000000000001,
    0x36a8000000000000, 0x2000000000000000, 0x5ff0000000000000,
]


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f64(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def bits64(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def bits32(v):
    """v rounded to binary32 as C's (float) does it: nearest even, overflow to infinity."""
    return struct.unpack("<I", struct.pack("<f", ctypes.c_float(v).value))[0]


def fields(w):
    """Exponent and fraction bits of the binary format of w bits."""
    return (8, 23) if w == 32 else (11, 52)


def rand_float(rng, w=32):
    """A pattern whose exponent is drawn from a mix of ranges."""
    eb, mb = fields(w)
    emax = (1 << eb) - 1
    bias = emax >> 1
    r = rng.random()
    if r < 0.3:
        return rng.getrandbits(w)
    if r < 0.6:
        e = rng.randint(bias - 27, bias + 27)
    elif r < 0.8:
        edges = [0, 1, 2, rng.randint(0, 30), rng.randint(emax - 35, emax - 1), emax - 1, emax]
        if w == 64:  # f32's range edges, as doubles
            edges += [rng.randint(bias - 160, bias - 120), rng.randint(bias + 100, bias + 140)]
        e = rng.choice(edges)
    else:
        e = rng.randint(0, emax)
    m = rng.getrandbits(mb)
    if rng.random() < 0.2:
        m &= ~((1 << rng.randint(1, mb)) - 1)  # trailing zeros: exact cases
    return (rng.getrandbits(1) << (w - 1)) | (e << mb) | m


def near(rng, a, w=32):
    """A partner of `a`: close exponent, nearby value, or half an ulp."""
    eb, mb = fields(w)
    e, s = (a >> mb) & ((1 << eb) - 1), a & (1 << (w - 1))
    r = rng.random()
    if r < 0.3:
        return (a + rng.randint(-3, 3)) & ((1 << w) - 1) ^ (rng.getrandbits(1) << (w - 1))
    if r < 0.6:
        e2 = max(0, min((1 << eb) - 2, e + rng.randint(-(mb + 3), mb + 3)))
        return (rng.getrandbits(1) << (w - 1)) | (e2 << mb) | rng.getrandbits(mb)
    # Exactly half an ulp of a (a tie), or just above or below it.
    e2 = e - (mb + 1)
    if e2 <= 0:
        return rng.getrandbits(w)
    m = rng.choice([0, 1, (1 << mb) - 1])
    return (s ^ (rng.getrandbits(1) << (w - 1))) | (e2 << mb) | m


def in_range(bits, signed, w, conv=f32):
    v = conv(bits)
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


def pairs64(spec, nrand, rng):
    if spec.startswith(("sitofp", "uitofp")):
        ints = [0, 1, -1, 2, 3, 127, -128, 255, 32767, -32768, 0x7fffffff, -0x80000000,
                (1 << 53) - 1, 1 << 53, (1 << 53) + 1, (1 << 53) + 3, (1 << 63) - 1, -(1 << 63),
                (1 << 62) + (1 << 9), (1 << 62) + (1 << 9) + 1, 0x7ffffffffffffdff, 0x7ffffffffffffe00]
        xs = [v & (2 ** 64 - 1) for v in ints] + [rng.getrandbits(rng.randint(1, 64)) for _ in range(nrand)]
        xs += [x ^ (2 ** 64 - 1) for x in xs[:nrand // 4]]
        return [(x, 0) for x in xs]
    if spec == "extf":
        xs = SPECIAL + [rand_float(rng) for _ in range(nrand)]
        return [(x, 0) for x in xs]
    if spec in ("truncf", "floor"):
        # Every f32 rounding case: f32 ties (half an ulp of binary32 away),
        # the edges of f32's range, subnormal f32 results.
        ties = [(rand_float(rng, 64) & ~((1 << 29) - 1)) | rng.choice([1 << 28, (1 << 28) + 1, (1 << 28) - 1, 0x1fffffff])
                for _ in range(nrand // 4)]
        mid = [(rng.getrandbits(1) << 63) | (rng.randint(1023 - 160, 1023 + 140) << 52) | rng.getrandbits(52)
               for _ in range(nrand)]
        xs = SPECIAL64 + ties + mid + [rand_float(rng, 64) for _ in range(nrand // 2)]
        return [(x, 0) for x in xs]
    if spec.startswith(("fptosi", "fptoui")):
        w = int(spec.split(":i")[1])
        signed = spec.startswith("fptosi")
        cand = SPECIAL64 + [rand_float(rng, 64) for _ in range(nrand * 4)]
        cand += [bits64(rng.uniform(-(2.0 ** w), 2.0 ** w)) for _ in range(nrand)]
        return [(x, 0) for x in cand if in_range(x, signed, w, f64)]
    ps = [(a, b) for a in SPECIAL64 for b in SPECIAL64]
    for _ in range(nrand):
        a = rand_float(rng, 64)
        ps.append((a, rand_float(rng, 64) if rng.random() < 0.5 else near(rng, a, 64)))
    return ps


def host64(spec, a, b):
    """Python's (the host's) result bits, or None where the interpreter's
    NaN rules decide or Python raises."""
    x, y = f64(a), f64(b)
    try:
        if spec in ("addf", "subf", "mulf", "divf"):
            r = {"addf": lambda: x + y, "subf": lambda: x - y, "mulf": lambda: x * y, "divf": lambda: x / y}[spec]()
            return None if math.isnan(r) else bits64(r)
        if spec == "extf":
            v = f32(a)
            return None if math.isnan(v) else bits64(v)
        if spec == "truncf":
            return None if math.isnan(x) else bits32(x)
        if spec.startswith("sitofp:i") or spec.startswith("uitofp:i"):
            w = int(spec.split(":i")[1])
            v = a & ((1 << w) - 1)
            if spec.startswith("sitofp") and v >> (w - 1):
                v -= 1 << w
            return bits64(float(v))  # Python rounds int -> float to nearest even
    except (ZeroDivisionError, OverflowError):
        return None
    return None


def body(spec, w=32):
    """MLIR lines computing %r0, %r1, ... (iW) from %x, %y (fW) and %ab
    (iW), W = w; returns (lines, number of results)."""
    ft, it = f"f{w}", f"i{w}"
    if spec in BINARY:
        return [f"%z = arith.{spec} %x, %y : {ft}", f"%r0 = arith.bitcast %z : {ft} to {it}"], 1
    if spec in ("sqrt", "exp", "log", "floor", "absf", "negf"):
        op = "arith.negf" if spec == "negf" else "math." + spec
        return [f"%z = {op} %x : {ft}", f"%r0 = arith.bitcast %z : {ft} to {it}"], 1
    if spec == "cmpf":
        lines = []
        for k, p in enumerate(CMPF):
            lines += [f"%q{k} = arith.cmpf {p}, %x, %y : {ft}", f"%r{k} = arith.extui %q{k} : i1 to {it}"]
        return lines, len(CMPF)
    if spec == "select":
        return [f"%c = arith.cmpf olt, %x, %y : {ft}", f"%z = arith.select %c, %x, %y : {ft}",
                f"%r0 = arith.bitcast %z : {ft} to {it}"], 1
    if spec == "const":
        lines, consts = [], CONSTS if w == 32 else SPECIAL64[::5]
        for k, c in enumerate(consts):
            lines += [f"%k{k} = arith.constant 0x{c:0{w // 4}X} : {ft}", f"%z{k} = arith.addf %x, %k{k} : {ft}",
                      f"%r{k} = arith.bitcast %z{k} : {ft} to {it}"]
        return lines, len(consts)
    if spec == "extf":
        return ["%h = arith.trunci %ab : i64 to i32", "%hf = arith.bitcast %h : i32 to f32",
                "%z = arith.extf %hf : f32 to f64", "%r0 = arith.bitcast %z : f64 to i64"], 1
    if spec == "truncf":
        return ["%z = arith.truncf %x : f64 to f32", "%h = arith.bitcast %z : f32 to i32",
                "%r0 = arith.extui %h : i32 to i64"], 1
    op, n = spec.split(":i")
    same = n == str(w)
    if op in ("sitofp", "uitofp"):
        lines = [f"%v = arith.trunci %ab : {it} to i{n}"] if not same else [f"%v = arith.addi %ab, %ab0 : {it}"]
        return lines + [f"%z = arith.{op} %v : i{n} to {ft}", f"%r0 = arith.bitcast %z : {ft} to {it}"], 1
    ext = "arith.extsi" if op == "fptosi" else "arith.extui"
    lines = [f"%v = arith.{op} %x : {ft} to i{n}"]
    lines.append(f"%r0 = {ext} %v : i{n} to {it}" if not same else f"%r0 = arith.addi %v, %ab0 : {it}")
    return lines, 1


def npy(path, vals, w=32):
    hdr = "{'descr': '<i%d', 'fortran_order': False, 'shape': (%d,), }" % (w // 8, len(vals))
    hdr += " " * (63 - (len(hdr) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), "i" if w == 32 else "q"),
                            *[v - (1 << w) if v >> (w - 1) else v for v in vals]))


def load(path, w=32):
    data = open(path, "rb").read()
    hlen = struct.unpack("<H", data[8:10])[0]
    body = data[10 + hlen:]
    return struct.unpack("<%d%s" % (len(body) // (w // 8), "I" if w == 32 else "Q"), body)


def write_test(spec, out, nrand):
    rng = random.Random(11 + sum(map(ord, spec)))
    wide = spec.startswith("f64:")
    w, ft = (64, "f64") if wide else (32, "f32")
    ps = pairs64(spec[4:], nrand, rng) if wide else pairs(spec, nrand, rng)
    n = len(ps)
    lines, k = body(spec[4:], 64) if wide else body(spec)
    os.makedirs(out, exist_ok=True)
    npy(os.path.join(out, "a.npy"), [a for a, _ in ps], w)
    npy(os.path.join(out, "b.npy"), [b for _, b in ps], w)
    t = f"memref<{n}xi{w}>"
    text = [f"func.func @f(%a: {t}, %b: {t}, %o: memref<{n * k}xi{w}>) {{",
            "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
            f"  %n = arith.constant {n} : index", f"  %ab0 = arith.constant 0 : i{w}",
            "  scf.for %i = %c0 to %n step %c1 {",
            f"    %ab = memref.load %a[%i] : {t}", f"    %bb = memref.load %b[%i] : {t}",
            f"    %x = arith.bitcast %ab : i{w} to {ft}", f"    %y = arith.bitcast %bb : i{w} to {ft}"]
    text += ["    " + l for l in lines]
    for j in range(k):
        text += [f"    %off{j} = arith.constant {j * n} : index", f"    %p{j} = arith.addi %i, %off{j} : index",
                 f"    memref.store %r{j}, %o[%p{j}] : memref<{n * k}xi{w}>"]
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
    w = 64 if spec.startswith("f64:") else 32
    ref, got = load(f"{d}/ref.npy", w), load(f"{d}/got.npy", w)
    bad = [i for i in range(len(ref)) if ref[i] != got[i]]
    for i in bad[:10]:
        a, b = ps[i % n]
        print("DIFF %s result %d of a=0x%x b=0x%x: want 0x%x, got 0x%x" % (spec, i // n, a, b, ref[i], got[i]))
    assert len(ref) == n * k == len(got)
    host = 0
    if w == 64:
        # The reference itself against the host's doubles.
        for i in range(n):
            h = host64(spec[4:], *ps[i])
            if h is not None:
                host += 1
                if h != ref[i]:
                    bad.append(i)
                    print("HOST %s a=0x%x b=0x%x: interpreter 0x%x, host 0x%x" % (spec, ps[i][0], ps[i][1], ref[i], h))
        print("%s: %d checked against the host" % (spec, host))
    print("%s: %d results, %d differ" % (spec, len(ref), len(bad)))
    return not bad


def main():
    out, opt, run = sys.argv[1:4]
    ok = True
    for spec in sys.argv[4:]:
        ok = check(spec, os.path.join(out, spec.replace(":", "_")), opt, run) and ok
    sys.exit(0 if ok else 1)


main()
