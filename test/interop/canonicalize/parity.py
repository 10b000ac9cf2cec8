#!/usr/bin/env python3
"""Canonicalization parity of strata-opt with mlir-opt-14 (issue 3, "Done
when" item 2).

For every input (MLIR 14 spelling, Inputs/*.mlir):

  1. both tools must accept it as it is, without a pass:
       strata-opt --mlir14 [flags] FILE
       mlir-opt-14 --allow-unregistered-dialect FILE
     (a file either tool rejects is BROKEN: it would otherwise count as two
     empty, identical outputs);
  2. S = strata-opt --mlir14 [flags] --canonicalize --mlir-print-op-generic FILE
     M = mlir-opt-14 --allow-unregistered-dialect --canonicalize
                     --mlir-print-op-generic FILE
  3. both are normalised (see `normalise`) and compared as text, and the ops
     of each are counted.

[flags] come from a line `// INTEROP-STRATA-FLAGS: <flags>` in the input, as
in mlir14_interop.py: strata-opt gets --allow-unregistered-dialect only where
a file says so.

The run fails (exit 1) when a file is BROKEN, when fewer than --min-identical
(default 90%) of the files are identical, when Strata's output has more ops
than mlir-opt-14's on any file, or when a file that differs has no entry in
the differences document (--diffs, docs/canonicalize-diffs.md): a heading
`### <file name>` followed by some text.  An entry for a file that is now
identical is reported as stale, not as a failure.

Every output is kept in the work directory (--work): <file>.strata.mlir,
<file>.mlir14.mlir and their normalised forms (.norm); a difference that fails
the run is shown as a unified diff.
"""

import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from mlir14_interop import strata_flags  # noqa: E402

MAX_DIFF_LINES = 60

# --------------------------------------------------------------- normalising
#
# The text is MLIR's generic form, one op per line:
#   %0:2 = "d.op"(%a, %b#1) [^bb1, ^bb2(%c : i32)] ({ {attrs} : type loc(...)
# with regions opened by a line ending in `({` (or `}, {` between two
# regions) and closed by a line starting with `})` or `}, {`.

VALUE = re.compile(r'%([A-Za-z0-9_$.-]+)')
BLOCK = re.compile(r'\^([A-Za-z0-9_$.-]+)')
OP_LINE = re.compile(r'^\s*(?:%[^=]*=\s*)?"[^"]+"\s*\(')


def string_end(text, i):
    """Index just past the string literal opening at text[i]."""
    j = i + 1
    while j < len(text) and text[j] != '"':
        j += 2 if text[j] == '\\' else 1
    return j + 1


def split_strings(line):
    """Splits a line into (text, is_string_literal) pieces."""
    parts, i, start = [], 0, 0
    while i < len(line):
        if line[i] == '"':
            j = string_end(line, i)
            parts.append((line[start:i], False))
            parts.append((line[i:j], True))
            i = start = j
        else:
            i += 1
    parts.append((line[start:], False))
    return [p for p in parts if p[0]]


def scan(text, i=0):
    """Yields (index, char, bracket depth after it) for the characters of
    text[i:] outside string literals; the `>` of `->` is no bracket."""
    depth, j = 0, i
    while j < len(text):
        ch = text[j]
        if ch == '"':
            j = string_end(text, j)
            continue
        if ch == '-' and text[j + 1:j + 2] == '>':
            j += 2
            continue
        if ch in '([{<':
            depth += 1
        elif ch in ')]}>':
            depth -= 1
        yield j, ch, depth
        j += 1


def closing(text, i):
    """Index just past the bracket group opening at text[i], or len(text)
    when it does not close."""
    for j, _, depth in scan(text, i):
        if depth == 0:
            return j + 1
    return len(text)


def top_level_split(body):
    """Splits the inside of an attribute dictionary at its top-level commas."""
    items, start = [], 0
    for j, ch, depth in scan(body):
        if ch == ',' and depth == 0:
            items.append(body[start:j].strip())
            start = j + 1
    items.append(body[start:].strip())
    return [x for x in items if x]


def attr_key(item):
    key = item.split('=', 1)[0].strip()
    return key.strip('"')


def strip_locs_and_sort_attrs(line):
    """Drops `loc(...)` and sorts the op's attribute dictionary by name.  The
    dictionary is the `{...}` after the operand list, successors or regions:
    a `{` that follows `) ` or `] ` and does not end the line (a region
    opens with `({` at the end of a line)."""
    out, i = [], 0
    while i < len(line):
        if line[i] == '"':
            j = string_end(line, i)
            out.append(line[i:j])
            i = j
            continue
        if line.startswith(' loc(', i):
            i = closing(line, i + 4)
            continue
        if line[i] == '{' and i >= 2 and line[i - 1] == ' ' and line[i - 2] in ')]' \
                and line[i + 1:].strip():
            end = closing(line, i)
            items = top_level_split(line[i + 1:end - 1])
            out.append('{' + ', '.join(sorted(items, key=attr_key)) + '}')
            i = end
            continue
        out.append(line[i])
        i += 1
    return ''.join(out)


def strip_comment(line):
    pieces = []
    for text, is_str in split_strings(line):
        if not is_str and '//' in text:
            pieces.append(text[:text.index('//')])
            break
        pieces.append(text)
    return ''.join(pieces).rstrip()


class Scopes:
    """Regions as a tree: each has its definitions (value name -> canonical
    name) and its block labels."""

    def __init__(self):
        self.parent = [None]
        self.values = [{}]
        self.blocks = [{}]

    def new(self, parent):
        self.parent.append(parent)
        self.values.append({})
        self.blocks.append({})
        return len(self.parent) - 1


def regions_of(lines, scopes):
    """The region of each line (ids in text order, new ones made in scopes).
    A line that closes a region (`})...`, `}, {`) belongs to the enclosing
    one, as does the op line that opens a region."""
    stack, out = [0], []
    for line in lines:
        s = line.strip()
        if s.startswith('}'):
            stack.pop()
        out.append(stack[-1])
        if s.endswith('({') or s.endswith('}, {'):
            stack.append(scopes.new(stack[-1]))
    return out


def definitions(line):
    """Value names the line defines: op results (`%a, %b:2 =`) and block
    arguments (`^bb1(%x: i32, %y: f32):`)."""
    s = line.strip()
    if s.startswith('^'):
        return [m.group(1) for m in re.finditer(r'%([A-Za-z0-9_$.-]+)\s*:', s)]
    m = re.match(r'((?:%[A-Za-z0-9_$.-]+(?::\d+)?\s*,?\s*)+)=', s)
    if not m:
        return []
    return [v.group(1) for v in VALUE.finditer(m.group(1))]


def normalise(text):
    """Renames SSA values and block labels canonically, sorts attribute
    dictionaries and drops locations and comments, keeping everything else.

    Values: every definition gets %vN in the order definitions appear in the
    text; a use refers to the definition of that name in its own region or
    the nearest enclosing one (names are reused across sibling regions, and
    a use may come before its definition in a later block).  Block labels:
    ^bN per region, in order of first appearance."""
    lines = [strip_comment(l) for l in text.splitlines()]
    lines = [l for l in lines if l.strip()]

    if not lines:
        return ''
    scopes = Scopes()
    region_of_line = regions_of(lines, scopes)
    counter = 0
    for line, reg in zip(lines, region_of_line):
        for name in definitions(line):
            if name not in scopes.values[reg]:
                scopes.values[reg][name] = 'v%d' % counter
                counter += 1

    def resolve(name, reg):
        r = reg
        while r is not None:
            if name in scopes.values[r]:
                return scopes.values[r][name]
            r = scopes.parent[r]
        return 'undef_' + name  # a use of nothing: keep it visible

    def block(label, reg):
        table = scopes.blocks[reg]
        if label not in table:
            table[label] = 'b%d' % len(table)
        return table[label]

    out = []
    for line, reg in zip(lines, region_of_line):
        pieces = []
        for text, is_str in split_strings(line):
            if not is_str:
                text = VALUE.sub(lambda m: '%' + resolve(m.group(1), reg), text)
                text = BLOCK.sub(lambda m: '^' + block(m.group(1), reg), text)
            pieces.append(text)
        out.append(strip_locs_and_sort_attrs(''.join(pieces)).rstrip())
    return '\n'.join(out) + '\n'


def count_ops(text):
    return sum(1 for l in text.splitlines() if OP_LINE.match(l))


# ----------------------------------------------------------------- the diffs doc

def documented(path):
    """Files with an entry in the differences document: `### name` followed
    by at least one non-empty line before the next heading."""
    entries, current, has_text = set(), None, False
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'^#{1,6}\s+(.*\S)\s*$', line)
            if m:
                if current and has_text:
                    entries.add(current)
                name = m.group(1).strip('` ')
                current = name if line.startswith('### ') else None
                has_text = False
            elif current and line.strip():
                has_text = True
    if current and has_text:
        entries.add(current)
    return entries


# ---------------------------------------------------------------------- main

def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode(errors='replace'), p.stderr.decode(errors='replace')


def first_line(err):
    lines = [l for l in err.splitlines() if l.strip()]
    return lines[0] if lines else '(no message)'


def show_diff(a, b, na, nb):
    diff = list(difflib.unified_diff(a.splitlines(True), b.splitlines(True), na, nb))
    shown = ''.join(diff[:MAX_DIFF_LINES])
    if len(diff) > MAX_DIFF_LINES:
        shown += '... (%d more diff lines)\n' % (len(diff) - MAX_DIFF_LINES)
    return shown


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('inputs', nargs='*', help='files (default: Inputs/*.mlir beside this script)')
    ap.add_argument('--strata-opt', default='strata-opt')
    ap.add_argument('--mlir-opt', default='mlir-opt-14')
    ap.add_argument('--diffs', default=os.path.join(root, 'docs', 'canonicalize-diffs.md'))
    ap.add_argument('--work', default='canonicalize-parity-work')
    ap.add_argument('--min-identical', type=float, default=90.0, help='percent (90)')
    ap.add_argument('-v', '--verbose', action='store_true', help='show every difference')
    args = ap.parse_args()

    for tool in (args.strata_opt, args.mlir_opt):
        if not shutil.which(tool):
            print('error: %s not found' % tool, file=sys.stderr)
            return 2
    files = args.inputs or sorted(glob.glob(os.path.join(here, 'Inputs', '*.mlir')))
    if not files:
        print('error: no inputs', file=sys.stderr)
        return 2
    docs = documented(args.diffs) if os.path.exists(args.diffs) else set()
    if os.path.isdir(args.work):
        shutil.rmtree(args.work)
    os.makedirs(args.work)

    rows, problems, shown = [], [], []
    identical = 0
    width = max(len(os.path.basename(f)) for f in files)
    for path in files:
        name = os.path.basename(path)
        flags = strata_flags(path)
        strata = [args.strata_opt, '--mlir14'] + flags
        mlir = [args.mlir_opt, '--allow-unregistered-dialect']

        broken = []
        for who, cmd in (('strata-opt', strata + [path]), ('mlir-opt-14', mlir + [path])):
            rc, _, err = run(cmd)
            if rc != 0:
                broken.append('%s rejects the input: %s' % (who, first_line(err)))
        if broken:
            rows.append((name, '-', '-', 'BROKEN'))
            problems.append('%s: %s' % (name, '; '.join(broken)))
            continue

        canon = ['--canonicalize', '--mlir-print-op-generic', path]
        rs, s_out, s_err = run(strata + canon)
        rm, m_out, m_err = run(mlir + canon)
        if rs != 0 or rm != 0:
            rows.append((name, '-', '-', 'FAILED'))
            if rs != 0:
                problems.append('%s: strata-opt --canonicalize failed: %s' % (name, first_line(s_err)))
            if rm != 0:
                problems.append('%s: mlir-opt-14 --canonicalize failed: %s' % (name, first_line(m_err)))
            continue

        stem = os.path.join(args.work, name)
        ns, nm = normalise(s_out), normalise(m_out)
        for suffix, text in (('.strata.mlir', s_out), ('.mlir14.mlir', m_out),
                             ('.strata.norm', ns), ('.mlir14.norm', nm)):
            with open(stem + suffix, 'w', encoding='utf-8') as f:
                f.write(text)
        ops_s, ops_m = count_ops(s_out), count_ops(m_out)
        if ns == nm:
            identical += 1
            status = 'identical'
        else:
            status = 'differs'
            bad = []
            if name not in docs:
                bad.append('not explained in %s' % os.path.relpath(args.diffs, root))
            if ops_s > ops_m:
                bad.append('strata-opt has more ops (%d > %d)' % (ops_s, ops_m))
            if bad:
                status = 'DIFFERS: ' + ', '.join(bad)
                problems.append('%s: %s' % (name, ', '.join(bad)))
            if bad or args.verbose:
                shown.append(show_diff(nm, ns, name + ' (mlir-opt-14, normalised)',
                                       name + ' (strata-opt, normalised)'))
        rows.append((name, ops_s, ops_m, status))

    print('%-*s  %6s  %6s  %s' % (width, 'file', 'strata', 'mlir14', 'result'))
    for name, ops_s, ops_m, status in rows:
        print('%-*s  %6s  %6s  %s' % (width, name, ops_s, ops_m, status))
    for d in shown:
        print()
        print(d.rstrip())
    stale = sorted(n for n in docs if any(r[0] == n and r[3] == 'identical' for r in rows))
    names = {os.path.basename(f) for f in files}
    unknown = sorted(n for n in docs if n.endswith('.mlir') and n not in names)
    print()
    for n in stale:
        print('note: %s is identical now; its entry in the differences document is stale' % n)
    for n in unknown:
        print('note: the differences document names %s, which is not an input' % n)

    total = len(files)
    pct = 100.0 * identical / total
    print('%d identical of %d (%.1f%%)' % (identical, total, pct))
    if pct < args.min_identical:
        problems.append('only %.1f%% identical, at least %.1f%% needed' % (pct, args.min_identical))
    for p in problems:
        print('FAIL ' + p)
    print('outputs in %s' % args.work)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
