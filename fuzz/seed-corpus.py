#!/usr/bin/env python3
"""Writes fuzz seeds taken from the test suite, one directory per harness,
for `fuzz/long-run.sh --merge` (libFuzzer -merge=1) to minimise into
fuzz/corpus/<harness>/.

Usage: python3 fuzz/seed-corpus.py OUT_DIR

  ir          every chunk (split at `// -----`) of every .mlir test
  interp      the chunks that expect no error
  pass        the same, each prefixed with a byte picking one of the
              harness's pipelines (rotating, so every pipeline is seeded),
              and the chunks of each area's tests once more for each
              pipeline of that area (AREAS: affine, Calyx, soft float,
              division, unified buffers)
  export      the same, each prefixed with a byte picking the writer
              (rotating), and the chunks of the folders whose IR an export
              writes (EXPORT_FOLDERS) once for every writer byte up to
              NWRITERS; odd chunks with the byte's top bit (through a link)
  pipeline    every --pass-pipeline='...' text quoted in a RUN line
  acg         every .acg file of the tests and of archs/
  hl          every .hl file of the tests and of examples/
  pm          every .pm file of the tests and of examples/
  rda         every chunk of a .mlir test that holds an rda.design
  cgra        the chunks holding a cgra.design
  cgrabits    every .bs file of the tests (CGRA bitstreams)
"""
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_SEED = 8192

# The test folders whose inputs seed the pipelines of fuzz_pass.c that name
# a pass of the key (a pipeline holding lower-to-calyx is seeded by the
# lowering's tests, not by the Calyx IR tests of the later passes).
AREAS = [
    (r'affine-|raise-scf-to-affine', ['test/Transforms/affine', 'test/Transforms/raise-scf-to-affine',
                                     'test/Dialect/affine']),
    (r'lower-to-calyx', ['test/Calyx/lower', 'test/SoftFloat']),
    (r'^builtin\.module\(calyx-', ['test/Calyx']),
    (r'^builtin\.module\(arith-soft-float', ['test/SoftFloat']),
    (r'div-by-constant', ['test/Calyx/lower']),
    (r'ub-extract', ['test/Conversion/affine-to-ub']),
    (r'^builtin\.module\(ub-schedule', ['test/Analysis/ub', 'test/Dialect/ub', 'test/Conversion/ub-to-hw']),
]

# fuzz_export.c: writer 0 is the printer, 1.. the registered exports in
# name order (8 today; a margin for more); the folders of the IR they write.
NWRITERS = 12
EXPORT_FOLDERS = ['test/Dialect/hw', 'test/Dialect/comb', 'test/Dialect/seq', 'test/Calyx', 'test/Dialect/srdfg',
                  'test/Dialect/codelet', 'test/ACG', 'test/Conversion/ub-to-hw', 'test/Hardware', 'test/Target']


def pass_pipelines():
    """fuzz_pass.c's pipelines, in order (adjacent literals joined)."""
    text = open(os.path.join(ROOT, 'fuzz', 'fuzz_pass.c')).read()
    table = text[text.index('} pipelines[] = {'):]
    table = table[:table.index('\n};')]
    return [''.join(re.findall(r'"([^"]*)"', m.group(1)))
            for m in re.finditer(r'\{((?:\s*"[^"]*")+),\s*(?:true|false)\}', table)]


def chunks():
    """(path relative to the root, chunk) of every .mlir test."""
    for dirpath, _, files in sorted(os.walk(os.path.join(ROOT, 'test'))):
        for f in sorted(files):
            if not f.endswith('.mlir'):
                continue
            path = os.path.join(dirpath, f)
            text = open(path, 'rb').read()
            for c in re.split(rb'\n// -----\n', text):
                # Big chunks make slow seeds and add little coverage.
                if c.strip() and len(c) <= MAX_SEED:
                    yield os.path.relpath(path, ROOT), c


def write(out, harness, data):
    d = os.path.join(out, harness)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


def main():
    out = sys.argv[1]
    pipelines = pass_pipelines()
    areas = [[j for j, p in enumerate(pipelines) if re.search(key, p)] for key, _ in AREAS]
    for i, (path, c) in enumerate(chunks()):
        write(out, 'ir', c)
        if b'rda.design' in c:
            write(out, 'rda', c)
        if b'cgra.design' in c:
            write(out, 'cgra', c)
        # The interpreter and the passes only see what verifies: a chunk
        # that expects an error would only add parser coverage, which the
        # `ir` corpus has.
        if b'expected-error' in c:
            continue
        write(out, 'interp', c)
        link = 0x80 if i % 2 else 0
        write(out, 'export', bytes([link | (i % NWRITERS)]) + c)
        if any(path.startswith(f) for f in EXPORT_FOLDERS):
            for j in range(NWRITERS):
                write(out, 'export', bytes([link | j]) + c)
        write(out, 'pass', bytes([i % len(pipelines)]) + c)
        for (_, folders), picks in zip(AREAS, areas):
            if any(path.startswith(f) for f in folders):
                for j in picks:
                    write(out, 'pass', bytes([j]) + c)
    for top in ('test', 'archs', 'examples'):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                for ext in ('acg', 'hl', 'pm'):
                    if f.endswith('.' + ext):
                        write(out, ext, open(os.path.join(dirpath, f), 'rb').read())
                if f.endswith('.bs'):
                    write(out, 'cgrabits', open(os.path.join(dirpath, f), 'rb').read())
    pat = re.compile(rb"pass-pipeline[= ]'([^']*)'")
    for dirpath, _, files in os.walk(os.path.join(ROOT, 'test')):
        for f in files:
            for m in pat.finditer(open(os.path.join(dirpath, f), 'rb').read()):
                write(out, 'pipeline', m.group(1))


if __name__ == '__main__':
    main()
