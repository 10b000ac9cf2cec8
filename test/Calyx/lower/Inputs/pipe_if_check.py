#!/usr/bin/env python3
"""Checks a stratac run of pipe-if.mlir (e2e-pipe-if.mlir) apart from the
interpreter: the drawn inputs take both branches of every if (else the run
would show nothing about if-conversion), and the simulated memories equal a
Python reference; in particular Q holds N * 5, not the divider's word,
where the divisor was 0.

usage: pipe_if_check.py <stratac output dir>"""
import sys

d = sys.argv[1]


def words(kind, i):
    return [int(x) for x in open('%s/%s/arg%d.txt' % (d, kind, i)).read().split()]


def s32(v):
    return v - (1 << 32) if v >= 1 << 31 else v


def u32(v):
    return v & 0xffffffff


ins = [[s32(v) for v in words('inputs', i)] for i in range(8)]
outs = [[s32(v) for v in words('outputs', i)] for i in range(8)]
N, D, Q, A, B, C, X, Y = ins
ok = True


def expect(what, cond):
    global ok
    print('%s: %s' % (what, 'ok' if cond else 'WRONG'))
    ok = ok and cond


zero = [(v & 3) == 0 for v in D]
expect('both divz branches (%d zero divisors)' % sum(zero), 0 < sum(zero) < len(D))
pos = [v > 0 for v in A]
odd = [v > 0 and v & 1 for v in A]
even = [v <= 0 and not v & 1 for v in A]
expect('both stores branches, nested ifs taken', 0 < sum(pos) < len(A) and 0 < sum(odd) < sum(pos) and
       0 < sum(even) < len(A) - sum(pos))
q = []
for n, w in zip(N, D):
    dv = w & 3
    # C's truncating division; N * 5 wraps at 32 bits
    q.append(s32(u32(n * 5)) if dv == 0 else (abs(n) // dv) * (1 if n >= 0 else -1))
expect('Q (N * 5 at the zero divisors)', outs[2] == q)
expect('B', outs[4] == [s32(u32(3 * x)) if x > 0 else s32(u32(-x)) for x in A])
expect('C (only the positive odd and the other even words written)',
       outs[5] == [x if x > 0 and x & 1 else s32(u32(-x)) if x <= 0 and not x & 1 else c for x, c in zip(A, C)])
expect('Y', outs[7] == [7] + X[:-1])
sys.exit(0 if ok else 1)
