#!/usr/bin/env python3
"""Checks a pipelined kernel's qor.json: the reported II is the expected one
(the memory-port bound, computed by hand in the test) and the simulated
cycles are within 5% of outer x (trip x II + depth).

usage: check_cycles.py qor.json --ii N --trip N --depth N [--outer N]"""
import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument('qor')
ap.add_argument('--ii', type=int, required=True)
ap.add_argument('--trip', type=int, required=True)
ap.add_argument('--depth', type=int, required=True)
ap.add_argument('--outer', type=int, default=1)
a = ap.parse_args()
q = json.load(open(a.qor))
want = a.outer * (a.trip * a.ii + a.depth)
cycles, ii = q['cycles'], q['ii']
ok = ii == a.ii and abs(cycles - want) <= 0.05 * want
print('ii %s (want %d), cycles %s, expected %d: %s' % (ii, a.ii, cycles, want, 'within 5%' if ok else 'OUT OF BOUNDS'))
sys.exit(0 if ok else 1)
