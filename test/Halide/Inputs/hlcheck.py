#!/usr/bin/env python3
"""Runs a .hl program both ways and compares: lowered with strata-translate
--import-halide and interpreted by strata-run, and computed by the direct
evaluator (strata-hl-eval), on the inputs hlnpy.py generates.

  hlcheck.py PROG.hl WORKDIR [--ulp N]

The lowered function is named after PROG's stem; every output is compared
(bit for bit, f32 within N ulp).  Prints one line per output.
"""
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import hlnpy  # noqa: E402


def main():
    prog, work = sys.argv[1], sys.argv[2]
    ulp = int(sys.argv[4]) if len(sys.argv) == 5 and sys.argv[3] == '--ulp' else 0
    os.makedirs(work, exist_ok=True)
    stem = re.sub(r'[^A-Za-z0-9_]', '_', os.path.splitext(os.path.basename(prog))[0])
    ir = os.path.join(work, stem + '.mlir')
    hlnpy.run(['strata-translate', '--import-halide', prog, '-o', ir])
    hlnpy.gen(prog, ir, work)
    text = open(prog).read()
    nin = len(re.findall(r'(?m)^\s*ImageParam\b', text))
    outs = re.findall(r'(?m)^\s*realize\s*\(\s*(\w+)', text)
    run_outs = ['--out=%d:%s' % (nin + o, os.path.join(work, 'out%d.npy' % o)) for o in range(len(outs))]
    ev_outs = ['--out=%d:%s' % (o, os.path.join(work, 'ref%d.npy' % o)) for o in range(len(outs))]
    hlnpy.run(['strata-run', ir, '--entry=' + stem] + open(os.path.join(work, 'run-args')).read().split() + run_outs)
    hlnpy.run(['strata-hl-eval', prog] + open(os.path.join(work, 'eval-args')).read().split() + ev_outs)
    for o, name in enumerate(outs):
        sys.stdout.write('%s: ' % name)
        sys.stdout.flush()
        hlnpy.cmp(os.path.join(work, 'out%d.npy' % o), os.path.join(work, 'ref%d.npy' % o), ulp)


if __name__ == '__main__':
    main()
