#!/usr/bin/env python3
"""IR-throughput benchmark: strata-opt against mlir-opt-14, side by side.

Generates the inputs with gen.py (into bench/ir-throughput/out/ by default,
reused while gen.py and the sizes are unchanged), then for every input runs

  strata-opt --mlir14 IN.m14.mlir -o OUT    same bytes as mlir-opt-14 reads
  strata-opt IN.mlir -o OUT                 Strata's native spelling
  mlir-opt-14 IN.m14.mlir -o OUT            default (multi-threaded context)
  mlir-opt-14 --mlir-disable-threading IN.m14.mlir -o OUT

(with --allow-unregistered-dialect where the input needs it), i.e. parse +
verify + print to a file.  Each command runs under `/usr/bin/time -f '%e %M'`
N times (interleaved); the fastest run is kept, with its peak RSS.  Prints a
table, the ratios mlir-opt/strata (time) and strata/mlir-opt (RSS), and
PASS/FAIL for issue 2's requirement on the 1M-op files: strata-opt --mlir14 at
least 4x faster than, and at most 1/3 of the peak RSS of, the better of the two
mlir-opt-14 configurations.

Environment: STRATA_OPT (default build/bin/strata-opt, relative paths are
tried against the current directory, then the repository root), MLIR_OPT
(default mlir-opt-14).  Exit status: 0 when every run succeeded and the
requirements pass, 1 otherwise, 2 on a setup problem (strata-opt missing...).
"""

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# name, needs --allow-unregistered-dialect, is a 1M-op file (requirement)
INPUTS = [(n, unreg, n.startswith("chain-")) for n, unreg in common.GEN_INPUTS.items()]

SPEED_MIN = 4.0      # mlir-opt time / strata time must be >= this
RSS_MAX = 1.0 / 3.0  # strata RSS / mlir-opt RSS must be <= this


def main():
    ap = argparse.ArgumentParser(description="strata-opt vs mlir-opt-14 IR throughput")
    ap.add_argument("--only", default=",".join(n for n, _, _ in INPUTS),
                    help="comma-separated inputs: " + ",".join(n for n, _, _ in INPUTS))
    common.add_common_args(ap, os.path.join(HERE, "out"), "input/output directory (bench/ir-throughput/out)")
    a = ap.parse_args()

    strata, mlir = common.find_tools(a.mlir_only)
    only = a.only.split(",")
    inputs = [i for i in INPUTS if i[0] in only]
    if not inputs or len(inputs) != len(set(only)):
        common.die("--only: unknown input in %r" % a.only)
    full_size = common.full_size(a)

    common.generate(a.out, a)
    resdir = os.path.join(a.out, "results")
    os.makedirs(resdir, exist_ok=True)

    print()
    common.print_header(strata, mlir, a.runs)

    # configs: (label, key, argv-builder)
    configs = []
    if strata:
        configs.append(("strata-opt --mlir14", "s14",
                        lambda n, unreg: [strata, "--mlir14"] + unreg + [n + ".m14.mlir"]))
        configs.append(("strata-opt (native)", "snat",
                        lambda n, unreg: [strata] + unreg + [n + ".mlir"]))
    configs.append(("mlir-opt-14", "m",
                    lambda n, unreg: [mlir] + unreg + [n + ".m14.mlir"]))
    configs.append(("mlir-opt-14 -1thread", "m1",
                    lambda n, unreg: [mlir, "--mlir-disable-threading"] + unreg + [n + ".m14.mlir"]))

    failed = False
    results = {}  # (input, key) -> (time, rss, lines, err)
    common.print_table_header("out lines")
    with tempfile.TemporaryDirectory() as tmp:
        for name, unregistered, _ in inputs:
            unreg = ["--allow-unregistered-dialect"] if unregistered else []
            base = os.path.join(a.out, name)
            best, bad = common.run_input(
                name, a.runs, [(label, key, argv(base, unreg)) for label, key, argv in configs],
                lambda key: os.path.join(resdir, "%s.%s.out.mlir" % (name, key)),
                tmp, common.count_lines, a.keep_outputs, ["s14", "snat"], "lines")
            failed |= bad
            for _, key, _ in configs:
                results[(name, key)] = best[key]
            print(flush=True)

    if not strata:
        print("strata-opt not measured (--mlir-only): no verdict.")
        return 1 if failed else 0

    print("Requirement on the 1M-op files (strata-opt --mlir14 against the better "
          "mlir-opt-14 configuration):")
    if not full_size:
        print("  (inputs are not the full size: the verdict below is indicative only)")
    checked = False
    for name, _, is_1m in inputs:
        if not is_1m:
            continue
        checked = True
        r = common.speed_and_rss(results, name)
        if not r:
            print("  %-14s FAIL (a run failed)" % name)
            failed = True
            continue
        speed, rss = r
        ok_t, ok_r = speed >= SPEED_MIN, rss <= RSS_MAX
        print("  %-14s time %5.1fx faster (need >= %.0fx) %s;  RSS %.3f of mlir-opt's "
              "(need <= %.3f) %s" % (name, speed, SPEED_MIN, "PASS" if ok_t else "FAIL",
                                     rss, RSS_MAX, "PASS" if ok_r else "FAIL"))
        failed |= not (ok_t and ok_r)
    if not checked:
        print("  (no 1M-op input selected)")
    print("OVERALL: %s" % ("FAIL" if failed else "PASS"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
