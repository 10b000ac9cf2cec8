#!/usr/bin/env python3
"""Lowers every ```hl block of a Markdown file with strata-translate
--import-halide, and prints each block's function line; fails on the first
block that does not lower.

  doc_examples.py DOC.md WORKDIR
"""
import os
import re
import subprocess
import sys

doc, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
blocks = re.findall(r'```hl\n(.*?)```', open(doc).read(), re.S)
if not blocks:
    sys.exit('doc_examples: no ```hl blocks in ' + doc)
for i, text in enumerate(blocks):
    path = os.path.join(work, 'example%d.hl' % i)
    open(path, 'w').write(text)
    r = subprocess.run(['strata-translate', '--import-halide', path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        sys.exit('doc_examples: block %d of %s does not lower' % (i, doc))
    print('example%d: %s' % (i, next(l.strip() for l in r.stdout.splitlines() if 'func.func' in l)))
print('doc_examples: %d blocks' % len(blocks))
