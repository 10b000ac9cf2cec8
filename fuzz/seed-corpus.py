#!/usr/bin/env python3
"""Writes fuzz seeds taken from the test suite, one directory per harness,
for `fuzz/long-run.sh --merge` (libFuzzer -merge=1) to minimise into
fuzz/corpus/<harness>/.

Usage: python3 fuzz/seed-corpus.py OUT_DIR

  ir          every chunk (split at `// -----`) of every .mlir test
  interp      the chunks that expect no error
  pass        the same, each prefixed with a byte picking one of the
              harness's pipelines (rotating, so every pipeline is seeded)
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
NPIPELINES = 13  # the length of fuzz_pass.c's table; more is harmless
MAX_SEED = 8192


def chunks():
    for dirpath, _, files in sorted(os.walk(os.path.join(ROOT, 'test'))):
        for f in sorted(files):
            if not f.endswith('.mlir'):
                continue
            text = open(os.path.join(dirpath, f), 'rb').read()
            for c in re.split(rb'\n// -----\n', text):
                # Big chunks make slow seeds and add little coverage.
                if c.strip() and len(c) <= MAX_SEED:
                    yield c


def write(out, harness, data):
    d = os.path.join(out, harness)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


def main():
    out = sys.argv[1]
    for i, c in enumerate(chunks()):
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
        write(out, 'pass', bytes([i % NPIPELINES]) + c)
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
