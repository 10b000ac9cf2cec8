#!/usr/bin/env python3
"""Reads a design.rdacfg and says which busy streams cannot run at one
element a cycle: a stream a context with ii 1 enqueues on every firing
(at the level of its whole counter chain) holds a buffer slot of each
reader from the send until the credit comes back, the writer's pipeline
latency plus the route's latency twice, so a round trip longer than the
stream's depth throttles the writer (docs/rda.md, "Placement and
routing").  Prints each such reader and a count line."""

import re
import sys

lines = open(sys.argv[1]).read().split('\n')
depth, ctx, busy = {}, {}, {}
cur = None
for line in lines:
    m = re.match(r'stream (\d+) (\w+) .* depth (\d+)', line)
    if m:
        depth[int(m.group(1))] = (m.group(2), int(m.group(3)))
        continue
    m = re.match(r'context (\d+) (\S+) unit \d+ lanes \d+ ii (\d+) latency (\d+)', line)
    if m:
        cur = int(m.group(1))
        ctx[cur] = {'name': m.group(2), 'ii': int(m.group(3)), 'lat': int(m.group(4)), 'ctrs': 0}
        continue
    if cur is None:
        continue
    if re.match(r'\s+ctr ', line):
        ctx[cur]['ctrs'] += 1
    m = re.match(r'\s+enq (\d+) \d+ (\d+)', line)
    if m and ctx[cur]['ii'] == 1 and int(m.group(2)) == ctx[cur]['ctrs']:
        busy[int(m.group(1))] = cur
n = over = 0
for line in lines:
    m = re.match(r'reader (\d+) context (\d+) latency (\d+)', line)
    if not m or int(m.group(1)) not in busy:
        continue
    s, r, lat = map(int, m.groups())
    kind, d = depth[s]
    if kind != 'vector':
        continue
    w = ctx[busy[s]]
    rt = w['lat'] + 2 * lat
    n += 1
    if rt > d:
        over += 1
        print('stream %d %s -> %s: round trip %d > depth %d' % (s, w['name'], ctx[r]['name'], rt, d))
print('%d busy vector readers, %d over their credit window' % (n, over))
