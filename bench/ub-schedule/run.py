#!/usr/bin/env python3
"""Issue 10, "Done when" item 5: extraction, scheduling, capacity analysis and
memory mapping of a 3x3 gaussian on a 1920x1080 tile with strata-opt, timed
(the source's Clockwork took 1018.9 s for its scheduling step).

Writes the .hl program (examples/halide/gaussian_hw.hl with one tile over the
whole output) to a temporary file, runs `strata-translate --import-halide`
and `strata-opt --acg=archs/amber-cgra.acg --ub-extract --ub-schedule
--ub-capacity --ub-map` on it N times and reports the fastest run, its ratio
to Clockwork's time, and what the mapper made of each buffer.
STRATA_OPT=path selects the binary (default build/bin/strata-opt).  Exit
status 0 when the fastest run is under 1 s of wall time.

--table (issue 24, "Done when" 1): the same pipeline over tile sizes, side
by side in one run: gaussian at 64x64, 640x480, 1920x1080 and 6000x4000,
gemm at 32x32 to 2048x2048 (one accelerator run computing the whole
product, the k reduction unrolled by 4; mapped on unbounded memories, as
one run holds all of A and B), each with its CPU time per stage
(import, extraction through capacity, mapping) and its ratio to the
smallest size, and the anchors (Clockwork's 1,018.9 s for gaussian at
1080p, 22,366 s for gemm at 2048x2048).  A size the flow refuses is
listed with the error.  Exit status 0 when every size stays within 2x of
the smallest, gaussian 6000x4000 under 0.5 s and gemm 2048x2048 under 1 s
(CPU time: the machine is shared).
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

CLOCKWORK_S = 1018.9  # seed-000, Table 6.2: gaussian's scheduling at this tile size

# examples/halide/gaussian_hw.hl with one accelerator run over the whole
# 1918x1078 output (ub-extract models one run; the tile is the output).
GAUSSIAN = """// 3x3 gaussian blur, hardware schedule, one tile of {W2}x{H2}.
Var x, y, xo, yo, xi, yi;
ImageParam input(UInt(8), 2);
Table k(UInt(16)) = {{{{1, 2, 1}}, {{2, 4, 2}}, {{1, 2, 1}}}};
RDom r(0, 3, 0, 3);
Func hw_input, blur, hw_output, output;
hw_input(x, y) = u16(input(x, y));
blur(x, y) = u16(0);
blur(x, y) += k(r.x, r.y) * hw_input(x + r.x, y + r.y);
hw_output(x, y) = u8(blur(x, y) / 16);
output(x, y) = hw_output(x, y);
hw_output.compute_root().tile(x, y, xo, yo, xi, yi, {W2}, {H2}).hw_accelerate(xi, xo);
blur.compute_at(hw_output, xo).update().unroll(r.x).unroll(r.y);
hw_input.compute_at(hw_output, xo).store_in(MemoryType::MemoryTile);
input.accelerator_input();
realize(output, {{{W2}, {H2}}});
"""


# examples/halide/gemm_hw.hl with one accelerator run over the whole NxN
# product (k over N, unrolled by 4).
GEMM = """// C = A * B, hardware schedule, one {N}x{N} tile.
Var i, j, io, jo, ii, ji;
ImageParam A(Int(16), 2);
ImageParam B(Int(16), 2);
RDom k(0, {N});
Func prod, hw_output, C;
prod(j, i) = 0;
prod(j, i) += i32(A(k, i)) * i32(B(j, k));
hw_output(j, i) = prod(j, i);
C(j, i) = hw_output(j, i);
hw_output.compute_root().tile(j, i, jo, io, ji, ii, {N}, {N}).hw_accelerate(ji, jo);
prod.compute_at(hw_output, jo).store_in(MemoryType::MemoryTile).update().unroll(k, 4);
A.stream_to_accelerator();
B.stream_to_accelerator();
realize(C, {{{N}, {N}}});
"""

# (app, program, sizes, bound on the largest size's CPU seconds, anchor,
# mapped on Amber's MEM tiles).  One gemm run holds all of A and B (N^2
# words each: from 512x512 on more than Amber's 128 MEM tiles, a refusal
# that says so), so gemm is mapped on unbounded memories: the table times
# the analyses, and a tiled gemm (GLB tiles, issue 24 item 2) is what fits.
TABLE = [("gaussian", GAUSSIAN, [(64, 64), (640, 480), (1920, 1080), (6000, 4000)], 0.5,
          "Clockwork 1,018.9 s at 1920x1080", True),
         ("gemm", GEMM, [(32, 32), (128, 128), (512, 512), (2048, 2048)], 1.0, "Clockwork 22,366 s at 2048x2048",
          False)]
STAGES = [("import", None), ("extract..capacity", ["--ub-extract", "--ub-schedule", "--ub-capacity"]),
          ("map", ["--ub-map"])]


def cpu_of(cmd):
    """Runs cmd; its CPU time (user + sys) and its stderr, or None on failure."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return (cpu if p.returncode == 0 else None), p.stderr.strip().splitlines()


def table(args, translate, opt, root):
    """Times each stage at each size (fastest of n, CPU), one row a size."""
    acg = os.path.join(root, "archs", "amber-cgra.acg")
    ok = True
    print("| app | tile | import (s) | extract..capacity (s) | map (s) | total CPU (s) | / smallest | anchor |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        for app, text, sizes, bound, anchor, on_amber in TABLE:
            first = None
            for w, h in sizes:
                src = text.format(W2=w - 2, H2=h - 2, N=w)
                hl, mlir, mid, out = (os.path.join(d, n) for n in ("a.hl", "a.mlir", "b.mlir", "c.mlir"))
                with open(hl, "w") as f:
                    f.write(src)
                cmds = [[translate, "--limit=hl-buffer-elements=100000000", "--import-halide", hl, "-o", mlir],
                        [opt, mlir] + STAGES[1][1] + ["-o", mid],
                        [opt, mid] + (["--acg=" + acg] if on_amber else []) + STAGES[2][1] + ["-o", out]]
                best, err = None, None
                for _ in range(args.n):
                    times = []
                    for cmd in cmds:
                        t, e = cpu_of(cmd)
                        if t is None:
                            err = e[-1] if e else "failed"
                            break
                        times.append(t)
                    if err:
                        break
                    best = times if best is None or sum(times) < sum(best) else best
                if err:
                    ok = False
                    print(f"| {app} | {w}x{h} | refused: {err[:160]} | | | | | {anchor} |")
                    continue
                total = sum(best)
                first = first or total
                ratio = total / first
                ok = ok and ratio <= 2.0 and ((w, h) != sizes[-1] or total < bound)
                print(f"| {app} | {w}x{h} | {best[0]:.3f} | {best[1]:.3f} | {best[2]:.3f} | {total:.3f} | "
                      f"{ratio:.2f}x | {anchor} |")
    load = os.getloadavg()[0]
    print(f"\nrequirement (every size within 2x of the smallest; gaussian 6000x4000 < 0.5 s, gemm 2048x2048 < 1 s "
          f"of CPU): {'PASS' if ok else 'FAIL'} (load average {load:.1f} on {os.cpu_count()} cores)")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=3, help="runs (the fastest is kept)")
    ap.add_argument("--width", type=int, default=1920)
    ap.add_argument("--height", type=int, default=1080)
    ap.add_argument("--table", action="store_true", help="the table over tile sizes (issue 24)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    opt = os.environ.get("STRATA_OPT", os.path.join(root, "build", "bin", "strata-opt"))
    translate = os.path.join(os.path.dirname(opt), "strata-translate")
    if not os.path.exists(opt) or not os.path.exists(translate):
        print(f"strata-opt or strata-translate not found beside {opt} (build first or set STRATA_OPT)",
              file=sys.stderr)
        return 2
    if args.table:
        return table(args, translate, opt, root)
    w, h = args.width, args.height
    src = GAUSSIAN.format(W2=w - 2, H2=h - 2)
    with tempfile.TemporaryDirectory() as d:
        hl, lowered, result = (os.path.join(d, n) for n in ("gaussian.hl", "gaussian.mlir", "out.mlir"))
        with open(hl, "w") as f:
            f.write(src)
        acg = os.path.join(root, "archs", "amber-cgra.acg")
        cmds = [[translate, "--import-halide", hl, "-o", lowered],
                [opt, lowered, "--acg=" + acg, "--ub-extract", "--ub-schedule", "--ub-capacity", "--ub-map",
                 "-o", result]]
        best = cpu_best = None
        for _ in range(args.n):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            for cmd in cmds:
                subprocess.run(cmd, check=True)
            dt = time.perf_counter() - t0
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
            best = dt if best is None else min(best, dt)
            cpu_best = cpu if cpu_best is None else min(cpu_best, cpu)
        with open(result) as f:
            out = f.read()
    graph = [l.strip() for l in out.splitlines() if "ub.graph" in l or "ub.buffer" in l]
    mems = re.findall(r'ub\.mem @(\w+) \{buffer = "(\w+)".*kind = "(\w+)", node = "(\w+)".*words = (\d+) : i64\}', out)
    print(f"gaussian {w}x{h} (.hl): import + extraction + isl scheduling + capacity analysis + memory "
          f"mapping to Amber-like MEM tiles, fastest of {args.n}: {best:.3f} s wall, {cpu_best:.3f} s CPU "
          f"(user + sys)")
    print(f"Clockwork (seed-000 Table 6.2, its scheduling step alone): {CLOCKWORK_S} s, "
          f"{CLOCKWORK_S / best:.0f}x our wall time")
    for l in graph:
        print("  " + l[:120])
    for name, buf, kind, node, words in mems:
        print(f"  {name}: {kind} of {words} words in {node}")
    # The wall time counts waiting for a shared machine's cores; the CPU
    # time is what the compiler spends.
    load = os.getloadavg()[0]
    print(f"requirement (under 1 s of wall time): {'PASS' if best < 1.0 else 'FAIL'} "
          f"(load average {load:.1f} on {os.cpu_count()} cores; CPU time {cpu_best:.3f} s)")
    return 0 if best < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
