"""Helpers shared by the benchmark runners (bench/*/run.py): finding the
tools, generating the inputs once, and timing one command with its peak RSS.

Python 3 standard library only.
"""

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
GEN = os.path.join(BENCH, "ir-throughput", "gen.py")
DEFAULT_INPUTS = os.path.join(BENCH, "ir-throughput", "out")

# gen.py's inputs: name -> needs --allow-unregistered-dialect.
GEN_INPUTS = {"chain-generic": False, "chain-custom": False, "funcs": False, "nest": True}


def die(msg, code=2):
    print("%s: %s" % (os.path.basename(sys.argv[0]), msg), file=sys.stderr)
    sys.exit(code)


def find_strata():
    """STRATA_OPT (default build/bin/strata-opt), relative paths tried
    against the current directory, then the repository root."""
    p = os.environ.get("STRATA_OPT", "build/bin/strata-opt")
    cands = [p] if os.path.isabs(p) else [os.path.abspath(p), os.path.join(ROOT, p)]
    for c in cands:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def find_tools(mlir_only):
    """(strata-opt or None when mlir_only, mlir-opt); exits on a missing one."""
    if not os.path.exists("/usr/bin/time"):
        die("/usr/bin/time is missing: apt-get install time")
    mlir = os.environ.get("MLIR_OPT", "mlir-opt-14")
    if not shutil.which(mlir):
        die("%s not found (Debian package mlir-14-tools), set MLIR_OPT" % mlir)
    if mlir_only:
        return None, mlir
    strata = find_strata()
    if not strata:
        die("strata-opt not found at %s (build it first, or set STRATA_OPT; "
            "--mlir-only measures mlir-opt-14 alone)"
            % os.environ.get("STRATA_OPT", "build/bin/strata-opt"))
    return strata, mlir


def tool_version(cmd):
    try:
        r = subprocess.run(cmd + ["--version"], capture_output=True, text=True, timeout=30)
        lines = [l.strip() for l in (r.stdout + r.stderr).splitlines() if l.strip()]
        return " ".join(lines[:2]) if lines else "?"
    except OSError:
        return "?"


def load_average():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "?"


def print_header(strata, mlir, runs):
    print("host: %s, %d cores, %s" % (platform.node() or "?", os.cpu_count() or 0,
                                      platform.processor() or platform.machine()))
    print("mlir-opt: %s (%s)" % (shutil.which(mlir), tool_version([mlir])))
    if strata:
        print("strata-opt: %s (%s)" % (strata, tool_version([strata])))
    print("runs per command: %d (fastest kept)" % runs)
    print("load average (1, 5, 15 min): %s" % load_average())
    print(flush=True)


def add_common_args(ap, out_default, out_help):
    """The options both runners take: runs, the input directory, mlir-only,
    keep-outputs and gen.py's sizes."""
    ap.add_argument("-n", "--runs", type=int, default=3, help="runs per command, best kept (3)")
    ap.add_argument("--out", default=out_default, help=out_help)
    ap.add_argument("--mlir-only", action="store_true",
                    help="measure mlir-opt-14 alone (no strata-opt needed, no verdict)")
    ap.add_argument("--keep-outputs", action="store_true",
                    help="keep the printed outputs in OUT/results/")
    # gen.py's sizes, which decide whether the inputs are reused.
    ap.add_argument("--ops", type=int, default=1_000_000)
    ap.add_argument("--funcs", type=int, default=100_000)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--nest-ops", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)


def full_size(a):
    return (a.ops, a.funcs, a.depth, a.nest_ops) == (1_000_000, 100_000, 10, 100_000)


def generate(out, a):
    """Writes gen.py's inputs into `out` unless the ones there were made by
    the same gen.py with the same sizes (stamp.json)."""
    os.makedirs(out, exist_ok=True)
    params = dict(ops=a.ops, funcs=a.funcs, depth=a.depth, nest_ops=a.nest_ops, seed=a.seed)
    with open(GEN, "rb") as f:
        params["gen_sha1"] = hashlib.sha1(f.read()).hexdigest()
    stamp = os.path.join(out, "stamp.json")
    want = [n + s for n in GEN_INPUTS for s in (".m14.mlir", ".mlir")]
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
    """One run of `cmd -o outfile` under /usr/bin/time.  Returns (wall s,
    peak RSS KiB, error or None)."""
    tf = os.path.join(tmpdir, "time.txt")
    if os.path.exists(outfile):
        os.unlink(outfile)
    # Write back the previous command's output (tens of MB) now, so that no
    # command pays for another's writeback inside its own measurement.
    os.sync()
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


def best_of(runs, configs, outfile_of, tmpdir, count):
    """Runs every config `runs` times, interleaved, and keeps each one's
    fastest run: {key: (wall, rss, count(outfile), error)}.  configs is a
    list of (key, argv); a failed run is kept as the result of its config."""
    best = {}
    for _ in range(runs):
        for key, argv in configs:
            outfile = outfile_of(key)
            w, rss, err = measure(argv, outfile, tmpdir)
            if err:
                best[key] = (w, rss, 0, err)
                continue
            if key in best and best[key][3]:
                continue  # an earlier run failed: keep the failure
            if key not in best or w < best[key][0]:
                best[key] = (w, rss, count(outfile), None)
    return best


TABLE = "%-14s %-22s %9s %10s %9s  %-17s %-17s"


def print_table_header(count_label):
    hdr = TABLE % ("input", "tool", "time (s)", "RSS (MiB)", count_label,
                   "mlir/strata time", "strata/mlir RSS")
    print(hdr.rstrip())
    print((TABLE % ("", "", "", "", "", "(default, 1thr)", "(default, 1thr)")).rstrip())
    print("-" * len(hdr))


def run_input(name, runs, configs, outfile_of, tmpdir, count, keep, strata_keys, count_word):
    """Measures one input (best_of), removes the outputs unless `keep`, and
    prints its rows: configs are (label, key, argv); the keys in strata_keys
    get ratios against mlir-opt-14's "m" and "m1" runs, and the first of them
    a note when its count differs from "m"'s.  Returns (best, any run failed)."""
    best = best_of(runs, [(key, argv) for _, key, argv in configs], outfile_of, tmpdir, count)
    if not keep:
        for _, key, _ in configs:
            if os.path.exists(outfile_of(key)):
                os.unlink(outfile_of(key))
    failed = False
    for label, key, _ in configs:
        w, rss, n, err = best[key]
        if err:
            failed = True
            print("%-14s %-22s FAILED: %s" % (name, label, err))
            continue
        ratios = ("", "")
        if key in strata_keys and not best["m"][3] and not best["m1"][3]:
            ratios = ("%5.1fx, %5.1fx" % (best["m"][0] / w, best["m1"][0] / w),
                      "%5.3f, %5.3f" % (rss / best["m"][1], rss / best["m1"][1]))
        print(("%-14s %-22s %9.3f %10.1f %9d  %-17s %-17s" % (
            name, label, w, rss / 1024.0, n, ratios[0], ratios[1])).rstrip())
    s = strata_keys[0] if strata_keys else None
    if s in best and not best[s][3] and not best["m"][3] and best[s][2] != best["m"][2]:
        print("%-14s note: strata-opt printed %d %s, mlir-opt-14 %d"
              % ("", best[s][2], count_word, best["m"][2]))
    return best, failed


def speed_and_rss(results, name):
    """(mlir-opt time / strata time, strata RSS / mlir-opt RSS), each against
    the better mlir-opt-14 configuration, or None when a run failed."""
    s, m, m1 = results[(name, "s14")], results[(name, "m")], results[(name, "m1")]
    if s[3] or m[3] or m1[3]:
        return None
    return min(m[0], m1[0]) / s[0], s[1] / min(m[1], m1[1])
