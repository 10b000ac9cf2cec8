#!/usr/bin/env python3
"""Checks the public headers (include/strata/*.h and those in its subfolders): each compiles alone, as C11 and as C++17,
and each function it declares is documented.

A declaration is documented when a comment ends on its own line (a trailing
comment) or stands above it in its paragraph (the lines since the last blank
line): headers document related functions together, one comment over a
paragraph of declarations, and section rules (`/* ---- types */`) followed
by a blank line do not count.

Usage: scripts/check-headers.py [--include DIR] [--cc gcc] [--cxx g++]
Exit status 0 when every header passes; otherwise each problem is printed
as `path:line: message`.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The start of a function declaration at file scope: a return type, then the
# name (st_*) and its parameter list.  Function-pointer typedefs and struct
# members are indented or start with `typedef`, so they do not match.
DECL_RE = re.compile(r'^(?!typedef\b|static\b|#|extern\s+const\b)[A-Za-z_][\w\s\*]*?\b(st_\w+)\s*\(')


def compile_alone(include, header, lang, compiler):
    """Compiles a file that includes only `header`; returns the diagnostics or ''."""
    std, flags = ('-std=c11', ['-Wpedantic']) if lang == 'c' else ('-std=c++17', [])
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'alone.' + ('c' if lang == 'c' else 'cpp'))
        with open(src, 'w') as fh:
            fh.write('#include "strata/%s"\n' % header)
        cmd = [compiler, '-x', 'c' if lang == 'c' else 'c++', std, '-Wall', '-Wextra', '-Werror'] + flags + \
              ['-fsyntax-only', '-I', include, src]
        r = subprocess.run(cmd, capture_output=True, text=True)
        return '' if r.returncode == 0 else (r.stdout + r.stderr)


def undocumented(path):
    """(line, name) of each function declaration without a comment."""
    with open(path, encoding='utf-8') as fh:
        lines = fh.read().split('\n')
    out = []
    in_comment = False
    para_has_comment = False
    depth = 0  # inside a struct/enum body or an inline function
    for i, line in enumerate(lines):
        stripped = line.strip()
        starts_in_comment = in_comment
        # Track comments: whether this line holds or continues one.
        has_comment = in_comment or '/*' in line or '//' in line
        scan = line
        while True:
            if in_comment:
                end = scan.find('*/')
                if end < 0:
                    break
                in_comment = False
                scan = scan[end + 2:]
            else:
                start = scan.find('/*')
                if start < 0:
                    break
                in_comment = True
                scan = scan[start + 2:]
        code = re.sub(r'/\*.*?\*/', '', line) if not starts_in_comment else ''
        if not stripped:
            para_has_comment = False
            continue
        if depth == 0 and not starts_in_comment:
            m = DECL_RE.match(code)
            if m and not para_has_comment and '/*' not in line and '//' not in line:
                # A trailing comment may close the declaration's last line.
                j = i
                while j < len(lines) and ';' not in lines[j] and '{' not in lines[j]:
                    j += 1
                tail = lines[j] if j < len(lines) else ''
                if '{' not in tail and '/*' not in tail and '//' not in tail:
                    out.append((i + 1, m.group(1)))
        if has_comment:
            para_has_comment = True
        # The extern "C" braces of C++ are no body.
        if code.strip() == 'extern "C" {' or (code.strip() == '}' and lines[i - 1].strip() == '#ifdef __cplusplus'):
            continue
        depth += code.count('{') - code.count('}')
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--include', default=os.path.join(ROOT, 'include'))
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--cxx', default='g++')
    opts = ap.parse_args()
    hdir = os.path.join(opts.include, 'strata')
    headers = sorted(os.path.relpath(os.path.join(d, h), hdir) for d, _, hs in os.walk(hdir) for h in hs
                     if h.endswith('.h'))
    if not headers:
        sys.exit('check-headers: no headers in %s' % hdir)
    problems = 0
    for h in headers:
        rel = os.path.relpath(os.path.join(hdir, h), ROOT)
        for lang, compiler in (('c', opts.cc), ('c++', opts.cxx)):
            diag = compile_alone(opts.include, h, lang, compiler)
            if diag:
                problems += 1
                print('%s: does not compile alone as %s:\n%s' % (rel, 'C11' if lang == 'c' else 'C++17', diag))
        for line, name in undocumented(os.path.join(hdir, h)):
            problems += 1
            print('%s:%d: %s is not documented (no comment on its line or above it in its paragraph)'
                  % (rel, line, name))
    print('check-headers: %d headers, %d problems' % (len(headers), problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
