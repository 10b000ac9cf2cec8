#!/usr/bin/env python3
"""Summarises one ctest run of a Strata build: time and counts per label.

Usage: python3 scripts/ctest-report.py BUILD_DIR JUNIT_XML [--json OUT]

Reads ctest's JUnit output (per-test time and status), `ctest --show-only`
(labels) and the lit results that test/run-lit.py kept under
BUILD_DIR/test/lit-results/, so that a lit suite counts as the tests it ran,
not as one ctest test. Prints a table; --json writes the totals for
scripts/test-all.sh to add up.
"""

import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

LIT_PASSED = {'PASS', 'XFAIL', 'FLAKYPASS'}


def ctest_labels(build_dir):
    out = subprocess.run(['ctest', '--test-dir', build_dir, '--show-only=json-v1'],
                         check=True, capture_output=True, text=True).stdout
    labels = {}
    for t in json.loads(out).get('tests', []):
        names = []
        for p in t.get('properties', []):
            if p.get('name') == 'LABELS':
                names = list(p.get('value') or [])
        labels[t['name']] = names or ['(no label)']
    return labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('build_dir')
    ap.add_argument('junit')
    ap.add_argument('--json')
    args = ap.parse_args()

    labels = ctest_labels(args.build_dir)
    rows = {}  # label -> dict(tests, seconds, passed, failed)
    total_passed = total_failed = 0
    lit_dir = os.path.join(args.build_dir, 'test', 'lit-results')

    cases = []
    if os.path.isfile(args.junit):
        cases = ET.parse(args.junit).getroot().iter('testcase')
    for case in cases:
        name = case.get('name')
        status = case.get('status')
        seconds = float(case.get('time') or 0)
        ok = status == 'run'
        passed, failed = (1, 0) if ok else (0, 1)
        # A lit suite counts as the tests lit ran, when it left its results.
        if name.startswith('lit/'):
            report = os.path.join(lit_dir, name[len('lit/'):] + '.json')
            try:
                with open(report) as f:
                    codes = [t['code'] for t in json.load(f).get('tests', [])]
                passed = sum(1 for c in codes if c in LIT_PASSED)
                failed = len(codes) - passed
                if not ok and failed == 0:
                    failed = 1  # lit itself failed (config error, crash)
            except (OSError, ValueError):
                pass
        if status == 'disabled':
            passed, failed = 0, 0
        total_passed += passed
        total_failed += failed
        for label in labels.get(name, ['(no label)']):
            r = rows.setdefault(label, {'ctest': 0, 'seconds': 0.0, 'passed': 0, 'failed': 0})
            r['ctest'] += 1
            r['seconds'] += seconds
            r['passed'] += passed
            r['failed'] += failed

    print('%-12s %9s %8s %8s %8s' % ('label', 'seconds', 'ctests', 'passed', 'failed'))
    for label in sorted(rows):
        r = rows[label]
        print('%-12s %9.1f %8d %8d %8d' % (label, r['seconds'], r['ctest'], r['passed'], r['failed']))
    if not rows:
        print('(no test ran)')

    if args.json:
        with open(args.json, 'w') as f:
            json.dump({'passed': total_passed, 'failed': total_failed, 'labels': rows}, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
