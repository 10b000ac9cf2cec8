#!/usr/bin/env python3
"""Compares the simulated cycles of two stratac runs of one kernel: the
parallel run must take at most 1/MIN of the sequential run's cycles.

usage: speedup.py PARALLEL/qor.json SEQUENTIAL/qor.json --min N"""
import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument('parallel')
ap.add_argument('sequential')
ap.add_argument('--min', type=float, required=True)
a = ap.parse_args()
par, seq = json.load(open(a.parallel))['cycles'], json.load(open(a.sequential))['cycles']
ok = par * a.min <= seq
print('parallel %d cycles, sequential %d: %.2fx %s' % (par, seq, seq / par, 'faster' if ok else 'NOT FAST ENOUGH'))
sys.exit(0 if ok else 1)
