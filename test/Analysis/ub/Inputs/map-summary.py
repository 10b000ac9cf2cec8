#!/usr/bin/env python3
"""Sums what ub-map wrote (the ub.mem ops of each buffer) so a test can
compare it with the buffer's capacity: prints, per buffer in graph order,
its mapping, capacity, the words of its elements, how many registers, line
segments and physical memories it got."""
import re
import sys

text = sys.stdin.read()
buffers = re.findall(r'ub\.buffer @(\w+) \{([^}]*)\}', text)
mems = re.findall(r'ub\.mem @(\w+) \{(.*)\}\s*$', text, re.M)
for i, (name, attrs) in enumerate(buffers):
    cap = re.search(r'capacity = (\d+)', attrs)
    kind = re.search(r'map = "(\w+)"', attrs)
    words = regs = segs = phys = 0
    nodes = set()
    for _, a in mems:
        if f'buffer = "{name}"' not in a:
            continue
        w = int(re.search(r'words = (\d+)', a).group(1))
        k = re.search(r'kind = "(\w+)"', a).group(1)
        words += w
        if k == 'sr':
            regs += w
            continue
        phys += int(re.search(r'tiles = (\d+)', a).group(1))  # each bank is its own ub.mem
        s = re.search(r'segments = array<i64: ([\d, ]+)>', a)
        segs += len(s.group(1).split(',')) // 3 if s else 0
        nodes.add(re.search(r'node = "(\w+)"', a).group(1))
    print(f'{name}: {kind.group(1) if kind else "?"}, capacity {cap.group(1) if cap else "?"}, '
          f'{words} words: {regs} registers, {segs} line segments, {phys} memories {sorted(nodes)}')
