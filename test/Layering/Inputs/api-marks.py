#!/usr/bin/env python3
"""Lists the public declarations of C headers that lack the ST_API mark.

Usage: api-marks.py [--fix] ROOT DIR...

Every Strata library is built with hidden visibility, so a function or
variable leaves its shared library only when its declaration in a public
header starts with ST_API (strata/support.h).  This script reads the *.h
files under ROOT/DIR and finds each top-level declaration of a function
(a statement ending in `;` with a parameter list) or of an extern variable
that is not static, not a typedef and not already marked ST_API (or
ST_PLUGIN_EXPORT).  It prints each as path:line: declaration, then
"api-marks: N files, M unmarked".  With --fix it inserts `ST_API ` in
front of each instead (for a header you just wrote).  The exit status is 0
either way: the test checks the count with FileCheck.
"""
import os
import re
import sys

MARKS = ('ST_API', 'ST_PLUGIN_EXPORT')


def skip_preprocessor(text, i):
    """End of the preprocessor line starting at i (with continuations)."""
    while True:
        k = text.find('\n', i)
        if k < 0:
            return len(text)
        if text[k - 1] != '\\':
            return k
        i = k + 1


def statements(text):
    """Yields (offset, text) of each top-level statement ended by ';'.
    Bodies in braces (struct, enum, inline functions) are skipped; an
    `extern "C" {` block counts as top level."""
    i, n, depth, paren, start = 0, len(text), 0, 0, None
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            i = text.index('*/', i + 2) + 2
            continue
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if c == '#' and text[text.rfind('\n', 0, i) + 1:i].strip() == '':
            i = skip_preprocessor(text, i)
            if depth == 0 and paren == 0:
                start = None
            continue
        if c in '"\'':
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == '\\' else 1
            i = j + 1
            continue
        if c.isspace():
            i += 1
            continue
        if start is None and depth == 0:
            start = i
        if c == '{':
            if depth == 0 and re.match(r'extern\s*"C"\s*$', text[start:i]):
                start = None
                i += 1
                continue
            depth += 1
        elif c == '}':
            if depth == 0:  # the end of extern "C" {
                start = None
                i += 1
                continue
            depth -= 1
            if depth == 0 and re.search(r'\)\s*\{', text[start:i + 1]):
                start = None  # a function body ends its statement
        elif c == '(':
            paren += 1
        elif c == ')':
            paren -= 1
        elif c == ';' and depth == 0 and paren == 0:
            if start is not None:
                yield start, text[start:i + 1]
            start = None
        i += 1


def needs_mark(stmt):
    s = re.sub(r'/\*.*?\*/', ' ', stmt, flags=re.S).strip()
    if s.startswith(MARKS):
        return False
    if re.match(r'(typedef|static|enum|union)\b|struct\s+\w+\s*[{;]', s):
        return False
    return bool(re.match(r'extern\s', s)) or '(' in s


def main(argv):
    fix = '--fix' in argv
    argv = [a for a in argv if a != '--fix']
    if len(argv) < 2:
        sys.exit(__doc__)
    root = argv[0]
    nfiles = nbad = 0
    for d in argv[1:]:
        for top, subdirs, files in os.walk(os.path.join(root, d)):
            subdirs.sort()
            for f in sorted(files):
                if not f.endswith('.h'):
                    continue
                path = os.path.join(top, f)
                nfiles += 1
                with open(path, encoding='utf-8') as fh:
                    text = fh.read()
                bad = [off for off, stmt in statements(text) if needs_mark(stmt)]
                nbad += len(bad)
                if fix and bad:
                    for off in reversed(bad):
                        text = text[:off] + 'ST_API ' + text[off:]
                    with open(path, 'w', encoding='utf-8') as fh:
                        fh.write(text)
                for off in bad:
                    line = text.count('\n', 0, off) + 1
                    decl = ' '.join(text[off:text.find(';', off) + 1].split())
                    print('%s:%d: %s%s' % (os.path.relpath(path, root), line,
                                           'fixed: ' if fix else '', decl[:120]))
    print('api-marks: %d files, %d unmarked' % (nfiles, nbad))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
