#!/usr/bin/env python3
"""Runs lit on Strata's tests and fails when any test was UNSUPPORTED.

A test is UNSUPPORTED when a lit feature it needs is missing, which in Strata
means a package was not installed. Plain lit counts that as a pass; here it
fails the run, so a missing package can never turn CI green by skipping.

Usage:
    python3 test/run-lit.py [--build-dir DIR] [--report FILE] [lit options] PATH...

PATH is a test file or folder in the source tree (test/Dialect/arith, ...).
The build directory (default: build/ beside the sources, or $STRATA_BUILD_DIR)
must be configured: its test/lit.site.cfg.py says where the tools are.
Every other option goes to lit (-v, -a, --filter=REGEX, -j N, ...).
"""

import argparse
import json
import os
import sys
import tempfile

SRC_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIT_DIRS = ['/usr/lib/llvm-14/build/utils/lit']

# Result codes, by how they count. UNSUPPORTED is the point of this script.
PASSED = {'PASS', 'XFAIL', 'FLAKYPASS'}
FAILED = {'FAIL', 'XPASS', 'UNRESOLVED', 'TIMEOUT', 'UNSUPPORTED'}


def import_lit():
    for d in [os.environ.get('STRATA_LIT_DIR')] + LIT_DIRS:
        if d and os.path.isfile(os.path.join(d, 'lit', 'main.py')):
            sys.path.insert(0, d)
            break
    try:
        import lit.main  # noqa: F401
    except ImportError:
        sys.exit('run-lit: lit not found (looked in %s); install llvm-14-tools: '
                 'bash scripts/install-deps.sh' % ', '.join(LIT_DIRS))
    return sys.modules['lit.main']


def main():
    ap = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    ap.add_argument('--build-dir',
                    default=os.environ.get('STRATA_BUILD_DIR', os.path.join(SRC_ROOT, 'build')))
    ap.add_argument('--report', help='where to keep lit\'s JSON results')
    ap.add_argument('-h', '--help', action='store_true')
    opts, lit_args = ap.parse_known_args()
    if opts.help:
        print(__doc__)
        return 0

    build_dir = os.path.abspath(opts.build_dir)
    site_cfg = os.path.join(build_dir, 'test', 'lit.site.cfg.py')
    if not os.path.isfile(site_cfg):
        sys.exit('run-lit: %s does not exist; configure first: cmake -S %s -B %s'
                 % (site_cfg, SRC_ROOT, build_dir))
    if not any(not a.startswith('-') for a in lit_args):
        lit_args.append(os.path.join(SRC_ROOT, 'test'))

    lit_main = import_lit()

    report = opts.report
    tmp = None
    if report:
        os.makedirs(os.path.dirname(os.path.abspath(report)), exist_ok=True)
        if os.path.exists(report):
            os.unlink(report)  # a stale report must not describe this run
    else:
        tmp = tempfile.NamedTemporaryFile(prefix='strata-lit-', suffix='.json', delete=False)
        tmp.close()
        report = tmp.name

    # As llvm-lit does: when lit finds test/lit.cfg.py in the source tree, it
    # loads the build's site config instead, which then loads lit.cfg.py.
    src_cfg = os.path.normcase(os.path.realpath(os.path.join(SRC_ROOT, 'test', 'lit.cfg.py')))
    sys.argv = ['lit', '--output', report] + lit_args
    sys.stdout.flush()
    try:
        lit_main.main({'config_map': {src_cfg: site_cfg}})
        rc = 0
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    sys.stdout.flush()
    sys.stderr.flush()

    try:
        with open(report) as f:
            tests = json.load(f).get('tests', [])
    except (OSError, ValueError):
        print('run-lit: lit wrote no results (exit code %d)' % rc)
        return rc or 1
    finally:
        if tmp:
            os.unlink(tmp.name)

    unsupported = [t for t in tests if t['code'] == 'UNSUPPORTED']
    if unsupported:
        print('\nrun-lit: %d test(s) UNSUPPORTED; that is a failure here '
              '(a missing package must never make CI green by skipping):' % len(unsupported))
        for t in unsupported:
            why = (t.get('output') or '').strip().splitlines()
            print('  %s%s' % (t['name'], (': ' + why[0]) if why else ''))
        rc = rc or 1

    passed = sum(1 for t in tests if t['code'] in PASSED)
    failed = sum(1 for t in tests if t['code'] in FAILED)
    print('run-lit: %d passed, %d failed' % (passed, failed))
    # lit 14 exits 0 on an unexpected pass; a fixed XFAIL must be noticed.
    if failed:
        rc = rc or 1
    if rc == 0 and not tests:
        print('run-lit: no test ran')
        rc = 1
    return rc


if __name__ == '__main__':
    sys.exit(main())
