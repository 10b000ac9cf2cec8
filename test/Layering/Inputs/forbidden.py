#!/usr/bin/env python3
"""Lists the lines of source files that match a forbidden pattern.

Usage: forbidden.py RULE REGEX ROOT DIR... [--except DIR...]

Searches the C sources, flex/bison grammars and CMake files under ROOT/DIR
(recursively), skipping the folders given after --except, and prints each
line matching REGEX as path:line: text, then "RULE: N files, M violations".
The exit status is 0 either way: the test checks the count with FileCheck,
so that a violation is shown with its line.
"""
import os
import re
import sys

EXTS = ('.c', '.h', '.l', '.y', 'CMakeLists.txt', '.cmake')


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    rule, regex, root = argv[0], re.compile(argv[1]), argv[2]
    rest = argv[3:]
    cut = rest.index('--except') if '--except' in rest else len(rest)
    dirs = rest[:cut]
    excepts = [os.path.normpath(os.path.join(root, d)) for d in rest[cut + 1:]]
    nfiles = nviol = 0
    for d in dirs:
        for top, subdirs, files in os.walk(os.path.join(root, d)):
            subdirs[:] = sorted(s for s in subdirs if os.path.normpath(os.path.join(top, s)) not in excepts)
            for f in sorted(files):
                if not f.endswith(EXTS):
                    continue
                path = os.path.join(top, f)
                nfiles += 1
                with open(path, encoding='utf-8', errors='replace') as fh:
                    for i, line in enumerate(fh, 1):
                        if regex.search(line):
                            nviol += 1
                            print('%s:%d: %s' % (os.path.relpath(path, root), i, line.rstrip()))
    print('%s: %d files, %d violations' % (rule, nfiles, nviol))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
