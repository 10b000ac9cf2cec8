#!/usr/bin/env python3
"""The same image pipelines through stratac's two FPGA flows (issue 11,
docs/streaming-hw.md): --flow=calyx (loops to Calyx, memories behind ports)
and --flow=stream (ub graph to line-buffered hardware at one pixel per
cycle).  Each run simulates in Verilator against the interpreter and
synthesises with yosys (stratac's generic script, memories kept whole);
the script prints one Markdown table of cycles and resources, and with
--update-doc writes it into docs/streaming-hw.md between the
`stream-vs-calyx` markers.  Naming apps (or --flow) reruns only those:
with --update-doc their rows replace theirs in the existing table, the
other rows are kept as they are.

A run whose synthesis does not finish (its app's time limit, or yosys
failing, e.g. at the --mem-limit address-space cap) is rerun with
--no-synth: its cycles (bit-exact runs only) go in the table, and its
resource cells say why they are missing, in one word explained under the
table.

With --check the rows this run made are compared with the table in
docs/streaming-hw.md before anything is written: the cycles must be
identical and each resource count within --tolerance (2%) of the table's,
as issue 22 asked of a build that changes the code's layout but not its
results; the differences are listed and the exit status is 1.

usage: run.py [--build-dir build] [--update-doc] [--check [--tolerance F]] [--jobs N]
              [--timeout S] [--mem-limit GB] [--flow calyx|stream] [app ...]
"""

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# name, input program, 64x64 input image: (argument file name, bits of its
# random words, or a script writing the file: script COUNT SEED FILE, and
# the number of words it writes)
F32_WORDS = 'test/Target/fpga/Inputs/stream-unsharp-f32-words.py'
APPS = [
    ('cascade (.hl)', 'test/Analysis/ub/Inputs/cascade64.hl', ('input', 8)),
    ('cascade (stand-in, weight table)', 'test/Analysis/ub/Inputs/cascade.mlir', ('arg0', 8)),
    ('gaussian', 'examples/halide/gaussian_hw.hl', ('input', 8)),
    ('harris', 'test/Analysis/ub/Inputs/harris64.hl', ('input', 8)),
    ('unsharp (int)', 'test/Conversion/ub-to-hw/Inputs/hw-unsharp64.hl', ('input', 8)),
    ('unsharp (f32, one channel)', 'test/Target/fpga/Inputs/stream-unsharp-f32-gray.hl', ('input', F32_WORDS, 4096)),
    ('unsharp (f32, three channels)', 'test/Analysis/ub/Inputs/unsharp64.hl', ('input', F32_WORDS, 3 * 4096)),
    ('blur + tone curve', 'test/Conversion/ub-to-hw/Inputs/hw-tonemap64.hl', ('input', 8)),
    ('camera (demosaic, ccm, tone curve)', 'test/Analysis/ub/Inputs/camera64.hl', ('raw', 12)),
]
TIMEOUT = 1200  # seconds per run (yosys on a 32-bit divider is slow)
MEM_LIMIT = 8  # GB of address space per run: a runaway yosys fails instead of starving the shared machine
# why a run has no resources: the word in its cells, and the note under the table saying what it means
NO_SYNTH = {
    'timeout': 'the run with yosys gave no result within its time limit (%d s)',
    'failed': 'yosys stopped with an error (every run is capped at %d GB of address space)',
}
FLOWS = ('calyx', 'stream')
BEGIN, END = '<!-- stream-vs-calyx: begin -->', '<!-- stream-vs-calyx: end -->'


def write_inputs(app, inputs):
    arg, bits = app[2][0], app[2][1]
    os.makedirs(inputs, exist_ok=True)
    path = os.path.join(inputs, arg + '.txt')
    if isinstance(bits, str):
        subprocess.run([sys.executable, os.path.join(ROOT, bits), str(app[2][2]), '1', path], check=True)
    else:
        import random
        r = random.Random(1)
        with open(path, 'w') as f:
            f.write(''.join('%d\n' % r.randrange(1 << bits) for _ in range(64 * 64)))


def limit_memory():
    gb = MEM_LIMIT << 30
    resource.setrlimit(resource.RLIMIT_AS, (gb, gb))


def stratac_run(stratac, app, flow, work, synth):
    """One stratac run: ('ok', qor) or (why, message), why being 'timeout',
    'failed' (yosys failed) or 'refused' (anything else)."""
    out = os.path.join(work, 'out' if synth else 'out-nosynth')
    cmd = [stratac, os.path.join(ROOT, app[1]), '--target', os.path.join(ROOT, 'archs/fpga.acg'), '-o', out,
           '--inputs', os.path.join(work, 'in'), '--flow=' + flow, '-q', '--max-cycles', '50000000']
    if not synth:
        cmd.append('--no-synth')
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=limit_memory)
    try:
        _, stderr = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return 'timeout', 'no result within %d s' % TIMEOUT
    if p.returncode != 0:
        err = next((l for l in stderr.splitlines() if 'error' in l), stderr.strip()[:200])
        err = re.sub(r'; its output is in .*', '', re.sub(r'^.*?error: ', '', err))
        return ('failed' if err.startswith('yosys failed') else 'refused'), err
    with open(os.path.join(out, 'qor.json')) as f:
        return 'ok', json.load(f)


def run_one(stratac, app, flow, work):
    write_inputs(app, os.path.join(work, 'in'))
    row = {'app': app[0], 'flow': flow}
    why, res = stratac_run(stratac, app, flow, work, True)
    if why == 'ok':
        return dict(row, qor=res)
    if why == 'refused':
        return dict(row, error=res)
    # Synthesis did not finish: the cycles still count if the design
    # simulates bit-exact (stratac fails the run otherwise).
    print('%s (%s): %s; rerunning with --no-synth' % (app[0], flow, res), file=sys.stderr)
    nwhy, nres = stratac_run(stratac, app, flow, work, False)
    if nwhy != 'ok':
        return dict(row, error='%s (without synthesis: %s)' % (res, nres))
    return dict(row, qor=nres, no_synth=why)


def cell(q, kind):
    r = q['utilization'].get(kind)
    return str(r['used']) if r else '-'


NOTE = '''Cycles from Verilator runs that were bit-exact with the interpreter; pixels/cycle is 4096 (the
64x64 input; three words a pixel in the three-channel unsharp) over the cycles. Resources: yosys's
generic `synth` without `memory_map` and `share`, the same script for both flows (docs/stratac.md):
`cells` = `ff` + `logic`; a memory inside the design (a Calyx design's `memref.alloc`, a stream
design's line buffer) is one block RAM counted in `memory bits`; the Calyx designs' external
memories (the kernel's arguments) are outside and not counted.'''


def row_line(row):
    if 'error' in row:
        return '| %s | %s | refused: %s | | | | | | |' % (row['app'], row['flow'], row['error'].replace('|', '/'))
    q = row['qor']
    # QoR version 2 (docs/qor-schema.md): the stream numbers are the fpga
    # class's own, resources are `utilization`.
    stream = q['fpga'].get('stream')
    ppc = stream['pixels_per_cycle'] if stream else 4096 / q['cycles']
    bufs = ', '.join('%s %d' % kv for kv in q['buffers'].items()) if stream else '(calyx: none)'
    if 'no_synth' in row:
        res = [row['no_synth']] * 4
    else:
        mem = q['utilization'].get('mem_bits', {}).get('used', 0) if q['utilization'] else '-'
        res = [cell(q, 'cells'), cell(q, 'ff'), cell(q, 'logic'), mem]
    return '| %s | %s | %d | %.3f | %s | %s | %s | %s | %s |' % ((row['app'], row['flow'], q['cycles'], ppc) +
                                                                 tuple(res) + (bufs,))


HEADER = ['| app | flow | cycles | pixels/cycle | cells | ff | logic | memory bits | line buffers (words) |',
          '|---|---|---:|---:|---:|---:|---:|---:|---|']


def table(lines):
    """The table of the row lines, in APPS order, and the note under it,
    with a footnote for each word that stands for missing resources."""
    order = {(a[0], f): i for i, (a, f) in enumerate((a, f) for a in APPS for f in FLOWS)}
    lines = sorted(lines, key=lambda l: order.get(tuple(c.strip() for c in l.split('|')[1:3]), len(order)))
    cells = {c.strip() for l in lines for c in l.split('|')[5:9]}
    notes = [textwrap.fill('`%s`: %s; cycles from a `--no-synth` run of the same input.' % (w, NO_SYNTH[w] % limit),
                           100)
             for w, limit in (('timeout', TIMEOUT), ('failed', MEM_LIMIT)) if w in cells]
    return '\n'.join(HEADER + lines) + '\n\n' + NOTE + ''.join('\n\n' + n for n in notes)


def doc_rows(doc, rerun):
    """The row lines of the table in doc whose (app, flow) is not in rerun."""
    i, j = doc.index(BEGIN), doc.index(END)
    return [l for l in doc[i:j].splitlines() if l.startswith('| ') and l not in HEADER and
            tuple(c.strip() for c in l.split('|')[1:3]) not in rerun]


def row_cells(line):
    """(app, flow) and the cells of a table row."""
    c = [x.strip() for x in line.split('|')[1:-1]]
    return (c[0], c[1]), c


RESOURCES = ((4, 'cells'), (5, 'ff'), (6, 'logic'), (7, 'memory bits'))


def compare(lines, doc, tolerance):
    """The differences between this run's row lines and the table of doc:
    cycles must be equal, resources within `tolerance` of the table's."""
    old = dict(row_cells(l) for l in doc_rows(doc, set()))
    out = []
    for line in lines:
        key, new = row_cells(line)
        was = old.get(key)
        where = '%s (%s)' % key
        if was is None:
            out.append('%s: not in the table' % where)
            continue
        if new[2] != was[2]:
            out.append('%s: cycles %s, the table has %s' % (where, new[2], was[2]))
        for i, name in RESOURCES:
            if new[i] == was[i]:
                continue
            if not (new[i].isdigit() and was[i].isdigit()):
                out.append('%s: %s %s, the table has %s' % (where, name, new[i], was[i]))
            elif abs(int(new[i]) - int(was[i])) > tolerance * max(int(was[i]), 1):
                out.append('%s: %s %s, the table has %s (%+.1f%%)' % (where, name, new[i], was[i],
                                                                   100.0 * (int(new[i]) / max(int(was[i]), 1) - 1)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--build-dir', default='build')
    ap.add_argument('--update-doc', action='store_true',
                    help='write the table into docs/streaming-hw.md (with apps named: only their rows)')
    ap.add_argument('--check', action='store_true',
                    help='compare with the table in docs/streaming-hw.md: same cycles, resources within --tolerance')
    ap.add_argument('--tolerance', type=float, default=0.02, help='for --check: a resource\'s relative difference')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--timeout', type=int, default=TIMEOUT, help='seconds per run')
    ap.add_argument('--mem-limit', type=int, default=MEM_LIMIT, help='GB of address space per run')
    ap.add_argument('--flow', choices=FLOWS, action='append', help='run only this flow (repeatable)')
    ap.add_argument('apps', nargs='*')
    a = ap.parse_args()
    globals().update(TIMEOUT=a.timeout, MEM_LIMIT=a.mem_limit)
    unknown = set(a.apps) - {x[0] for x in APPS}
    if unknown:
        ap.error('unknown app(s) %s; the apps: %s' % (', '.join(sorted(unknown)), ', '.join(x[0] for x in APPS)))
    stratac = os.path.join(ROOT, a.build_dir, 'bin', 'stratac')
    os.environ.setdefault('STRATA_VERILATOR_CACHE', os.path.join(ROOT, 'build', 'verilator-cache'))
    apps = [x for x in APPS if not a.apps or x[0] in a.apps]
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(app, flow, os.path.join(tmp, '%d-%s' % (i, flow))) for i, app in enumerate(apps)
                for flow in a.flow or FLOWS]
        with ThreadPoolExecutor(max_workers=a.jobs) as ex:
            rows = list(ex.map(lambda j: run_one(stratac, *j), jobs))
    lines = [row_line(r) for r in rows]
    path = os.path.join(ROOT, 'docs', 'streaming-hw.md')
    doc = open(path).read()
    problems = compare(lines, doc, a.tolerance) if a.check else []
    if a.update_doc and (a.apps or a.flow):
        lines += doc_rows(doc, {(app[0], flow) for app, flow, _ in jobs})
    text = table(lines)
    print(text)
    if a.check:
        for p in problems:
            print('check: %s' % p, file=sys.stderr)
        print('check against docs/streaming-hw.md: %d runs, %s' %
              (len(jobs), '%d differences' % len(problems) if problems else
               'cycles identical, resources within %g%%' % (100 * a.tolerance)), file=sys.stderr)
    if a.update_doc:
        i, j = doc.index(BEGIN), doc.index(END)
        with open(path, 'w') as f:
            f.write(doc[:i + len(BEGIN)] + '\n' + text + '\n' + doc[j:])
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
