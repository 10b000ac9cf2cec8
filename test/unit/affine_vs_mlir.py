#!/usr/bin/env python3
"""Compares Strata's canonical prints of affine maps and integer sets with
mlir-opt-14's, on the cases of test_affine.c and on random expressions.

    test/unit/affine_vs_mlir.py build/test/unit/unit_test_affine [--random N] [--seed S]

Each input goes through `test_affine --canon` and, wrapped in an op
attribute, through `mlir-opt-14 --allow-unregistered-dialect
--mlir-print-local-scope --split-input-file`; the two prints must be equal
(inputs MLIR rejects must be rejected by Strata too).  Not part of ctest:
it needs mlir-opt-14, which only the interop jobs install.

Known, deliberate differences (skipped, see core/affine_expr.c):
  * MLIR turns `x + (x floordiv c) <op> -c` into `x mod c` for any binary
    <op>; Strata only for a product (the rule is wrong otherwise).
  * Strata accepts 9223372036854775808 (as current MLIR does); MLIR 14 does
    not, and prints x + INT64_MIN as `x - -9223372036854775808`.
"""
import argparse
import random
import re
import shutil
import subprocess
import sys

MLIR_OPT = "mlir-opt-14"


def cases_from_unit_test(path):
    """The (kind, text) inputs of map_cases/set_cases in test_affine.c."""
    src = open(path).read()
    out = []
    for kind, table in (("map", "map_cases"), ("set", "set_cases")):
        m = re.search(table + r"\[\] = \{(.*?)\n\};", src, re.S)
        for entry in re.finditer(r'\{\s*"((?:[^"\\]|\\.)*)",', m.group(1)):
            text = bytes(entry.group(1), "ascii").decode("unicode_escape")
            if "\n" not in text:  # --canon reads one input per line
                out.append((kind, text))
    return out


def rand_expr(rng, dims, syms, depth):
    r = rng.random()
    if depth <= 0 or r < 0.25:
        pick = rng.random()
        if pick < 0.45 and dims:
            return rng.choice(dims)
        if pick < 0.7 and syms:
            return rng.choice(syms)
        c = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 64, 100, 128, -1, -3, 9223372036854775807])
        return "(%d)" % c if c < 0 else str(c)
    op = rng.choice(["+", "-", "*", "floordiv", "ceildiv", "mod", "neg", "+", "-", "*"])
    if op == "neg":
        return "-(" + rand_expr(rng, dims, syms, depth - 1) + ")"
    lhs = rand_expr(rng, dims, syms, depth - 1)
    if op in ("*", "floordiv", "ceildiv", "mod") and rng.random() < 0.8:
        # Mostly constant or symbolic right operands, so most inputs are affine.
        if syms and rng.random() < 0.25:
            rhs = rng.choice(syms)
        else:
            rhs = str(rng.choice([1, 2, 3, 4, 5, 6, 8, 16, -1, -2]))
            if rhs.startswith("-"):
                rhs = "(" + rhs + ")"
    else:
        rhs = rand_expr(rng, dims, syms, depth - 1)
    return "(" + lhs + " " + op + " " + rhs + ")"


def random_cases(n, seed, max_depth):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        nd, ns = rng.randint(0, 3), rng.randint(0, 2)
        dims = ["d%d" % i for i in range(nd)]
        syms = ["s%d" % i for i in range(ns)]
        head = "(" + ", ".join(dims) + ")" + ("[" + ", ".join(syms) + "]" if syms else "")
        exprs = [rand_expr(rng, dims, syms, rng.randint(1, max_depth)) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            # MLIR 14 only reads the `>= 0` / `== 0` forms.
            cons = [e + rng.choice([" >= 0", " == 0", " - 3 >= 0"]) for e in exprs]
            out.append(("set", head + " : (" + ", ".join(cons) + ")"))
        else:
            out.append(("map", head + " -> (" + ", ".join(exprs) + ")"))
    return out


def mlir_prints(cases):
    chunks = []
    for kind, text in cases:
        attr = ("affine_map<%s>" if kind == "map" else "affine_set<%s>") % text
        chunks.append('"test.op"() {a = %s} : () -> ()\n' % attr)
    proc = subprocess.run([MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-local-scope",
                           "--split-input-file", "-"], input="// -----\n".join(chunks),
                          capture_output=True, text=True)
    outs = proc.stdout.split("// -----")
    if len(outs) == len(cases) + 1 and not outs[-1].strip():
        outs.pop()  # mlir-opt ends with a separator
    res = []
    for out in outs:
        m = re.search(r"a = affine_(?:map|set)<(.*)>\}", out)
        res.append(m.group(1) if m else None)
    if len(res) != len(cases):
        sys.exit("could not split mlir-opt's output (%d chunks for %d inputs)" % (len(res), len(cases)))
    return res


def strata_prints(binary, cases):
    inp = "".join("%s %s\n" % (k, t.replace("\n", " ")) for k, t in cases)
    proc = subprocess.run([binary, "--canon"], input=inp, capture_output=True, text=True, check=True)
    lines = proc.stdout.splitlines()
    return [None if l.startswith("error:") else l for l in lines], lines


def known_difference(text, ref, got):
    if ref is None or got is None:
        return "9223372036854775808" in text
    # MLIR 14 prints x + INT64_MIN as `x - -9223372036854775808` (negating
    # INT64_MIN overflows), which it cannot read back; Strata prints the
    # magnitude, as current MLIR does.
    if "-9223372036854775808" in ref and ref.replace("- -9223372036854775808", "- 9223372036854775808") == got:
        return True
    # The mod rule MLIR applies to non-products (module docstring).
    return bool(re.search(r"(floordiv|ceildiv|mod) \(?-", text)) and " mod " in ref


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", help="the built test_affine executable")
    ap.add_argument("--random", type=int, default=2000, help="number of random inputs (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=4, help="maximum depth of random expressions")
    ap.add_argument("--unit-test", default=__file__.replace("affine_vs_mlir.py", "test_affine.c"))
    args = ap.parse_args()
    if not shutil.which(MLIR_OPT):
        print("UNSUPPORTED: %s not found" % MLIR_OPT)
        return 0
    cases = cases_from_unit_test(args.unit_test) + random_cases(args.random, args.seed, args.depth)
    ref = mlir_prints(cases)
    got, raw = strata_prints(args.binary, cases)
    bad = 0
    for (kind, text), r, g, line in zip(cases, ref, got, raw):
        if r == g or known_difference(text, r, g):
            continue
        bad += 1
        print("%s %s\n  mlir-opt-14: %s\n  strata:      %s" % (kind, text, r or "<rejected>", line))
    print("%d inputs, %d differences" % (len(cases), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
