#!/usr/bin/env python3
"""Lists the libraries that both print IR to text and parse text into IR.

Usage: reparse.py ROOT DIR...

Each immediate sub-folder of ROOT/DIR is one library (conversions/<name>,
backends/<name>, ...).  A library whose C files call a printer entry point
(st_print_op/_type/_attr, st_type_str, st_attr_str, st_op_dump) and a parser
entry point (st_parse_source, st_parse_type_str, st_parse_attr_str) may be
printing IR only to read it back: a lowering builds IR through builders or
the dialect-conversion framework instead (issue 22).  Reading an input file
(a driver's parse) or writing an output file (an emitter's print) alone is
fine.  Prints "folder: printer in A; parser in B" for each, then
"reparse: N libraries, M violations".  The exit status is 0 either way: the test checks the count with FileCheck.
"""
import os
import re
import sys

PRINTERS = re.compile(r'\bst_(print_(op|type|attr)|type_str|attr_str|op_dump)\s*\(')
PARSERS = re.compile(r'\bst_parse_(source|type_str|attr_str)\s*\(')


def uses(folder, regex):
    found = []
    for top, subdirs, files in os.walk(folder):
        subdirs.sort()
        for f in sorted(files):
            if not f.endswith(('.c', '.h', '.y', '.l')):
                continue
            path = os.path.join(top, f)
            with open(path, encoding='utf-8', errors='replace') as fh:
                if regex.search(fh.read()):
                    found.append(os.path.relpath(path, folder))
    return found


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    root = argv[0]
    nlibs = nviol = 0
    for d in argv[1:]:
        base = os.path.join(root, d)
        for name in sorted(os.listdir(base)):
            folder = os.path.join(base, name)
            rel = os.path.join(d, name)
            if not os.path.isdir(folder):
                continue
            nlibs += 1
            printers, parsers = uses(folder, PRINTERS), uses(folder, PARSERS)
            if printers and parsers:
                nviol += 1
                print('%s: printer in %s; parser in %s' % (rel, ', '.join(printers), ', '.join(parsers)))
    print('reparse: %d libraries, %d violations' % (nlibs, nviol))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
