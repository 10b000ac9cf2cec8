#!/usr/bin/env python3
"""Runs docs/tutorial/ as a program, so that the tutorial and its code cannot drift.

Every fenced block of the chapters (docs/tutorial/NN-*.md, in order) is taken
in document order:

  - a block whose first line is a comment `file: <path>` (`/* file: p */`,
    `// file: p`, `# file: p`) adds its other lines to <path> in the project
    being built; a C block must have one;
  - a shell block (sh, shell, bash) runs, in one bash (`set -euo pipefail`)
    in the project's directory, after the files written before it;
  - any other block (text, mlir without a file line) is an illustration.

Before running anything, the files the chapters write are compared with
examples/tutorial/, the same project checked in: a difference fails (or,
with --write-example, replaces the checked-in copy).

Usage:
    scripts/run-tutorial.py --prefix <installed Strata> [--workdir DIR] [--keep]
    scripts/run-tutorial.py --check        compare with examples/tutorial only
    scripts/run-tutorial.py --write-example
The shell blocks see STRATA_PREFIX (the installed Strata).
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, 'docs', 'tutorial')
EXAMPLE = os.path.join(ROOT, 'examples', 'tutorial')
CHAPTER_RE = re.compile(r'^\d\d-.*\.md$')
FENCE_RE = re.compile(r'^```\s*([\w+-]*)\s*$')
FILE_RE = re.compile(r'^\s*(?:/\*|//|#)\s*file:\s*(\S+?)\s*(?:\*/)?\s*$')
SHELLS = {'sh', 'shell', 'bash'}
HEREDOC = '__STRATA_TUTORIAL_EOF__'


class Block:
    def __init__(self, where, lang, lines):
        self.where, self.lang, self.lines = where, lang, lines


def read_blocks():
    """Every fenced block of the chapters, in order."""
    blocks = []
    chapters = sorted(f for f in os.listdir(DOCS) if CHAPTER_RE.match(f))
    if not chapters:
        sys.exit('run-tutorial: no chapters (NN-*.md) in %s' % DOCS)
    for name in chapters:
        with open(os.path.join(DOCS, name), encoding='utf-8') as fh:
            lines = fh.read().split('\n')
        i = 0
        while i < len(lines):
            m = FENCE_RE.match(lines[i])
            if not m:
                i += 1
                continue
            start = i
            i += 1
            body = []
            while i < len(lines) and lines[i].strip() != '```':
                body.append(lines[i])
                i += 1
            if i == len(lines):
                sys.exit('run-tutorial: docs/tutorial/%s:%d: unclosed code block' % (name, start + 1))
            blocks.append(Block('docs/tutorial/%s:%d' % (name, start + 1), m.group(1).lower(), body))
            i += 1
    return blocks


def classify(blocks):
    """(files: path -> text, steps: ('file', path, text) | ('shell', where, text))."""
    files, steps = {}, []
    for b in blocks:
        m = FILE_RE.match(b.lines[0]) if b.lines else None
        if m:
            path = os.path.normpath(m.group(1))
            if path.startswith('..') or os.path.isabs(path):
                sys.exit('run-tutorial: %s: the file must be inside the project: %s' % (b.where, path))
            text = '\n'.join(b.lines[1:]) + '\n'
            files[path] = files.get(path, '') + text
            steps.append(('file', path, text, b.where))
        elif b.lang in SHELLS:
            steps.append(('shell', b.where, '\n'.join(b.lines) + '\n', b.where))
        elif b.lang == 'c':
            sys.exit('run-tutorial: %s: a C block must start with a `/* file: <path> */` line' % b.where)
    return files, steps


def example_files():
    out = {}
    for root, _, names in os.walk(EXAMPLE):
        for n in names:
            p = os.path.join(root, n)
            with open(p, encoding='utf-8') as fh:
                out[os.path.relpath(p, EXAMPLE)] = fh.read()
    return out


def compare(files):
    """Differences between the chapters' files and examples/tutorial, as text."""
    have = example_files()
    out = []
    for path in sorted(set(files) | set(have)):
        if path not in have:
            out.append('%s: written by the tutorial, missing from examples/tutorial\n' % path)
        elif path not in files:
            out.append('examples/tutorial/%s: not written by any chapter\n' % path)
        elif files[path] != have[path]:
            out.extend(difflib.unified_diff(have[path].splitlines(True), files[path].splitlines(True),
                                            'examples/tutorial/' + path, 'docs/tutorial (%s)' % path))
    return ''.join(out)


def write_example(files):
    shutil.rmtree(EXAMPLE, ignore_errors=True)
    for path, text in files.items():
        dest = os.path.join(EXAMPLE, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'w', encoding='utf-8') as fh:
            fh.write(text)


def script(steps):
    """One bash script: files appended with here-documents, shell blocks as written."""
    out = ['set -euo pipefail',
           'trap \'echo "run-tutorial: failed in the block at $STRATA_TUTORIAL_BLOCK" >&2\' ERR']
    for kind, what, text, where in steps:
        out.append('STRATA_TUTORIAL_BLOCK=%s' % where)
        if kind == 'file':
            if HEREDOC in text:
                sys.exit('run-tutorial: %s contains %s' % (where, HEREDOC))
            out.append('mkdir -p "$(dirname %s)"' % what)
            out.append("cat >> %s <<'%s'\n%s%s" % (what, HEREDOC, text, HEREDOC))
        else:
            out.append('echo "run-tutorial: $STRATA_TUTORIAL_BLOCK" >&2')
            out.append(text)
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--prefix', help='where Strata is installed (STRATA_PREFIX)')
    ap.add_argument('--workdir', help='build the project here (default: a temporary directory)')
    ap.add_argument('--keep', action='store_true', help='keep the temporary directory')
    ap.add_argument('--check', action='store_true', help='only compare with examples/tutorial')
    ap.add_argument('--write-example', action='store_true', help='write examples/tutorial from the chapters')
    opts = ap.parse_args()

    files, steps = classify(read_blocks())
    if opts.write_example:
        write_example(files)
        print('run-tutorial: wrote %d files to examples/tutorial' % len(files))
        return 0
    diff = compare(files)
    if diff:
        sys.stderr.write(diff)
        sys.stderr.write('run-tutorial: docs/tutorial and examples/tutorial differ '
                         '(scripts/run-tutorial.py --write-example updates the example)\n')
        return 1
    if opts.check:
        return 0
    if not opts.prefix:
        sys.exit('run-tutorial: --prefix <installed Strata> is needed to run the tutorial')

    work = opts.workdir or tempfile.mkdtemp(prefix='strata-tutorial-')
    os.makedirs(work, exist_ok=True)
    if os.listdir(work):
        sys.exit('run-tutorial: %s is not empty' % work)
    env = dict(os.environ, STRATA_PREFIX=os.path.abspath(opts.prefix))
    try:
        rc = subprocess.run(['bash', '-c', script(steps)], cwd=work, env=env).returncode
    finally:
        if not opts.workdir and not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
    nshell = sum(1 for s in steps if s[0] == 'shell')
    print('run-tutorial: %d files, %d shell blocks: %s' % (len(files), nshell, 'ok' if rc == 0 else 'FAILED'))
    return 0 if rc == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
