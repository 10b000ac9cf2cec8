#!/usr/bin/env python3
"""Compares the constant folding of Strata's arith ops with mlir-opt-14's on
random constant operands (edge values favoured).

    test/unit/arith_fold_vs_mlir.py build/test/unit/unit_test_arith_fold [--random N] [--seed S]

Each case is a function `%a = constant; %b = constant; %r = arith.<op> %a, %b;
return %r`.  Strata folds the op once (`unit_test_arith_fold --fold`);
mlir-opt-14 runs `--canonicalize`, and its result is the constant left in the
function (or "none" when the op survives).  Float results are compared as
bit patterns.  Not part of ctest: it needs mlir-opt-14, which only the
interop jobs install.

Known differences between MLIR 14 and current MLIR, whose folders Strata
follows (counted separately, not as failures):
  * MLIR 14 has no folder for shli, shrui, shrsi, remf and negf.
  * MLIR 14's floordivsi folder is wrong when the dividend is the minimum
    value (it negates it); current MLIR uses APInt::sfloordiv_ov.
  * Current MLIR's ceildivsi folder declines when an intermediate negation
    of the minimum value overflows, even where MLIR 14 found the answer.
  * MLIR 14's maxf/minf (current maximumf/minimumf) return a NaN operand
    unquieted; LLVM's current llvm::maximum/minimum quiet it.
"""
import argparse
import random
import re
import shutil
import struct
import subprocess
import sys

MLIR_OPT = "mlir-opt-14"

INT_TYPES = ["i1", "i8", "i16", "i32", "i64", "index", "i65", "i128"]
INT_BINARY = ["addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi", "remui",
              "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi", "maxsi", "maxui", "minsi", "minui"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
FLOAT_TYPES = ["f16", "bf16", "f32", "f64"]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
        "uno", "true"]
# MLIR 14 spells maximumf/minimumf as maxf/minf.
MLIR14_NAMES = {"maximumf": "maxf", "minimumf": "minf"}
FBITS = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}


def width(t):
    return 64 if t == "index" else int(t[1:])


def rand_int(rng, t):
    w = width(t)
    pick = rng.random()
    if pick < 0.4:
        v = rng.choice([0, 1, -1, 2, -2, 3, 7, (1 << (w - 1)) - 1, -(1 << (w - 1)), w, w - 1])
    else:
        v = rng.getrandbits(w)
    v &= (1 << w) - 1
    if w == 1:
        return "true" if v else "false"
    if v >> (w - 1):
        v -= 1 << w
    return str(v)


def int_const(v, t):
    return v if t == "i1" else "%s : %s" % (v, t)


def rand_float_bits(rng, t):
    e, m = FBITS[t]
    total = 1 + e + m
    sign = rng.getrandbits(1) << (e + m)
    emax = (1 << e) - 1
    pick = rng.random()
    if pick < 0.08:
        return sign  # zero
    if pick < 0.14:
        return sign | (emax << m)  # infinity
    if pick < 0.2:
        return sign | (emax << m) | (1 << (m - 1)) | rng.getrandbits(2)  # quiet NaN
    if pick < 0.26:
        return sign | rng.getrandbits(m) | 1  # subnormal
    if pick < 0.5:
        # Small integers and halves: exact arithmetic, readable.
        v = rng.choice([0.5, 1.0, 1.5, 2.0, 3.0, 7.5, 10.0, 0.25, 100.0])
        return to_bits(t, -v if sign else v)
    return rng.getrandbits(total) & ~(emax << m) | (rng.randint(1, emax - 1) << m)


def to_bits(t, v):
    if t == "f64":
        return struct.unpack("<Q", struct.pack("<d", v))[0]
    if t == "f32":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if t == "f16":
        return struct.unpack("<H", struct.pack("<e", v))[0]
    # bf16: nearest even from the f32 pattern (v is within a few ulps of f32
    # of a bf16 value, so the double rounding is harmless).
    b = struct.unpack("<I", struct.pack("<f", v))[0]
    if (b >> 23) & 0xFF == 0xFF:
        return b >> 16 | (0x40 if b & 0x7FFFFF else 0)
    return (b + 0x7FFF + ((b >> 16) & 1)) >> 16


def float_const(bits, t):
    digits = (1 + sum(FBITS[t])) // 4
    return "0x%0*X : %s" % (digits, bits, t)


def make_cases(rng, n):
    cases = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.45:
            op = rng.choice(INT_BINARY)
            t = rng.choice(INT_TYPES)
            a, b = int_const(rand_int(rng, t), t), int_const(rand_int(rng, t), t)
            cases.append((op, [a, b], t, t, None))
        elif kind < 0.55:
            t = rng.choice(INT_TYPES)
            a, b = int_const(rand_int(rng, t), t), int_const(rand_int(rng, t), t)
            cases.append(("cmpi", [a, b], t, "i1", rng.choice(CMPI)))
        elif kind < 0.8:
            op = rng.choice(FLOAT_BINARY)
            t = rng.choice(FLOAT_TYPES)
            a, b = float_const(rand_float_bits(rng, t), t), float_const(rand_float_bits(rng, t), t)
            cases.append((op, [a, b], t, t, None))
        elif kind < 0.88:
            t = rng.choice(FLOAT_TYPES)
            a, b = float_const(rand_float_bits(rng, t), t), float_const(rand_float_bits(rng, t), t)
            cases.append(("cmpf", [a, b], t, "i1", rng.choice(CMPF)))
        else:
            cases.append(make_cast(rng))
    return cases


def make_cast(rng):
    ints = ["i1", "i8", "i16", "i32", "i64"]
    wide = ints + ["i65", "i128"]
    pick = rng.choice(["extui", "extsi", "trunci", "index_cast", "negf", "bitcast"])
    if pick in ("extui", "extsi"):
        a, b = sorted(rng.sample(wide, 2), key=width)
        return (pick, [int_const(rand_int(rng, a), a)], a, b, None)
    if pick == "trunci":
        a, b = sorted(rng.sample(wide, 2), key=width)
        return (pick, [int_const(rand_int(rng, b), b)], b, a, None)
    if pick == "index_cast":
        t = rng.choice(ints[1:])
        if rng.random() < 0.5:
            return (pick, [int_const(rand_int(rng, t), t)], t, "index", None)
        return (pick, [int_const(rand_int(rng, "index"), "index")], "index", t, None)
    if pick == "negf":
        t = rng.choice(FLOAT_TYPES)
        return (pick, [float_const(rand_float_bits(rng, t), t)], t, t, None)
    t, u = rng.choice([("f32", "i32"), ("f64", "i64"), ("f16", "i16"), ("i32", "f32"), ("i64", "f64")])
    if t.startswith("f"):
        return (pick, [float_const(rand_float_bits(rng, t), t)], t, u, None)
    return (pick, [int_const(rand_int(rng, t), t)], t, u, None)


def function(i, case, mlir14):
    op, operands, in_t, out_t, pred = case
    lines = ["func%s @c%d() -> %s {" % ("" if mlir14 else ".func", i, out_t)]
    for k, c in enumerate(operands):
        lines.append("  %%o%d = arith.constant %s" % (k, c))
    args = ", ".join("%%o%d" % k for k in range(len(operands)))
    name = MLIR14_NAMES.get(op, op) if mlir14 else op
    head = "%s, " % pred if pred else ""
    if op in ("extui", "extsi", "trunci", "index_cast", "bitcast"):
        lines.append("  %%r = arith.%s %s : %s to %s" % (name, args, in_t, out_t))
    else:
        lines.append("  %%r = arith.%s %s%s : %s" % (name, head, args, in_t))
    lines.append("  return %%r : %s" % out_t)
    lines.append("}")
    return "\n".join(lines)


def normalize_mlir_attr(text):
    """`1.5 : f32` -> `0x3FC00000 : f32`; integers unchanged."""
    m = re.match(r"^(.*) : (f16|bf16|f32|f64)$", text)
    if not m:
        return text
    value, t = m.group(1), m.group(2)
    if value.startswith("0x"):
        bits = int(value, 16)
    else:
        bits = to_bits(t, float(value)) if t != "bf16" else to_bits(t, float(value))
    return float_const(bits, t)


def mlir_results(text, n):
    results = {}
    for m in re.finditer(r"func @c(\d+)\(\)[^{]*\{(.*?)\n  \}", text, re.S):
        idx, body = int(m.group(1)), m.group(2)
        if re.search(r"= arith\.(?!constant)", body):
            results[idx] = "none"
            continue
        consts = re.findall(r"= arith\.constant (.*)", body)
        results[idx] = normalize_mlir_attr(consts[0].strip()) if len(consts) == 1 else "?"
    return [results.get(i, "?") for i in range(n)]


def strata_results(tool, text, n):
    out = subprocess.run([tool, "--fold"], input=text, capture_output=True, text=True)
    if out.returncode:
        sys.exit("strata failed:\n" + out.stderr)
    res = {}
    for line in out.stdout.splitlines():
        name, _, desc = line.partition(" ")
        res[int(name[2:])] = desc
    return [res.get(i, "?") for i in range(n)]


def is_min(operand, t):
    return t != "i1" and operand.split()[0] == str(-(1 << (width(t) - 1)))


def known_difference(case, mine, theirs):
    op, operands, in_t, out_t, _ = case
    if theirs == "none" and op in ("shli", "shrui", "shrsi", "remf", "negf"):
        return "no folder in MLIR 14"
    if op == "floordivsi" and is_min(operands[0], in_t):
        return "MLIR 14 floordivsi of the minimum value"
    if op == "ceildivsi" and mine == "none" and any(is_min(o, in_t) for o in operands):
        return "current MLIR declines ceildivsi of the minimum value"
    if op in ("maximumf", "minimumf") and "NaN" in describe_nan(out_t, mine, theirs):
        return "unquieted NaN in MLIR 14"
    return None


def describe_nan(t, mine, theirs):
    try:
        a = int(mine.split()[0], 16)
        b = int(theirs.split()[0], 16)
    except ValueError:
        return ""
    e, m = FBITS[t]
    return "NaN" if (a | (1 << (m - 1))) == (b | (1 << (m - 1))) else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tool", help="build/test/unit/unit_test_arith_fold")
    ap.add_argument("--random", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=40, help="differences to print")
    ap.add_argument("--strict", action="store_true", help="report known differences too")
    args = ap.parse_args()
    if not shutil.which(MLIR_OPT):
        sys.exit("%s not found" % MLIR_OPT)
    rng = random.Random(args.seed)
    cases = make_cases(rng, args.random)
    mine = strata_results(args.tool, "\n".join(function(i, c, False) for i, c in enumerate(cases)), len(cases))
    out = subprocess.run([MLIR_OPT, "--canonicalize"], input="\n".join(function(i, c, True)
                         for i, c in enumerate(cases)), capture_output=True, text=True)
    if out.returncode:
        sys.exit("mlir-opt-14 failed:\n" + out.stderr)
    theirs = mlir_results(out.stdout, len(cases))
    bad, known, by_op = 0, {}, {}
    for i, case in enumerate(cases):
        if mine[i] == theirs[i]:
            continue
        why = None if args.strict else known_difference(case, mine[i], theirs[i])
        if why:
            known[why] = known.get(why, 0) + 1
            continue
        bad += 1
        by_op[case[0]] = by_op.get(case[0], 0) + 1
        if bad <= args.show:
            print("@c%d: %s\n  strata: %s\n  mlir14: %s" % (i, function(i, case, False), mine[i], theirs[i]))
    print("%d cases, %d differ %s, known differences: %s" % (len(cases), bad, by_op or "", known or "none"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
