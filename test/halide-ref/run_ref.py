#!/usr/bin/env python3
"""The Halide 14 cross-check of one .hl program: its realize sizes set,
lowered by strata-translate --import-halide and run by strata-run, and the
same algorithm run by Halide (ref.cpp, JIT with Target::StrictFloat) on the
same generated inputs; the outputs must be equal (f32 within --ulp).

  run_ref.py --obj-root DIR --app APP --hl FILE --sizes W,H[,...] --work DIR
             [--sched inline|root] [--ulp N]

ref.cpp is compiled once per build tree (DIR/test/halide-ref/), under a
lock so that parallel tests share it.  In the sanitizer build every size
of an image (2 or more dimensions) is capped at 64 (the interpreter is
slower there).
"""
import argparse
import fcntl
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Halide', 'Inputs'))
import hlnpy  # noqa: E402


def reference_binary(obj_root):
    out_dir = os.path.join(obj_root, 'test', 'halide-ref')
    os.makedirs(out_dir, exist_ok=True)
    exe = os.path.join(out_dir, 'strata-halide-ref')
    src = os.path.join(HERE, 'ref.cpp')
    with open(os.path.join(out_dir, '.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
            hlnpy.run(['c++', '-std=c++17', '-O1', '-I/usr/include/halide14', src, '-o', exe + '.tmp', '-lHalide14'])
            os.replace(exe + '.tmp', exe)
    return exe


def sanitized(obj_root):
    cache = os.path.join(obj_root, 'CMakeCache.txt')
    return os.path.exists(cache) and re.search(r'(?m)^STRATA_SANITIZE:BOOL=ON$', open(cache).read()) is not None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--obj-root', required=True)
    ap.add_argument('--app', required=True)
    ap.add_argument('--hl', required=True)
    ap.add_argument('--sizes', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--sched', default='inline')
    ap.add_argument('--ulp', type=int, default=0)
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(',')]
    if sanitized(a.obj_root) and len(sizes) > 1:
        sizes = [min(s, 64) for s in sizes]
    os.makedirs(a.work, exist_ok=True)
    stem = re.sub(r'[^A-Za-z0-9_]', '_', os.path.splitext(os.path.basename(a.hl))[0])
    text = open(a.hl).read()
    text, n = re.subn(r'realize\s*\(\s*(\w+)\s*,\s*\{[^}]*\}\s*\)',
                      lambda m: 'realize(%s, {%s})' % (m.group(1), ', '.join(map(str, sizes))), text)
    if n != 1:
        sys.exit('run_ref: %s needs exactly one realize statement' % a.hl)
    prog = os.path.join(a.work, stem + '.hl')
    open(prog, 'w').write(text)
    ir = os.path.join(a.work, stem + '.mlir')
    hlnpy.run(['strata-translate', '--import-halide', prog, '-o', ir])
    hlnpy.gen(prog, ir, a.work)
    nin = len(re.findall(r'(?m)^\s*ImageParam\b', text))
    out = os.path.join(a.work, 'strata.npy')
    hlnpy.run(['strata-run', ir, '--entry=' + stem] + open(os.path.join(a.work, 'run-args')).read().split() +
        ['--out=%d:%s' % (nin, out)])
    ref = os.path.join(a.work, 'halide.npy')
    ins = [os.path.join(a.work, 'in%d.npy' % k) for k in range(nin)]
    hlnpy.run([reference_binary(a.obj_root), a.app, a.sched, ','.join(map(str, sizes)), ref] + ins)
    sys.stdout.write('%s %s %s: ' % (a.app, stem, 'x'.join(map(str, sizes))))
    sys.stdout.flush()
    hlnpy.cmp(out, ref, a.ulp)


if __name__ == '__main__':
    main()
