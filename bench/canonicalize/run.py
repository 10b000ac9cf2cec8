#!/usr/bin/env python3
"""canonicalize + cse benchmark: strata-opt against mlir-opt-14 (issue 3,
"Done when" item 5, first half).

Uses the 1M-op chain files of bench/ir-throughput/gen.py (generated into
bench/ir-throughput/out/ when missing, shared with that benchmark), and for
each of chain-generic and chain-custom runs

  strata-opt --mlir14 --canonicalize --cse IN.m14.mlir -o OUT
  mlir-opt-14 --canonicalize --cse IN.m14.mlir -o OUT
  mlir-opt-14 --mlir-disable-threading --canonicalize --cse IN.m14.mlir -o OUT

i.e. parse + verify + canonicalize + cse (+ verification after each pass) +
print to a file, N times each, interleaved; the fastest run is kept with its
peak RSS (/usr/bin/time).  Prints a table, the ratios mlir-opt/strata (time)
and strata/mlir-opt (RSS), the number of ops each tool printed (the outputs
should agree; a difference is reported, not failed), the load average before
and after each input (the machine may be shared), and PASS/FAIL for the
requirement: strata-opt --mlir14 at least 3x faster than the faster of the two
mlir-opt-14 configurations on each 1M-op file.

Environment: STRATA_OPT (default build/bin/strata-opt), MLIR_OPT (default
mlir-opt-14).  Exit status: 0 when every run succeeded and the requirement
passes, 1 otherwise, 2 on a setup problem.
"""

import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402

INPUTS = ["chain-generic", "chain-custom"]
PASSES = ["--canonicalize", "--cse"]
SPEED_MIN = 3.0  # mlir-opt time / strata time must be >= this

# An op in either tool's custom output: one per line; block labels, closing
# braces and blank lines are not ops.
NOT_OP = re.compile(rb"^\s*(?:$|\}|\^|//|#)")


def count_ops(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if not NOT_OP.match(line):
                n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description="strata-opt vs mlir-opt-14: canonicalize + cse")
    ap.add_argument("--only", default=",".join(INPUTS), help="comma-separated: " + ",".join(INPUTS))
    common.add_common_args(ap, common.DEFAULT_INPUTS,
                           "input directory, shared with ir-throughput (bench/ir-throughput/out)")
    a = ap.parse_args()

    strata, mlir = common.find_tools(a.mlir_only)
    only = a.only.split(",")
    if not only or any(o not in INPUTS for o in only):
        common.die("--only: unknown input in %r" % a.only)
    common.generate(a.out, a)
    resdir = os.path.join(a.out, "results")
    os.makedirs(resdir, exist_ok=True)
    print()
    common.print_header(strata, mlir, a.runs)

    configs = []  # (label, key, argv without -o)
    if strata:
        configs.append(("strata-opt --mlir14", "s14", lambda f: [strata, "--mlir14"] + PASSES + [f]))
    configs.append(("mlir-opt-14", "m", lambda f: [mlir] + PASSES + [f]))
    configs.append(("mlir-opt-14 -1thread", "m1",
                    lambda f: [mlir, "--mlir-disable-threading"] + PASSES + [f]))

    failed = False
    results = {}
    common.print_table_header("out ops")
    with tempfile.TemporaryDirectory() as tmp:
        for name in only:
            src = os.path.join(a.out, name + ".m14.mlir")
            load_before = common.load_average()
            best, bad = common.run_input(
                name, a.runs, [(label, key, argv(src)) for label, key, argv in configs],
                lambda key: os.path.join(resdir, "%s.canon.%s.out.mlir" % (name, key)),
                tmp, count_ops, a.keep_outputs, ["s14"], "ops")
            failed |= bad
            for _, key, _ in configs:
                results[(name, key)] = best[key]
            print("%-14s load average before %s, after %s" % ("", load_before,
                                                               common.load_average()))
            print(flush=True)

    if not strata:
        print("strata-opt not measured (--mlir-only): no verdict.")
        return 1 if failed else 0
    print("Requirement (strata-opt --mlir14 at least %.0fx faster than the faster "
          "mlir-opt-14 configuration):" % SPEED_MIN)
    if not common.full_size(a):
        print("  (inputs are not the full size: the verdict below is indicative only)")
    for name in only:
        r = common.speed_and_rss(results, name)
        if not r:
            print("  %-14s FAIL (a run failed)" % name)
            failed = True
            continue
        speed, rss = r
        ok = speed >= SPEED_MIN
        print("  %-14s %5.1fx faster %s;  peak RSS %.3f of mlir-opt-14's (smaller one)"
              % (name, speed, "PASS" if ok else "FAIL", rss))
        failed |= not ok
    print("OVERALL: %s" % ("FAIL" if failed else "PASS"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
