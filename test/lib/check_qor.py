#!/usr/bin/env python3
"""Checks stratac's qor.json files against docs/qor-schema.md.

Usage: check_qor.py FILE...          check these reports
       check_qor.py --find DIR       check every qor.json below DIR (at least one)
Prints `FILE: ok` per good report; for a bad one `FILE: error: <key>: <why>`
for each problem, and exits 1.
"""

import json
import math
import os
import sys

KEYS = ['target', 'kernel', 'cycles', 'ii', 'resources', 'ops_per_cycle', 'occupancy', 'buffers', 'compile_ms']
# Keys only some flows write: the stream flow's numbers (docs/streaming-hw.md).
OPTIONAL = ['stream']
STREAM_KEYS = ['fill', 'first_output', 'pixels', 'pixels_per_cycle', 'schedule_latency']


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, float)) and not isinstance(v, bool) and math.isfinite(v)


def check(report):
    """The list of problems of one parsed report."""
    errs = []
    if not isinstance(report, dict):
        return ['<top>: not an object']
    for k in KEYS:
        if k not in report:
            errs.append('%s: missing' % k)
    for k in report:
        if k not in KEYS and k not in OPTIONAL:
            errs.append('%s: not a key of the schema' % k)

    def want(key, ok, what):
        if key in report and not ok(report[key]):
            errs.append('%s: %s, not %s' % (key, what, json.dumps(report[key])))

    want('target', lambda v: isinstance(v, str) and v != '', 'a non-empty string')
    want('kernel', lambda v: isinstance(v, str) and v != '', 'a non-empty string')
    want('cycles', lambda v: v is None or (is_int(v) and v >= 1), 'an integer >= 1 or null')
    want('ii', lambda v: v is None or (is_int(v) and v >= 1), 'an integer >= 1 or null')
    want('ops_per_cycle', lambda v: v is None or (is_num(v) and v >= 0), 'a number >= 0 or null')
    want('occupancy', lambda v: v is None or (is_num(v) and v >= 0), 'a number >= 0 or null')
    res = report.get('resources')
    if 'resources' in report:
        if not isinstance(res, dict):
            errs.append('resources: an object, not %s' % json.dumps(res))
        else:
            for kind, r in res.items():
                if not isinstance(r, dict) or sorted(r) != ['available', 'used']:
                    errs.append('resources.%s: an object {used, available}, not %s' % (kind, json.dumps(r)))
                    continue
                if not (is_int(r['used']) and r['used'] >= 0):
                    errs.append('resources.%s.used: an integer >= 0, not %s' % (kind, json.dumps(r['used'])))
                if not (r['available'] is None or (is_int(r['available']) and r['available'] >= 0)):
                    errs.append('resources.%s.available: an integer >= 0 or null, not %s' %
                                (kind, json.dumps(r['available'])))
    def want_map(key, ok, what):
        """An object whose every value passes `ok`."""
        if key not in report:
            return
        if not isinstance(report[key], dict):
            errs.append('%s: an object, not %s' % (key, json.dumps(report[key])))
            return
        for name, v in report[key].items():
            if not ok(v):
                errs.append('%s.%s: %s, not %s' % (key, name, what, json.dumps(v)))

    st = report.get('stream')
    if 'stream' in report:
        if not isinstance(st, dict) or sorted(st) != STREAM_KEYS:
            errs.append('stream: an object {%s}, not %s' % (', '.join(STREAM_KEYS), json.dumps(st)))
        else:
            for k, ok in [('pixels', lambda v: is_int(v) and v >= 1),
                          ('schedule_latency', lambda v: is_int(v) and v >= 1),
                          ('pixels_per_cycle', lambda v: v is None or (is_num(v) and v >= 0)),
                          ('fill', lambda v: v is None or is_int(v)),
                          ('first_output', lambda v: v is None or (is_int(v) and v >= 0))]:
                if not ok(st[k]):
                    errs.append('stream.%s: not %s' % (k, json.dumps(st[k])))
            if st['fill'] is not None and report.get('cycles') is not None and \
                    st['fill'] != report['cycles'] - st['pixels']:
                errs.append('stream.fill: %s, but cycles - pixels is %s' %
                            (st['fill'], report['cycles'] - st['pixels']))
    want_map('buffers', lambda v: is_int(v) and v >= 1, 'an integer >= 1')
    want_map('compile_ms', lambda v: is_num(v) and v >= 0, 'a number >= 0')
    # The derived numbers must agree with what they are derived from.
    if not errs:
        if report['cycles'] is None and report['ops_per_cycle'] is not None:
            errs.append('ops_per_cycle: must be null when cycles is null')
        budgets = [r for r in res.values() if r['available']]
        if budgets:
            occ = max(r['used'] / r['available'] for r in budgets)
            if report['occupancy'] is None or abs(report['occupancy'] - occ) > 1e-5 + 1e-4 * occ:
                errs.append('occupancy: %s, but the largest used/available is %.6f' %
                            (json.dumps(report['occupancy']), occ))
        elif report['occupancy'] is not None:
            errs.append('occupancy: must be null when no resource has a budget')
    return errs


def check_file(path):
    try:
        with open(path) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print('%s: error: <file>: %s' % (path, e))
        return False
    errs = check(report)
    for e in errs:
        print('%s: error: %s' % (path, e))
    if not errs:
        print('%s: ok' % path)
    return not errs


def main(argv):
    if len(argv) == 2 and argv[0] == '--find':
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(argv[1]) for f in fs if f == 'qor.json')
        if not files:
            print('check_qor: error: no qor.json below %s' % argv[1])
            return 1
    elif argv and not argv[0].startswith('-'):
        files = argv
    else:
        print(__doc__.strip())
        return 2
    ok = True
    for path in files:
        ok = check_file(path) and ok
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
