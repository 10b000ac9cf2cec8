#!/usr/bin/env python3
"""Issue 4, "Done when" 4: tiling a 100x100x100 gemm nest by 32x32x32,
unrolling the innermost loop by 4 and printing the result, under 1 s.

    python3 bench/affine-tile/run.py [-n RUNS]

STRATA_OPT selects the binary (default build/bin/strata-opt).  Prints the
fastest of the runs (wall time of the whole strata-opt process: parse,
verify, both passes with verification after each, print) and checks that
the output has the shape asked for: three tile loops of step 32, point
loops bounded by min(start + 32, 100), and an innermost loop of step 4
with four copies of the body.  Exit status 0 when it holds and the time is
under 1 s, 1 otherwise, 2 when strata-opt is missing.
"""
import argparse, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PIPELINE = "builtin.module(func.func(affine-loop-tile{tile-sizes=32,32,32},affine-loop-unroll{unroll-factor=4}))"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5)
    a = ap.parse_args()
    opt = os.environ.get("STRATA_OPT", os.path.join(ROOT, "build", "bin", "strata-opt"))
    if not os.path.exists(opt):
        print("strata-opt not found at %s (set STRATA_OPT)" % opt)
        return 2
    cmd = [opt, os.path.join(HERE, "gemm100.mlir"), "--pass-pipeline=" + PIPELINE]
    best, out = None, ""
    for _ in range(a.n):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        dt = time.perf_counter() - t0
        if r.returncode:
            print(r.stderr)
            return 1
        best, out = (dt if best is None else min(best, dt)), r.stdout
    ok = (len(re.findall(r"to 100 step 32 \{", out)) == 3 and "(d0) -> (d0 + 32, 100)" in out and
          re.search(r"step 4 \{", out) and len(re.findall(r"arith\.mulf", out)) >= 4)
    print("tile 32x32x32 + unroll 4 of a 100^3 gemm, printed: %.3f s (best of %d), %d lines; shape %s" %
          (best, a.n, out.count("\n"), "ok" if ok else "WRONG"))
    verdict = ok and best < 1.0
    print("requirement (< 1 s): %s" % ("PASS" if verdict else "FAIL"))
    return 0 if verdict else 1


sys.exit(main())
