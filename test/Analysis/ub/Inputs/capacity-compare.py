#!/usr/bin/env python3
"""Runs ub-capacity on one input twice, with the closed form where it applies
(method=auto) and by enumerating every access (method=enumerate, the
reference), and prints each buffer's capacity and how auto found it:

    <graph> <buffer> <capacity> closed|enumerated

Exits 1 when the two disagree on a capacity, a kind or the graph's memory.
Usage: capacity-compare.py INPUT(.hl|.mlir) [strata-opt passes before
ub-capacity...]; strata-opt and strata-translate are found on PATH."""
import re
import subprocess
import sys


def run(text, passes, method):
    out = subprocess.run(["strata-opt", "-", *passes, f"--ub-capacity=method={method}"], input=text,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"strata-opt ({method}) failed:\n{out.stderr}")
    graphs, graph = {}, None
    for line in out.stdout.splitlines():
        g = re.search(r"ub\.graph @(\w+) attributes \{(.*)\}", line)
        if g:
            graph = g.group(1)
            graphs[graph] = {"": re.search(r"memory = (\d+)", g.group(2)).group(1)}
        b = re.search(r"ub\.buffer @(\w+) \{(.*)\}", line)
        if b and graph:
            attrs = b.group(2)
            cap = re.search(r"capacity = (\d+)", attrs).group(1)
            kind = re.search(r'kind = "(\w+)"', attrs)
            how = "enumerated" if re.search(r"(^|, )enumerated(,|$)", attrs) else "closed"
            graphs[graph][b.group(1)] = (cap, kind.group(1) if kind else "", how)
    return graphs


def main():
    src = sys.argv[1]
    if src.endswith(".hl"):
        text = subprocess.run(["strata-translate", "--import-halide", src], capture_output=True, text=True,
                              check=True).stdout
    else:
        with open(src) as f:
            text = f.read()
    auto, ref = run(text, sys.argv[2:], "auto"), run(text, sys.argv[2:], "enumerate")
    bad = 0
    for graph, bufs in auto.items():
        for name, val in bufs.items():
            want = ref[graph][name]
            if name == "":
                if val != want:
                    print(f"MISMATCH {graph} memory {val} (enumerated: {want})")
                    bad += 1
                continue
            if val[:2] != want[:2]:
                print(f"MISMATCH {graph} {name} {val[0]} {val[1]} (enumerated: {want[0]} {want[1]})")
                bad += 1
            print(f"{graph} {name} {val[0]} {val[2]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
