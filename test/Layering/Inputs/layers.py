#!/usr/bin/env python3
"""Lists where a lower layer of Strata depends on a higher one.

Usage: layers.py ROOT LIST...

The layers, bottom first: core; the dialects; the shared analyses
(analysis/); the conversions, frontends and backends; the tools' registry.
A library may use its own layer and those below it.  This script checks the
three lowest layers (core/, dialects/, analysis/):

  * links: `readelf -d` of each of their shared libraries (named in the
    LIST files the build writes) lists no Strata library of a higher layer
    as NEEDED;
  * includes: none of their sources (C, headers, flex/bison) includes a
    public header of a higher layer.  A header's layer is that of the
    libraries exporting the functions it declares ST_API (`nm -D`), so a
    new conversion's or backend's header is covered without a list here.

Prints each violation (`lib: links lib2 (layer)`, `path:line: includes
strata/x.h (layer: lib)`), then "layers: L libraries, F files, M
violations".  The exit status is 0 either way: the test checks the count
with FileCheck.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exports import defined_symbols, read_lists  # noqa: E402

RANKS = [('strata_core', 0, 'core'), ('strata_dialect_', 1, 'dialect'),
         ('strata_analysis_', 2, 'analysis'), ('strata_conversion_', 3, 'conversion'),
         ('strata_frontend_', 3, 'frontend'), ('strata_backend_', 3, 'backend'),
         ('strata_registry', 4, 'tools')]
# The source folders checked, with their layer.
FOLDERS = [('core', 0), ('dialects', 1), ('analysis', 2)]
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](strata/[\w/]+\.h)[">]')
DECL = re.compile(r'\bST_API\b([^;]*);')


def layer(libname):
    """(rank, kind) of a library name such as strata_dialect_hw."""
    for prefix, rank, kind in RANKS:
        if libname.startswith(prefix):
            return rank, kind
    return None


def lib_name(path):
    base = os.path.basename(path)
    return base[3:base.index('.so')] if base.startswith('lib') else base


def needed(lib):
    out = subprocess.run(['readelf', '-d', lib], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    return re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', out)


def header_layers(root, owner):
    """strata/<h>.h -> (rank, kind, lib) of the highest library exporting
    what the header declares."""
    result = {}
    inc = os.path.join(root, 'include')
    for top, subdirs, files in os.walk(os.path.join(inc, 'strata')):
        for f in files:
            if not f.endswith('.h'):
                continue
            path = os.path.join(top, f)
            with open(path, encoding='utf-8') as fh:
                text = fh.read()
            best = None
            for m in DECL.finditer(text):
                d = m.group(1)
                n = re.search(r'\b(st_\w+)\s*\(', d) or re.search(r'\b(st_\w+)\s*(\[[^\]]*\])?\s*$', d)
                lib = owner.get(n.group(1)) if n else None
                lay = layer(lib) if lib else None
                if lay and (best is None or lay[0] > best[0]):
                    best = (lay[0], lay[1], lib)
            if best:
                result[os.path.relpath(path, inc)] = best
    return result


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    root, libs = argv[0], read_lists(argv[1:])
    owner = {}
    for lib in libs:
        for name in defined_symbols(lib):
            owner[name] = lib_name(lib)
    nviol = nlibs = nfiles = 0
    for lib in libs:
        lay = layer(lib_name(lib))
        if not lay or lay[0] > 2:
            continue
        nlibs += 1
        for dep in needed(lib):
            dl = layer(lib_name(dep))
            if dl and dl[0] > lay[0]:
                nviol += 1
                print('%s: links %s (%s)' % (os.path.basename(lib), dep, dl[1]))
    headers = header_layers(root, owner)
    for folder, rank in FOLDERS:
        for top, subdirs, files in os.walk(os.path.join(root, folder)):
            subdirs.sort()
            for f in sorted(files):
                if not f.endswith(('.c', '.h', '.l', '.y')):
                    continue
                path = os.path.join(top, f)
                nfiles += 1
                with open(path, encoding='utf-8', errors='replace') as fh:
                    for i, line in enumerate(fh, 1):
                        m = INCLUDE.match(line)
                        h = headers.get(m.group(1)) if m else None
                        if h and h[0] > rank:
                            nviol += 1
                            print('%s:%d: includes %s (%s: %s)' % (os.path.relpath(path, root), i,
                                                                  m.group(1), h[1], h[2]))
    print('layers: %d libraries, %d files, %d violations' % (nlibs, nfiles, nviol))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
