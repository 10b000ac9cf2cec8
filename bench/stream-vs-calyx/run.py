#!/usr/bin/env python3
"""The same image pipelines through stratac's two FPGA flows (issue 11,
docs/streaming-hw.md): --flow=calyx (loops to Calyx, memories behind ports)
and --flow=stream (ub graph to line-buffered hardware at one pixel per
cycle).  Each run simulates in Verilator against the interpreter and
synthesises with yosys (stratac's generic script, memories kept whole);
the script prints one Markdown table of cycles and resources, and with
--update-doc writes it into docs/streaming-hw.md between the
`stream-vs-calyx` markers.

usage: run.py [--build-dir build] [--update-doc] [--jobs N] [--timeout S] [app ...]
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# name, input program, 64x64 input image: (argument file name, bits of its
# random words, or a script writing the file: script COUNT SEED FILE)
F32_WORDS = 'test/Stratac/Inputs/stream-unsharp-f32-words.py'
APPS = [
    ('cascade (.hl)', 'test/UB/Inputs/cascade64.hl', ('input', 8)),
    ('cascade (stand-in, weight table)', 'test/UB/Inputs/cascade.mlir', ('arg0', 8)),
    ('gaussian', 'examples/halide/gaussian_hw.hl', ('input', 8)),
    ('harris', 'test/UB/Inputs/harris64.hl', ('input', 8)),
    ('unsharp (int)', 'test/UB/Inputs/hw-unsharp64.hl', ('input', 8)),
    ('unsharp (f32, one channel)', 'test/Stratac/Inputs/stream-unsharp-f32-gray.hl', ('hw_input', F32_WORDS)),
    ('blur + tone curve', 'test/UB/Inputs/hw-tonemap64.hl', ('input', 8)),
    ('camera (demosaic, ccm, tone curve)', 'test/UB/Inputs/camera64.hl', ('hw_input', 12)),
]
TIMEOUT = 1200  # seconds per run (yosys on a 32-bit divider is slow)
BEGIN, END = '<!-- stream-vs-calyx: begin -->', '<!-- stream-vs-calyx: end -->'


def run_one(stratac, app, flow, work):
    name, prog, (arg, bits) = app
    inputs = os.path.join(work, 'in')
    os.makedirs(inputs, exist_ok=True)
    if isinstance(bits, str):
        subprocess.run([sys.executable, os.path.join(ROOT, bits), '4096', '1', os.path.join(inputs, arg + '.txt')],
                       check=True)
    else:
        import random
        r = random.Random(1)
        with open(os.path.join(inputs, arg + '.txt'), 'w') as f:
            f.write(''.join('%d\n' % r.randrange(1 << bits) for _ in range(64 * 64)))
    out = os.path.join(work, 'out')
    cmd = [stratac, os.path.join(ROOT, prog), '--target', os.path.join(ROOT, 'archs/fpga.acg'), '-o', out,
           '--inputs', inputs, '--flow=' + flow, '-q', '--max-cycles', '50000000']
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, stderr = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return {'app': name, 'flow': flow, 'error': 'no result within %d s' % TIMEOUT}
    p.stderr = stderr
    if p.returncode != 0:
        err = next((l for l in p.stderr.splitlines() if 'error' in l), p.stderr.strip()[:200])
        return {'app': name, 'flow': flow, 'error': re.sub(r'; its output is in .*', '', re.sub(r'^.*?error: ', '', err))}
    with open(os.path.join(out, 'qor.json')) as f:
        q = json.load(f)
    return {'app': name, 'flow': flow, 'qor': q}


def cell(q, kind):
    r = q['resources'].get(kind)
    return str(r['used']) if r else '-'


NOTE = '''Cycles from Verilator runs that were bit-exact with the interpreter; pixels/cycle is 4096 (the
64x64 input) over the cycles. Resources: yosys's generic `synth` without `memory_map`, the same
script for both flows (docs/stratac.md): `cells` = `ff` + `logic`; a memory inside the design (a
Calyx design's `memref.alloc`, a stream design's line buffer) is one block RAM counted in `memory
bits`; the Calyx designs' external memories (the kernel's arguments) are outside and not counted.'''


def table(rows):
    lines = ['| app | flow | cycles | pixels/cycle | cells | ff | logic | memory bits | line buffers (words) |',
             '|---|---|---:|---:|---:|---:|---:|---:|---|']
    for row in rows:
        if 'error' in row:
            lines.append('| %s | %s | refused: %s | | | | | | |' % (row['app'], row['flow'],
                                                                   row['error'].replace('|', '/')))
            continue
        q = row['qor']
        ppc = q.get('stream', {}).get('pixels_per_cycle') if 'stream' in q else 4096 / q['cycles']
        bufs = ', '.join('%s %d' % kv for kv in q['buffers'].items()) if 'stream' in q else '(calyx: none)'
        mem = q['resources'].get('mem_bits', {}).get('used', 0) if q['resources'] else '-'
        lines.append('| %s | %s | %d | %.3f | %s | %s | %s | %s | %s |' % (
            row['app'], row['flow'], q['cycles'], ppc, cell(q, 'cells'), cell(q, 'ff'), cell(q, 'logic'), mem, bufs))
    return '\n'.join(lines) + '\n\n' + NOTE


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--build-dir', default='build')
    ap.add_argument('--update-doc', action='store_true')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--timeout', type=int, default=TIMEOUT)
    ap.add_argument('apps', nargs='*')
    a = ap.parse_args()
    globals()['TIMEOUT'] = a.timeout
    stratac = os.path.join(ROOT, a.build_dir, 'bin', 'stratac')
    os.environ.setdefault('STRATA_VERILATOR_CACHE', os.path.join(ROOT, 'build', 'verilator-cache'))
    apps = [x for x in APPS if not a.apps or x[0] in a.apps]
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(app, flow, os.path.join(tmp, '%d-%s' % (i, flow))) for i, app in enumerate(apps)
                for flow in ('calyx', 'stream')]
        with ThreadPoolExecutor(max_workers=a.jobs) as ex:
            rows = list(ex.map(lambda j: run_one(stratac, *j), jobs))
    text = table(rows)
    print(text)
    if a.update_doc:
        path = os.path.join(ROOT, 'docs', 'streaming-hw.md')
        doc = open(path).read()
        i, j = doc.index(BEGIN), doc.index(END)
        with open(path, 'w') as f:
            f.write(doc[:i + len(BEGIN)] + '\n' + text + '\n' + doc[j:])
    return 0


if __name__ == '__main__':
    sys.exit(main())
