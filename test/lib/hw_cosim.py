#!/usr/bin/env python3
"""Co-simulation of a hw/comb/seq design: strata-hwsim against Verilator.

For a design (an .mlir file with hw.modules), this
  1. exports SystemVerilog (strata-translate --export-verilog) and lints it
     with `verilator --lint-only -Wall` (the output must be empty);
  2. generates seeded random stimulus for N cycles (inputs named rst/reset
     are high for the first two cycles and then rarely);
  3. runs strata-hwsim on it;
  4. builds the Verilator model with the generated testbench
     (strata-translate --export-verilator-tb) and runs it; builds are cached
     under $STRATA_VERILATOR_CACHE (default <repo>/build/verilator-cache),
     keyed by a hash of the generated sources and the Verilator version;
  5. compares the two outputs cycle by cycle and prints the first mismatch.

Usage: hw_cosim.py DESIGN --work DIR [--cycles N] [--seed S] [--lint-only] [--flip-cycle C]
                  [--canonicalize] [--vcd FILE]
Prints `lint clean`, then `N cycles identical`; exits 1 on any difference.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        sys.stdout.write(r.stdout)
        sys.exit('hw_cosim: command failed (%d): %s' % (r.returncode, ' '.join(cmd)))
    return r.stdout


def ports(tb_text, which):
    m = re.search(r'^// %s:(.*)$' % which, tb_text, re.M)
    out = []
    for item in m.group(1).split():
        name, width = item.rsplit(':', 1)
        out.append((name, int(width)))
    return out


def stimulus(inputs, cycles, seed):
    rng = random.Random(seed)
    lines = []
    for c in range(cycles):
        vals = []
        for name, width in inputs:
            if name.lower() in ('rst', 'reset'):
                v = 1 if c < 2 or rng.random() < 1 / 32 else 0
            else:
                v = rng.getrandbits(width) if width else 0
            vals.append('%x' % v)
        lines.append(' '.join(vals))
    return '\n'.join(lines) + '\n'


def verilator_version():
    return run(['verilator', '--version']).strip()


def build_model(top, sv_path, tb_path, work, trace=False):
    """The path of the testbench binary, from the cache or built now."""
    cache = os.environ.get('STRATA_VERILATOR_CACHE') or os.path.join(REPO, 'build', 'verilator-cache')
    flags = ['--cc', '--exe', '--build', '-j', '2', '--x-initial', '0', '--top-module', top,
             '-MAKEFLAGS', 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O1'] + (['--trace'] if trace else [])
    h = hashlib.sha256()
    for part in (open(sv_path, 'rb').read(), open(tb_path, 'rb').read(), verilator_version().encode(),
                 ' '.join(flags).encode()):
        h.update(part)
        h.update(b'\0')
    key = h.hexdigest()[:24]
    binary = os.path.join(cache, key, 'V' + top + '_tb')
    if os.path.exists(binary):
        return binary, True
    build = os.path.join(work, 'obj')
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build)
    run(['verilator'] + flags + ['--Mdir', build, '-o', 'tb', sv_path, tb_path])
    os.makedirs(os.path.join(cache, key), exist_ok=True)
    # Copy, then rename: a concurrent run sees the whole binary or none.
    fd, tmp = tempfile.mkstemp(dir=os.path.join(cache, key))
    os.close(fd)
    shutil.copy2(os.path.join(build, 'tb'), tmp)
    os.replace(tmp, binary)
    shutil.rmtree(build, ignore_errors=True)
    return binary, False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('design')
    ap.add_argument('--work', required=True)
    ap.add_argument('--cycles', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--lint-only', action='store_true')
    # For the helper's own test: flip the lowest output bit of strata-hwsim
    # at this cycle, to show that a difference is found and reported.
    ap.add_argument('--flip-cycle', type=int, default=-1)
    # Also simulate the design after `strata-opt --canonicalize`: comb's and
    # hw's folders and patterns must not change what it computes.
    ap.add_argument('--canonicalize', action='store_true')
    # Build the model with --trace and have the testbench write this VCD.
    ap.add_argument('--vcd')
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    sv = os.path.join(a.work, 'design.sv')
    tb = os.path.join(a.work, 'tb.cpp')
    run(['strata-translate', '--export-verilog', a.design, '-o', sv])
    run(['strata-translate', '--export-verilator-tb', a.design, '-o', tb])
    tb_text = open(tb).read()
    top = re.search(r'^// usage: V(\S+) ', tb_text, re.M).group(1)
    lint = run(['verilator', '--lint-only', '-Wall', '--top-module', top, sv])
    if lint.strip():
        sys.stdout.write(lint)
        sys.exit('hw_cosim: verilator --lint-only -Wall reported the above')
    print('lint clean')
    if a.lint_only:
        return
    inputs, outputs = ports(tb_text, 'inputs'), ports(tb_text, 'outputs')
    stim = os.path.join(a.work, 'stimulus.txt')
    with open(stim, 'w') as f:
        f.write(stimulus(inputs, a.cycles, a.seed))
    sim_out = os.path.join(a.work, 'hwsim.txt')
    run(['strata-hwsim', a.design, '--top=' + top, '--stimulus=' + stim, '-o', sim_out])
    if a.canonicalize:
        canon = os.path.join(a.work, 'canonical.mlir')
        run(['strata-opt', '--canonicalize', a.design, '-o', canon])
        canon_out = os.path.join(a.work, 'hwsim-canonical.txt')
        run(['strata-hwsim', canon, '--top=' + top, '--stimulus=' + stim, '-o', canon_out])
        if open(canon_out).read() != open(sim_out).read():
            sys.exit('hw_cosim: the canonicalized design computes something else (%s vs %s)' % (canon_out, sim_out))
        print('canonicalized design identical')
    binary, cached = build_model(top, sv, tb, a.work, trace=bool(a.vcd))
    vl_out = os.path.join(a.work, 'verilator.txt')
    run([binary, stim, vl_out] + ([a.vcd] if a.vcd else []))
    stim_lines = open(stim).read().splitlines()
    got, want = open(sim_out).read().splitlines(), open(vl_out).read().splitlines()
    if 0 <= a.flip_cycle < len(got):
        line = got[a.flip_cycle]
        got[a.flip_cycle] = line[:-1] + '%x' % (int(line[-1], 16) ^ 1)
    if len(got) != a.cycles or len(want) != a.cycles:
        sys.exit('hw_cosim: %d cycles asked, strata-hwsim wrote %d lines, Verilator %d'
                 % (a.cycles, len(got), len(want)))
    for c, (g, w) in enumerate(zip(got, want)):
        if g != w:
            names = ' '.join(n for n, _ in outputs)
            print('first mismatch at cycle %d' % c)
            print('  inputs (%s): %s' % (' '.join(n for n, _ in inputs), stim_lines[c]))
            print('  strata-hwsim (%s): %s' % (names, g))
            print('  verilator    (%s): %s' % (names, w))
            sys.exit(1)
    print('%d cycles identical (%s model)' % (a.cycles, 'cached' if cached else 'new'))


if __name__ == '__main__':
    main()
