#!/usr/bin/env python3
"""bench/systolic/codegen.py: the cost of the systolic target's code
generation against a layer's repeat count (issue 26: a 4x3000000 GEMM's
code generation took 19 s).  GEMMs whose reduction (K) or output (N)
dimension grows from 30 000 to 3 000 000 are compiled by stratac
(--no-sim) for the 16x16 machine; the table gives the tiles (the repeat
count of the unrolled tile loops), the program's words, and the
`codegen` and `systolic-map` stages of compile_ms.  With --before
STRATAC, a second stratac (an older build) compiles the same layers in
the same run, side by side.

  python3 bench/systolic/codegen.py [--before /path/to/old/stratac]

Python 3 standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ARCH = os.path.join(ROOT, "archs", "genesys-systolic-16x16.acg")
SIZES = [30000, 300000, 3000000]


def layer(kind, n):
    if kind == "K":
        m, k, nn = 4, n, 4
    else:
        m, k, nn = 4, 4, n
    return ("func.func @g(%%A: memref<%dx%dxi8>, %%B: memref<%dx%dxi8>, %%C: memref<%dx%dxi32>) {\n"
            "  codelet.gemm %%A, %%B, %%C : memref<%dx%dxi8>, memref<%dx%dxi8>, memref<%dx%dxi32>\n  return\n}\n"
            % (m, k, k, nn, m, nn, m, k, k, nn, m, nn)), "%dx%d by %dx%d" % (m, k, k, nn)


def run(exe, path, out):
    r = subprocess.run([exe, path, "--target", ARCH, "-o", out, "-q", "--no-sim"], capture_output=True, text=True)
    if r.returncode:
        return None
    with open(os.path.join(out, "qor.json")) as f:
        q = json.load(f)
    plan = list(q["systolic"]["layers"].values())[0]
    return {"codegen": q["compile_ms"].get("codegen", 0), "map": q["compile_ms"].get("systolic-map", 0),
            "words": q["systolic"]["words"], "tiles": plan["tiles"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stratac", default=os.environ.get("STRATAC", os.path.join(ROOT, "build", "bin", "stratac")))
    ap.add_argument("--before", help="an older stratac to compare with, in the same run")
    a = ap.parse_args()
    tools = [("now", a.stratac)] + ([("before", a.before)] if a.before else [])
    print("| GEMM | tiles (p, q, k, c) | words | " + " | ".join("%s: codegen ms, map ms" % t for t, _ in tools) + " |")
    print("|---|---|---|" + "---|" * len(tools))
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("K", "N"):
            for n in SIZES:
                text, name = layer(kind, n)
                path = os.path.join(tmp, "g.mlir")
                with open(path, "w") as f:
                    f.write(text)
                cells, first = [], None
                for t, exe in tools:
                    d = run(exe, path, os.path.join(tmp, "%s-%s-%d" % (t, kind, n)))
                    first = first or d
                    cells.append("failed" if d is None else "%.0f, %.0f" % (d["codegen"], d["map"]))
                tiles = ", ".join(str(first["tiles"][k]) for k in "pqkc") if first else ""
                print("| %s | %s | %s | %s |" % (name, tiles, first["words"] if first else "", " | ".join(cells)),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
