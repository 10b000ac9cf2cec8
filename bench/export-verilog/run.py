#!/usr/bin/env python3
"""Times `strata-translate --export-verilog` on one hw.module of 100,000 ops.

Issue 5, "Done when" item 4: the export (parse + verify + export) must take
under 2 s.  The module chains comb ops of every kind over 32-bit values with
a register every 64 ops, so every op depends on the ones before it.

Usage: python3 bench/export-verilog/run.py [--ops N] [-n RUNS]
  STRATA_TRANSLATE=path selects the binary (default build/bin/strata-translate).
Exit status: 0 if the best run is under the limit, 1 if not, 2 on a setup problem.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIMIT_S = 2.0


def generate(n):
    """A module of exactly n ops (the hw.output included)."""
    lines = ['hw.module @big(in %clk : !seq.clock, in %a : i32, in %b : i32, out r : i32) {',
             '  %k = hw.constant 12345 : i32']
    count = 1
    prev, other = '%a', '%b'
    i = 0
    kinds = ['add', 'xor', 'and', 'or', 'sub', 'mul', 'shl', 'shru', 'mux', 'cat']
    while count < n - 1:
        v = '%%v%d' % i
        kind = kinds[i % len(kinds)]
        if i % 64 == 63 and count < n - 2:
            lines.append('  %s = seq.compreg %s, %%clk : i32' % (v, prev))
            count += 1
        elif kind == 'mux' and count < n - 3:
            lines.append('  %%c%d = comb.icmp ult %s, %s : i32' % (i, prev, other))
            lines.append('  %s = comb.mux %%c%d, %s, %s : i32' % (v, i, prev, other))
            count += 2
        elif kind == 'cat' and count < n - 4:
            lines.append('  %%h%d = comb.extract %s from 16 : (i32) -> i16' % (i, prev))
            lines.append('  %%l%d = comb.extract %s from 0 : (i32) -> i16' % (i, other))
            lines.append('  %s = comb.concat %%l%d, %%h%d : i16, i16' % (v, i, i))
            count += 3
        else:
            op = kind if kind not in ('mux', 'cat') else 'add'
            lines.append('  %s = comb.%s %s, %s : i32' % (v, op, prev, '%k' if op in ('shl', 'shru') else other))
            count += 1
        other, prev = prev, v
        i += 1
    lines.append('  hw.output %s : i32' % prev)
    lines.append('}')
    return '\n'.join(lines) + '\n', count + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ops', type=int, default=100000)
    ap.add_argument('-n', type=int, default=3, help='runs; the fastest counts')
    a = ap.parse_args()
    tool = os.environ.get('STRATA_TRANSLATE', os.path.join(ROOT, 'build', 'bin', 'strata-translate'))
    if not os.access(tool, os.X_OK):
        print('strata-translate not found at %s (build first or set STRATA_TRANSLATE)' % tool)
        return 2
    text, nops = generate(a.ops)
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, 'big.mlir'), os.path.join(d, 'big.sv')
        with open(src, 'w') as f:
            f.write(text)
        best = None
        for _ in range(a.n):
            t0 = time.perf_counter()
            r = subprocess.run([tool, '--export-verilog', src, '-o', out], stderr=subprocess.PIPE, text=True)
            dt = time.perf_counter() - t0
            if r.returncode:
                print(r.stderr)
                return 1
            best = dt if best is None else min(best, dt)
        sv_lines = sum(1 for _ in open(out))
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float('nan')
    print('ops in the module: %d; Verilog lines: %d' % (nops, sv_lines))
    print('export-verilog (parse + verify + export), best of %d: %.3f s (limit %.1f s; load average %.1f)'
          % (a.n, best, LIMIT_S, load))
    ok = best < LIMIT_S
    print('verdict: %s' % ('PASS' if ok else 'FAIL'))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
