#!/usr/bin/env python3
"""Lists the dynamic symbols a shared library exports that are not public
Strata API.

Usage: exports.py LIST...

Each LIST file names shared libraries, one path a line (the build writes
them: test/shared-libraries.txt for Strata's libraries, test/plugins/
plugins.txt for the test plugins).  For each library, `nm -D --defined-only`
lists what it exports; a name that does not start with `st_`, or that starts
with `st__` (library-private), is printed as `library: name`.  Then
"exports: L libraries, N symbols, M violations".  The exit status is 0 either
way: the test checks the counts with FileCheck, so that a violation is shown
with its name.

Every Strata library is built with hidden visibility and exports only what
a public header declares ST_API (strata/support.h); a plugin exports only
its entry point.  The linker adds no symbol of its own to .dynsym on the
platforms Strata supports; ALLOWED names the ones a toolchain might.
"""
import os
import subprocess
import sys

# Symbols a toolchain may define in a shared library without being asked.
ALLOWED = {'_init', '_fini', '_edata', '_end', '__bss_start'}
# AddressSanitizer's one-definition-rule indicator of an exported global
# (`__odr_asan.st_tc_any`): judged by the global's own name.
ODR_PREFIX = '__odr_asan.'


def read_lists(paths):
    """The shared libraries the list files name, sorted, without repeats."""
    libs = set()
    for lst in paths:
        with open(lst, encoding='utf-8') as fh:
            libs.update(line.strip() for line in fh if line.strip())
    return sorted(libs)


def defined_symbols(lib):
    """The names of the dynamic symbols `lib` defines (nm -D --defined-only)."""
    out = subprocess.run(['nm', '-D', '--defined-only', lib], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    return [parts[2].split('@')[0] for parts in map(str.split, out.splitlines()) if len(parts) >= 3]


def main(argv):
    if not argv:
        sys.exit(__doc__)
    libs = read_lists(argv)
    nsyms = nviol = 0
    for lib in libs:
        if not os.path.exists(lib):
            print('%s: missing (not built?)' % os.path.basename(lib))
            nviol += 1
            continue
        for name in defined_symbols(lib):
            nsyms += 1
            if name in ALLOWED:
                continue
            if name.startswith(ODR_PREFIX):
                name = name[len(ODR_PREFIX):]
            if not name.startswith('st_') or name.startswith('st__'):
                nviol += 1
                print('%s: %s' % (os.path.basename(lib), name))
    print('exports: %d libraries, %d symbols, %d violations' % (len(libs), nsyms, nviol))
    return 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
