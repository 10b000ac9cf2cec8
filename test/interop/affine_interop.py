#!/usr/bin/env python3
"""Issue 4, "Done when" 1: affine programs printed by strata-opt (custom
form, --mlir14 for the func spelling) are accepted by mlir-opt-14 and the
reverse, and the normalised prints agree.

    affine_interop.py --strata-opt PATH --work DIR FILE...

A FILE named *_mlir14.mlir is written in MLIR 14's spelling; the others in
the current one.  For each file:
  S = strata-opt --mlir14 FILE               (custom forms, must succeed)
  M = mlir-opt-14 FILE-in-MLIR-14-spelling   (mlir-opt-14's custom forms)
  N(x) = mlir-opt-14 --mlir-print-op-generic --mlir-print-local-scope x
  N(S) == N(M)        mlir-opt-14 reads strata-opt's forms as the same IR
  strata-opt --mlir14 M == S   strata-opt reads mlir-opt-14's forms back
The normalisation is mlir-opt-14's own generic print with maps inline:
the two printers number #map aliases in different orders (MLIR aliases
in print order, Strata in a pre-order walk of every attribute).
"""
import argparse, os, subprocess, sys

MLIR_OPT = "/usr/lib/llvm-14/bin/mlir-opt"


def run(cmd, inp=None):
    r = subprocess.run(cmd, input=inp, capture_output=True, text=True)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--strata-opt", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    strata = lambda *args, inp=None: run([a.strata_opt, "--mlir14", *args], inp)
    norm = lambda text: run([MLIR_OPT, "--mlir-print-op-generic", "--mlir-print-local-scope"], text)
    for f in a.files:
        s = strata(f)
        m14 = open(f).read() if f.endswith("_mlir14.mlir") else s
        m = run([MLIR_OPT], m14)
        if norm(s) != norm(m):
            sys.exit("%s: mlir-opt-14 reads strata-opt's print as different IR" % f)
        back = strata("-", inp=m)
        if back.rstrip() != s.rstrip():
            sys.exit("%s: strata-opt prints mlir-opt-14's output differently:\n%s\n---\n%s" % (f, back, s))
        print("%s: agree" % os.path.basename(f))


main()
