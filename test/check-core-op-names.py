#!/usr/bin/env python3
"""Checks the layering rule "the core knows no dialect except builtin".

Generic code sees ops only through traits and interfaces, so no string
literal in core/ may name an op of a dialect other than builtin.  The op
names come from the tool itself (`strata-opt --show-dialects`), so a new
dialect is covered as soon as it is registered.  Comments may mention ops.

usage: check-core-op-names.py STRATA_OPT CORE_DIR
"""
import pathlib
import re
import subprocess
import sys


def string_literals(text):
    """C string literals of `text`, comments stripped first."""
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.findall(r'"((?:[^"\\\n]|\\.)*)"', text)


def main():
    strata_opt, core = sys.argv[1], pathlib.Path(sys.argv[2])
    out = subprocess.run([strata_opt, '--show-dialects'], check=True, capture_output=True, text=True).stdout
    ops = [l.strip() for l in out.splitlines() if l.startswith('  ')]
    foreign = sorted(o for o in ops if not o.startswith('builtin.'))
    if not foreign:
        print('check-core-op-names: no dialect besides builtin is registered; nothing to check')
        return 1
    pattern = re.compile(r'(?<![\w.])(' + '|'.join(map(re.escape, foreign)) + r')(?![\w.])')
    bad = []
    files = sorted(core.glob('*.c')) + sorted(core.glob('*.h'))
    for f in files:
        for lit in string_literals(f.read_text()):
            for m in pattern.finditer(lit):
                bad.append(f'{f}: names op {m.group(1)!r} in "{lit}"')
    for b in bad:
        print(b)
    print(f'check-core-op-names: {len(files)} core files, {len(foreign)} non-builtin ops, {len(bad)} violations')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
