#!/usr/bin/env python3
"""Runs a recipe of docs/ as a program, so that the text and its code cannot drift.

The recipe is docs/tutorial/ (its chapters NN-*.md, in order; the default) or
one page given with --docs (docs/adding-a-target.md).  Every fenced block is
taken in document order:

  - a block whose first line is a comment `file: <path>` (`/* file: p */`,
    `// file: p`, `# file: p`) adds its other lines to <path> in the project
    being built; a C block must have one;
  - a shell block (sh, shell, bash) runs, in one bash (`set -euo pipefail`)
    in the project's directory, after the files written before it;
  - any other block (text, mlir without a file line) is an illustration.

Before running anything, the files the recipe writes are compared with the
same project checked in (--example; examples/tutorial/ by default): a
difference fails (or, with --write-example, replaces the checked-in copy).

Usage:
    scripts/run-tutorial.py [--docs PAGE --example DIR] --prefix <installed Strata> [--workdir DIR] [--keep]
    scripts/run-tutorial.py [--docs PAGE --example DIR] --check    compare with the example only
    scripts/run-tutorial.py [--docs PAGE --example DIR] --write-example
The shell blocks see STRATA_PREFIX (the installed Strata) and STRATA_SOURCE
(this source tree: its test/lib/ helpers).
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


def read_blocks(docs):
    """Every fenced block of the recipe (a page, or a folder's chapters), in order."""
    blocks = []
    if os.path.isdir(docs):
        chapters = [os.path.join(docs, f) for f in sorted(os.listdir(docs)) if CHAPTER_RE.match(f)]
        if not chapters:
            sys.exit('run-tutorial: no chapters (NN-*.md) in %s' % docs)
    else:
        chapters = [docs]
    for path in chapters:
        name = os.path.relpath(path, ROOT)
        with open(path, encoding='utf-8') as fh:
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
                sys.exit('run-tutorial: %s:%d: unclosed code block' % (name, start + 1))
            blocks.append(Block('%s:%d' % (name, start + 1), m.group(1).lower(), body))
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


def example_files(example):
    out = {}
    for root, _, names in os.walk(example):
        for n in names:
            p = os.path.join(root, n)
            with open(p, encoding='utf-8') as fh:
                out[os.path.relpath(p, example)] = fh.read()
    return out


def compare(files, docs, example):
    """Differences between the recipe's files and the checked-in example, as text."""
    have = example_files(example)
    ex, doc = os.path.relpath(example, ROOT), os.path.relpath(docs, ROOT)
    out = []
    for path in sorted(set(files) | set(have)):
        if path not in have:
            out.append('%s: written by %s, missing from %s\n' % (path, doc, ex))
        elif path not in files:
            out.append('%s/%s: not written by %s\n' % (ex, path, doc))
        elif files[path] != have[path]:
            out.extend(difflib.unified_diff(have[path].splitlines(True), files[path].splitlines(True),
                                            '%s/%s' % (ex, path), '%s (%s)' % (doc, path)))
    return ''.join(out)


def write_example(files, example):
    shutil.rmtree(example, ignore_errors=True)
    for path, text in files.items():
        dest = os.path.join(example, path)
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
    ap.add_argument('--docs', default=DOCS, help='the recipe: a page, or a folder of NN-*.md chapters')
    ap.add_argument('--example', default=EXAMPLE, help='the project the recipe writes, as checked in')
    ap.add_argument('--prefix', help='where Strata is installed (STRATA_PREFIX)')
    ap.add_argument('--workdir', help='build the project here (default: a temporary directory)')
    ap.add_argument('--keep', action='store_true', help='keep the temporary directory')
    ap.add_argument('--check', action='store_true', help='only compare with the example')
    ap.add_argument('--write-example', action='store_true', help='write the example from the recipe')
    opts = ap.parse_args()

    docs, example = os.path.abspath(opts.docs), os.path.abspath(opts.example)
    files, steps = classify(read_blocks(docs))
    if opts.write_example:
        write_example(files, example)
        print('run-tutorial: wrote %d files to %s' % (len(files), os.path.relpath(example, ROOT)))
        return 0
    diff = compare(files, docs, example)
    if diff:
        sys.stderr.write(diff)
        sys.stderr.write('run-tutorial: %s and %s differ (scripts/run-tutorial.py --write-example updates the '
                         'example)\n' % (os.path.relpath(docs, ROOT), os.path.relpath(example, ROOT)))
        return 1
    if opts.check:
        return 0
    if not opts.prefix:
        sys.exit('run-tutorial: --prefix <installed Strata> is needed to run the recipe')

    work = opts.workdir or tempfile.mkdtemp(prefix='strata-tutorial-')
    os.makedirs(work, exist_ok=True)
    if os.listdir(work):
        sys.exit('run-tutorial: %s is not empty' % work)
    env = dict(os.environ, STRATA_PREFIX=os.path.abspath(opts.prefix), STRATA_SOURCE=ROOT)
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
