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
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GEN = os.path.join(HERE, "gen.py")

# name, needs --allow-unregistered-dialect, is a 1M-op file (requirement)
INPUTS = [
    ("chain-generic", False, True),
    ("chain-custom", False, True),
    ("funcs", False, False),
    ("nest", True, False),
]

SPEED_MIN = 4.0      # mlir-opt time / strata time must be >= this
RSS_MAX = 1.0 / 3.0  # strata RSS / mlir-opt RSS must be <= this


def die(msg, code=2):
    print("run.py: " + msg, file=sys.stderr)
    sys.exit(code)


def find_strata():
    p = os.environ.get("STRATA_OPT", "build/bin/strata-opt")
    cands = [p] if os.path.isabs(p) else [os.path.abspath(p), os.path.join(ROOT, p)]
    for c in cands:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def tool_version(cmd):
    try:
        r = subprocess.run(cmd + ["--version"], capture_output=True, text=True, timeout=30)
        lines = [l.strip() for l in (r.stdout + r.stderr).splitlines() if l.strip()]
        return " ".join(lines[:2]) if lines else "?"
    except OSError:
        return "?"


def generate(out, a):
    params = dict(ops=a.ops, funcs=a.funcs, depth=a.depth, nest_ops=a.nest_ops,
                  seed=a.seed)
    with open(GEN, "rb") as f:
        params["gen_sha1"] = hashlib.sha1(f.read()).hexdigest()
    stamp = os.path.join(out, "stamp.json")
    want = [n + s for n, _, _ in INPUTS for s in (".m14.mlir", ".mlir")]
    try:
        with open(stamp) as f:
            same = json.load(f) == params
    except (OSError, ValueError):
        same = False
    if same and all(os.path.exists(os.path.join(out, w)) for w in want):
        print("inputs: reusing %s" % out)
        return
    print("inputs: generating into %s ..." % out, flush=True)
    t0 = time.perf_counter()
    if os.path.exists(stamp):
        os.unlink(stamp)
    subprocess.run([sys.executable, GEN, out, "--ops", str(a.ops), "--funcs", str(a.funcs),
                    "--depth", str(a.depth), "--nest-ops", str(a.nest_ops),
                    "--seed", str(a.seed)], check=True)
    with open(stamp, "w") as f:
        json.dump(params, f)
    print("inputs: generated in %.1f s" % (time.perf_counter() - t0))


def count_lines(path):
    n = 0
    with open(path, "rb") as f:
        while True:
            b = f.read(1 << 20)
            if not b:
                return n
            n += b.count(b"\n")


def measure(cmd, outfile, tmpdir):
    """One run under /usr/bin/time.  Returns (wall s, peak RSS KiB, error)."""
    tf = os.path.join(tmpdir, "time.txt")
    if os.path.exists(outfile):
        os.unlink(outfile)
    t0 = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tf] + cmd + ["-o", outfile],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    try:
        with open(tf) as f:
            last = f.read().strip().splitlines()[-1]
        _, m = last.split()  # %e has 10 ms resolution: use our own clock,
        rss = int(m)         # which adds only the fork/exec of `time`
    except (OSError, ValueError, IndexError):
        rss = 0
    if r.returncode != 0:
        tail = r.stderr.decode(errors="replace").strip().splitlines()[-3:]
        return wall, rss, "exit %d: %s" % (r.returncode, " | ".join(tail))
    if not os.path.exists(outfile) or os.path.getsize(outfile) == 0:
        return wall, rss, "no output written"
    return wall, rss, None


def main():
    ap = argparse.ArgumentParser(description="strata-opt vs mlir-opt-14 IR throughput")
    ap.add_argument("-n", "--runs", type=int, default=3, help="runs per command, best kept (3)")
    ap.add_argument("--out", default=os.path.join(HERE, "out"),
                    help="input/output directory (bench/ir-throughput/out)")
    ap.add_argument("--only", default=",".join(n for n, _, _ in INPUTS),
                    help="comma-separated inputs: " + ",".join(n for n, _, _ in INPUTS))
    ap.add_argument("--mlir-only", action="store_true",
                    help="measure mlir-opt-14 alone (no strata-opt needed, no verdict)")
    ap.add_argument("--keep-outputs", action="store_true",
                    help="keep the printed outputs in OUT/results/")
    ap.add_argument("--ops", type=int, default=1_000_000)
    ap.add_argument("--funcs", type=int, default=100_000)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--nest-ops", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()

    if not os.path.exists("/usr/bin/time"):
        die("/usr/bin/time is missing: apt-get install time")
    mlir = os.environ.get("MLIR_OPT", "mlir-opt-14")
    if not shutil.which(mlir):
        die("%s not found (Debian package mlir-14-tools), set MLIR_OPT" % mlir)
    strata = None
    if not a.mlir_only:
        strata = find_strata()
        if not strata:
            die("strata-opt not found at %s (build it first, or set STRATA_OPT; "
                "--mlir-only measures mlir-opt-14 alone)"
                % os.environ.get("STRATA_OPT", "build/bin/strata-opt"))
    only = a.only.split(",")
    inputs = [i for i in INPUTS if i[0] in only]
    if not inputs or len(inputs) != len(set(only)):
        die("--only: unknown input in %r" % a.only)
    full_size = (a.ops, a.funcs, a.depth, a.nest_ops) == (1_000_000, 100_000, 10, 100_000)

    os.makedirs(a.out, exist_ok=True)
    generate(a.out, a)
    resdir = os.path.join(a.out, "results")
    os.makedirs(resdir, exist_ok=True)

    print()
    print("host: %s, %d cores, %s" % (platform.node() or "?", os.cpu_count() or 0,
                                      platform.processor() or platform.machine()))
    print("mlir-opt: %s (%s)" % (shutil.which(mlir), tool_version([mlir])))
    if strata:
        print("strata-opt: %s (%s)" % (strata, tool_version([strata])))
    print("runs per command: %d (fastest kept)" % a.runs)
    print(flush=True)

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
    hdr = "%-14s %-22s %9s %10s %9s  %-17s %-17s" % (
        "input", "tool", "time (s)", "RSS (MiB)", "out lines",
        "mlir/strata time", "strata/mlir RSS")
    print(hdr.rstrip())
    print(("%-14s %-22s %9s %10s %9s  %-17s %-17s" % ("", "", "", "", "",
                                                       "(default, 1thr)", "(default, 1thr)")).rstrip())
    print("-" * len(hdr))
    with tempfile.TemporaryDirectory() as tmp:
        for name, unregistered, _ in inputs:
            unreg = ["--allow-unregistered-dialect"] if unregistered else []
            base = os.path.join(a.out, name)
            best = {}
            for _ in range(a.runs):
                for label, key, argv in configs:
                    outfile = os.path.join(resdir, "%s.%s.out.mlir" % (name, key))
                    w, rss, err = measure(argv(base, unreg), outfile, tmp)
                    if err:
                        best[key] = (w, rss, 0, err)
                        continue
                    if key in best and best[key][3]:
                        continue  # an earlier run failed: keep the failure
                    if key not in best or w < best[key][0]:
                        best[key] = (w, rss, count_lines(outfile), None)
            if not a.keep_outputs:
                for _, key, _ in configs:
                    p = os.path.join(resdir, "%s.%s.out.mlir" % (name, key))
                    if os.path.exists(p):
                        os.unlink(p)
            for label, key, _ in configs:
                w, rss, lines, err = best[key]
                results[(name, key)] = best[key]
                if err:
                    failed = True
                    print("%-14s %-22s FAILED: %s" % (name, label, err))
                    continue
                ratios = ("", "")
                if key in ("s14", "snat") and not best["m"][3] and not best["m1"][3]:
                    ratios = ("%5.1fx, %5.1fx" % (best["m"][0] / w, best["m1"][0] / w),
                              "%5.3f, %5.3f" % (rss / best["m"][1], rss / best["m1"][1]))
                print(("%-14s %-22s %9.3f %10.1f %9d  %-17s %-17s" % (
                    name, label, w, rss / 1024.0, lines, ratios[0], ratios[1])).rstrip())
            if strata and not best["s14"][3] and not best["m"][3] \
                    and best["s14"][2] != best["m"][2]:
                print("%-14s note: strata-opt printed %d lines, mlir-opt-14 %d"
                      % ("", best["s14"][2], best["m"][2]))
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
        s, m, m1 = results[(name, "s14")], results[(name, "m")], results[(name, "m1")]
        if s[3] or m[3] or m1[3]:
            print("  %-14s FAIL (a run failed)" % name)
            failed = True
            continue
        speed = min(m[0], m1[0]) / s[0]
        rss = s[1] / min(m[1], m1[1])
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
