#!/usr/bin/env python3
"""bench/rda: the apps of issue 27 through stratac on the rda targets, side
by side with the SARA thesis's published numbers, in one run.

Usage: run.py [--size table|ci] [--only dot,gemm,...] [--ilp-seconds S]
              [--par app=N,...] [--sweep] [--out DIR]

For every app: the kernel at its Table 4.1 size (--size table; k-means and
LogReg rewritten from their examples by TABLE; the apps of
chapter 3 at their examples/rda size, which the table does not list) or at
the size of examples/rda (--size ci), inputs from test/lib/words.py, one
`stratac --alloc ilp --par P` run on archs/plasticine-rda.acg (P from PAR;
its report holds the heuristic's and the ILP's unit counts), and the
table: par, cycles,
ideal_cycles, compute_occupancy, DRAM bandwidth used, units by kind,
compute units after partitioning and merging by heuristic and by ILP, the
solvers' times and gap, compile time.  Then SARA's Table 3.7 throughputs
next to ours, each as a share of its machine's DRAM-bound throughput (the
two machines differ in bandwidth), and the requirements of issue 27's
Done-when 2 with a verdict each.

--sweep: Done-when 3, the `par` factor swept for dot, GEMM and BlackScholes
over the 8x8, 16x8 and 20x20 targets (cycles, and the DRAM bound), as a
markdown table (the shape of the thesis's Figure 3.26, whose values are not
published).

Exit status: 0 when every run verified and every requirement holds, 1
otherwise, 2 on a setup problem.  Needs build/bin/stratac (STRATAC=path).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(BENCH))
EX = os.path.join(ROOT, 'examples', 'rda')
WORDS = os.path.join(ROOT, 'test', 'lib', 'words.py')
ARCHS = os.path.join(ROOT, 'archs')

# app -> (source, (CI size, Table 4.1 size) of the substituted extent or None,
#         kind by SARA's classification, inputs(n) as words.py specs)
F = 'f32:0.5:2'
APPS = {
    'dot': ('dot.mlir', (4096, 1048576), 'dram',
            lambda n: ['arg0=%d:i32:-100:100' % n, 'arg1=%d:i32:-100:100' % n]),
    'outer': ('outer.mlir', (64, 1024), 'dram',
              lambda n: ['arg0=%d:%s' % (n, F), 'arg1=%d:%s' % (n, F)]),
    'gemm': ('gemm.mlir', (32, 256), 'compute',
             lambda n: ['arg0=%d:%s' % (n * n, F), 'arg1=%d:%s' % (n * n, F)]),
    'blackscholes': ('blackscholes.mlir', (1024, 1048576), 'dram',
                     lambda n: ['arg0=%d:%s' % (n, F), 'arg1=%d:%s' % (n, F), 'arg2=%d:%s' % (n, F),
                                'arg3=%d:f32:0.01:0.1' % n, 'arg4=%d:f32:0.1:0.5' % n]),
    'tpch6': ('tpch6.mlir', (4096, 1048576), 'dram',
              lambda n: ['arg0=%d:i32:0:50' % n, 'arg1=%d:i32:0:10' % n, 'arg2=%d:i32:0:50' % n,
                         'arg3=%d:i32:0:1000' % n]),
    'kmeans': ('kmeans.mlir', None, 'compute', lambda n: ['arg0=512:%s' % F, 'arg1=32:%s' % F]),
    'logreg': ('logreg.pm', None, 'compute',
               lambda n: ['x=512:f32:-1:1', 'y=32:f32:0:1', 'w=16:f32:-0.1:0.1', 'mu=1:f32:0.01:0.011']),
    'mlp': ('mlp.mlir', None, 'compute',
            lambda n: ['arg0=512:f32:-1:1', 'arg1=1024:f32:-1:1', 'arg2=32:f32:-1:1', 'arg3=256:f32:-1:1',
                       'arg4=8:f32:-1:1']),
    'pagerank': ('pagerank.mlir', None, 'dram',
                 lambda n: ['arg0=65:csr:0:512', 'arg1=512:i32:0:64', 'arg2=64:%s' % F, 'arg3=64:f32:1:8']),
    'randomforest': ('randomforest.mlir', None, 'compute',
                     lambda n: ['arg0=4096:f32:0:1', 'arg1=60:i32:0:64', 'arg2=60:f32:0:1', 'arg3=64:f32:-1:1']),
}

# Apps with several extents, at their Table 4.1 sizes (--size table): the
# examples text rewritten, the inputs to match, and the size shown.
# k-means: n = 8192 points (64 in the example), k = 64 centroids (4),
# dim = 64 (8), 2 iterations as in the example.  LogReg: 8192 samples (32)
# of 128 features (16), 4 gradient steps (2), on the 20x20 machine: four
# steps at this size need 75 PCUs, plasticine-rda.acg has 64 (SARA's
# Plasticine is 20x20 too).  The last field names the .acg when it is not
# plasticine-rda.acg.
KMEANS_TABLE = {'64': '8192', '4': '64', '8': '64'}
TABLE = {
    'kmeans': (lambda t: ''.join(l if l.lstrip().startswith('//') else
                                 re.sub(r'(?<![0-9fie.])(64|4|8)(?![0-9])', lambda m: KMEANS_TABLE[m.group(1)], l)
                                 for l in t.splitlines(True)),
               ['arg0=%d:%s' % (8192 * 64, F), 'arg1=%d:%s' % (64 * 64, F)], '8192x64x64', None),
    'logreg': (lambda t: t.replace('x[32][16]', 'x[8192][128]').replace('y[32]', 'y[8192]')
               .replace('w[16]', 'w[128]').replace('  DA: step(x, y, w, mu);\n', '  DA: step(x, y, w, mu);\n' * 2),
               ['x=%d:f32:-1:1' % (8192 * 128), 'y=8192:f32:0:1', 'w=128:f32:-0.1:0.1', 'mu=1:f32:0.01:0.011'],
               '8192x128 (4 steps, 20x20)', 'plasticine-rda-20x20.acg'),
}

# The par factor of each app in the main table (SARA picks one per app by its
# design-space exploration; these are the largest powers of two that map on
# plasticine-rda.acg and shorten the run: GEMM's rows go to 16 copies, each
# with its own copies of A and B).  --par app=N,... overrides them.
PAR = {'gemm': 16}

# SARA, Table 3.7 (Plasticine 20x20, 1 GHz, 1 TB/s HBM2): throughput, its
# unit, and what one item moves to or from DRAM (our kernels' words), so
# that both machines are compared as a share of their DRAM-bound rate.
SARA = {
    'blackscholes': (88.88e9, 'GOptions/s', 7 * 4),
    'pagerank': (49e6, 'MEdges/s', None),
    'randomforest': (1.04e6, 'MSamples/s', None),
}
SARA_BYTES_PER_S = 1e12


def die(msg, code=2):
    print('bench/rda: %s' % msg, file=sys.stderr)
    sys.exit(code)


def kernel_text(app, n, table=False):
    src, sizes, _, _ = APPS[app]
    text = open(os.path.join(EX, src)).read()
    if table and app in TABLE:
        return TABLE[app][0](text)
    if sizes and n != sizes[0]:
        text = re.sub(r'(?<![0-9fi])%d(?![0-9])' % sizes[0], str(n), text)  # not the 32 of f32, i32
    return text


def run_app(stratac, app, n, acg, work, extra, max_cycles, table=False):
    src = APPS[app][0]
    table = table and app in TABLE
    d = os.path.join(work, '%s-%s-%s-%s' % (app, os.path.basename(acg)[:-4], TABLE[app][2] if table else n,
                                            '-'.join(extra).replace('-', '')))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    kern = os.path.join(d, 'kernel' + os.path.splitext(src)[1])
    with open(kern, 'w') as f:
        f.write(kernel_text(app, n, table))
    inputs = TABLE[app][1] if table else APPS[app][3](n)
    subprocess.run([sys.executable, WORDS, os.path.join(d, 'in')] + inputs, check=True)
    out = os.path.join(d, 'out')
    cmd = [stratac, kern, '--target', acg, '--inputs', os.path.join(d, 'in'), '-o', out, '-q',
           '--max-cycles', str(max_cycles)] + extra
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    if r.returncode != 0:
        lines = r.stderr.strip().splitlines()
        errs = [l.split('error: ', 1)[1] for l in lines if 'error: ' in l]
        return None, wall, errs[0] if errs else (lines or ['exit %d' % r.returncode])[-1]
    with open(os.path.join(out, 'qor.json')) as f:
        return json.load(f), wall, None


def fmt(v, spec='%s'):
    return '-' if v is None else spec % v


def main_table(args, stratac, work):
    acg = os.path.join(ARCHS, 'plasticine-rda.acg')
    rows, ok = [], True
    print('| app | size | par | cycles | ideal | occupancy | DRAM BW used | PCU | PMU | partitioned h/ilp | merged h/ilp '
          '| heuristic ms | ILP ms (solved, gap, optimal) | compile s | verified |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for app in args.only:
        sizes = APPS[app][1]
        n = (sizes[1] if args.size == 'table' else sizes[0]) if sizes else 0
        par = args.par.get(app, PAR.get(app, 1))
        table = args.size == 'table' and app in TABLE
        shown = TABLE[app][2] if table else n or 'examples'
        app_acg = os.path.join(ARCHS, TABLE[app][3]) if table and TABLE[app][3] else acg
        q, wall, err = run_app(stratac, app, n, app_acg, work, ['--alloc', 'ilp', '--ilp-seconds', str(args.ilp_seconds),
                                                            '--par', str(par)], args.max_cycles, table)
        if q is None:
            print('| %s | %s | %d | failed: %s |||||||||||| no |' % (app, shown, par, err))
            ok = False
            continue
        r, u = q['rda'], q['utilization']
        ilp = r['ilp'] or {}
        compile_s = sum(v for k, v in q['compile_ms'].items() if k not in ('simulate', 'reference')) / 1e3
        print('| %s | %s | %d | %d | %d | %.3f | %.3f | %d | %d | %d/%d | %d/%d | %.1f | %.0f (%d, %.4f, %s) | %.2f | %s |' % (
            app, shown, par, q['cycles'], q['ideal_cycles'], q['compute_occupancy'], r['dram_bandwidth_used'],
            u['PCU']['used'], u['PMU']['used'], r['compute_units_partitioned']['heuristic'],
            r['compute_units_partitioned']['ilp'], r['compute_units_merged']['heuristic'],
            r['compute_units_merged']['ilp'], r['heuristic_ms'], ilp.get('ms', 0), ilp.get('solved', 0),
            ilp.get('gap', 0), ilp.get('optimal'), compile_s, q['verified']))
        rows.append((app, n, q))
    print()
    print('SARA (Table 3.7: 20x20, 1 TB/s) and ours (plasticine-rda.acg, %s), each as a share of its DRAM-bound rate:'
          % 'clock and bandwidth of the .acg')
    print('| app | SARA | SARA / its DRAM bound | ours | ours / our DRAM bound |')
    print('|---|---|---|---|---|')
    for app, n, q in rows:
        if app not in SARA:
            continue
        thr, unit, item_bytes = SARA[app]
        items = n or 64
        ours = items / q['cycles']  # items per cycle at the .acg's clock (1 GHz)
        bpc = q['rda']['dram_bits_per_cycle'] / 8
        scale = float(unit[0] == 'G' and 1e9 or 1e6)
        if item_bytes:
            sara_share = thr / (SARA_BYTES_PER_S / item_bytes)
            our_share = ours / (bpc / item_bytes)
            print('| %s | %.2f %s | %.2f | %.4f %s | %.2f |' % (app, thr / scale, unit, sara_share, ours * 1e9 / scale,
                                                                  unit, our_share))
        else:
            print('| %s | %.2f %s | - | %.4f %s | %.2f (compute_occupancy) |' % (
                app, thr / scale, unit, ours * 1e9 / scale, unit, q['compute_occupancy']))
    print()
    print('Requirements (issue 27, Done-when 2):')
    for app, n, q in rows:
        r = q['rda']
        checks = []
        for k in ('compute_units_partitioned', 'compute_units_merged'):
            checks.append(('%s: ILP %d <= heuristic %d' % (k, r[k]['ilp'], r[k]['heuristic']),
                           r[k]['ilp'] <= r[k]['heuristic']))
        ilp = r['ilp']
        checks.append(('ILP within its limit (%d ILPs, %.1f s <= %d x %d s + 5%%)' % (
            ilp['solved'], ilp['ms'] / 1e3, ilp['solved'], args.ilp_seconds),
            ilp['ms'] / 1e3 <= ilp['solved'] * args.ilp_seconds * 1.05 + 1))
        if APPS[app][2] == 'compute':
            checks.append(('compute-bound: compute_occupancy %.3f >= 0.75' % q['compute_occupancy'],
                           q['compute_occupancy'] >= 0.75))
        else:
            checks.append(('DRAM-bound: DRAM bandwidth used %.3f >= 0.90' % r['dram_bandwidth_used'],
                           r['dram_bandwidth_used'] >= 0.9))
        for what, good in checks:
            print('  %-12s %s %s' % (app, 'PASS' if good else 'FAIL', what))
            ok = ok and good
    return ok


def sweep(args, stratac, work):
    sizes = {'dot': 65536, 'gemm': 64, 'blackscholes': 16384}
    ok = True
    for acg in ('plasticine-rda-8x8.acg', 'plasticine-rda.acg', 'plasticine-rda-20x20.acg'):
        reasons = []
        print('\n%s: cycles by par (DRAM bound in brackets; the reasons of what does not map below)\n' % acg)
        print('| app | size | ' + ' | '.join('par %d' % p for p in (1, 2, 4, 8, 16)) + ' |')
        print('|---|---|' + '---|' * 5)
        for app in ('dot', 'gemm', 'blackscholes'):
            cells = []
            for par in (1, 2, 4, 8, 16):
                q, wall, err = run_app(stratac, app, sizes[app], os.path.join(ARCHS, acg), work,
                                       ['--par', str(par)], args.max_cycles)
                if q is None:
                    fits = re.search(r'\bneeds?\b', err or '') is not None
                    if err not in reasons:
                        reasons.append(err)
                    cells.append('%s [%d]' % ('does not map' if fits else 'failed', reasons.index(err) + 1))
                    ok = ok and fits
                else:
                    r = q['rda']
                    bound = (r['dram_read_bytes'] + r['dram_write_bytes']) * 8 // r['dram_bits_per_cycle']
                    cells.append('%d [%d]' % (q['cycles'], bound))
            print('| %s | %d | %s |' % (app, sizes[app], ' | '.join(cells)))
        print()
        for i, why in enumerate(reasons):
            print('[%d] %s' % (i + 1, why))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--size', choices=('table', 'ci'), default='table')
    ap.add_argument('--only', default=','.join(APPS))
    ap.add_argument('--ilp-seconds', type=int, default=60)
    ap.add_argument('--max-cycles', type=int, default=50000000)
    ap.add_argument('--sweep', action='store_true')
    ap.add_argument('--par', default='', help='app=N,... : par factors for the main table (default: PAR)')
    ap.add_argument('--out', default=os.path.join(BENCH, 'out'))
    args = ap.parse_args()
    args.only = [a for a in args.only.split(',') if a]
    try:
        args.par = {k: int(v) for k, v in (kv.split('=') for kv in args.par.split(',') if kv)}
    except ValueError:
        die('--par takes app=N,... (e.g. gemm=8,dot=4)')
    for a in args.only:
        if a not in APPS:
            die('unknown app %r (apps: %s)' % (a, ', '.join(APPS)))
    stratac = os.environ.get('STRATAC', os.path.join(ROOT, 'build', 'bin', 'stratac'))
    if not os.access(stratac, os.X_OK):
        die('%s not found: build first, or set STRATAC' % stratac)
    os.makedirs(args.out, exist_ok=True)
    ok = sweep(args, stratac, args.out) if args.sweep else main_table(args, stratac, args.out)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
