#!/usr/bin/env python3
"""Issue 29's sweep, measured: a sweep (default amber-cgra.json, 3 parameters
x 3 values x 4 apps = 108 jobs) run by strata-dse on this machine with -j
workers and through a one-node Slurm cluster started here
(test/lib/slurm-cluster.sh), side by side in one run: wall time, jobs per
minute, and whether the two give byte-identical results.json.  The local run
is the anchor: the Slurm column is what the scheduler costs on top of it.

    python3 bench/dse/run.py [SWEEP.json] [-j 2] [--no-slurm] [--keep DIR]

Needs a built tree (build/bin/strata-dse, stratac), and for Slurm the
packages of scripts/install-deps.sh.  Exit status 0 when every run
finished and the results agree.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, env=None):
    t0 = time.monotonic()
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, time.monotonic() - t0, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('sweep', nargs='?', default=os.path.join(ROOT, 'bench/dse/amber-cgra.json'))
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'))
    ap.add_argument('--no-slurm', action='store_true')
    ap.add_argument('--keep', help='keep the output folders here')
    a = ap.parse_args()
    dse = os.path.join(a.build, 'bin/strata-dse')
    if not os.access(dse, os.X_OK):
        print(f'run.py: {dse} is missing: build first', file=sys.stderr)
        return 2
    work = a.keep or tempfile.mkdtemp(prefix='strata-dse-bench-')
    os.makedirs(work, exist_ok=True)
    rows = []
    rc, secs, out = run([dse, 'run', a.sweep, '-o', os.path.join(work, 'local'), '-j', str(a.j)])
    rows.append(('local', f'-j {a.j}', rc, secs))
    print(out.split('# Sweep')[-1] if rc == 0 else out)
    ok = rc == 0
    if not a.no_slurm:
        cluster = os.path.join(work, 'cluster')
        crc, _, conf = run([os.path.join(ROOT, 'test/lib/slurm-cluster.sh'), 'start', cluster])
        if crc != 0:
            print(conf, file=sys.stderr)
            return 2
        env = dict(os.environ, SLURM_CONF=conf.strip().splitlines()[-1])
        try:
            rc, secs, out = run([dse, 'run', a.sweep, '-o', os.path.join(work, 'slurm'), '--slurm', '--chunk', '6', '-q'],
                                env=env)
        finally:
            run([os.path.join(ROOT, 'test/lib/slurm-cluster.sh'), 'stop', cluster])
        rows.append(('slurm', 'array, 6 jobs a task', rc, secs))
        ok = ok and rc == 0
        if rc != 0:
            print(out)
    results = {}
    for name, _, rc, _ in rows:
        path = os.path.join(work, name, 'results.json')
        results[name] = open(path).read() if rc == 0 and os.path.exists(path) else None
    njobs = len(json.loads(results['local'])['jobs']) if results.get('local') else 0
    print(f'\nsweep {a.sweep}: {njobs} jobs\n')
    print('| run | how | wall s | jobs/min | exit |')
    print('|---|---|---|---|---|')
    for name, how, rc, secs in rows:
        print(f'| {name} | {how} | {secs:.1f} | {60 * njobs / secs:.1f} | {rc} |')
    if 'slurm' in results:
        same = results['local'] is not None and results['local'] == results['slurm']
        print(f'\nresults.json identical local vs slurm: {"yes" if same else "NO"}')
        ok = ok and same
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f'outputs in {work}')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
