#!/usr/bin/env python3
"""Round trips between `strata-opt --mlir14` and Debian's mlir-opt-14.

Issue 2, "Done when" item 2: a corpus goes through
`strata-opt --mlir14 --print-op-generic` into
`mlir-opt-14 --allow-unregistered-dialect --mlir-print-op-generic` and back;
both accept every file and the generic prints agree.  Neither side's text is
rewritten here: strata-opt reads and writes MLIR 14's spellings itself
(`--mlir14`, docs/mlir14-compat.md), mlir-opt-14 is run as Debian ships it.

What "agree" means -- every comparison is of whole files, byte for byte,
except that trailing whitespace at the very end of a file is ignored
(mlir-opt-14 ends its output with an empty line, strata-opt does not):

forward FILE... (corpus in the current MLIR spelling, test/interop/Inputs/current/)
  generic     A = strata-opt --mlir14 -g FILE        (must succeed)
              B = mlir-opt-14 -g A                   (must succeed)
              A == B   the two generic printers write the same text for the IR
              C = strata-opt --mlir14 -g B
              C == A   strata-opt reads back what mlir-opt-14 wrote, nothing
                       lost or changed
  custom      P = strata-opt --mlir14 FILE           (custom forms: func @f, br, ...)
              mlir-opt-14 -g P == B
                       mlir-opt-14 reads strata-opt's MLIR 14 custom forms as
                       the same IR as its generic form
              R = mlir-opt-14 A                      (mlir-opt-14's custom forms)
              strata-opt --mlir14 -g R == A
                       strata-opt reads mlir-opt-14's custom forms
  debuginfo   AD = strata-opt --mlir14 -g --print-debuginfo FILE
              BD = mlir-opt-14 -g --mlir-print-debuginfo --mlir-print-local-scope AD
              strata-opt --mlir14 -g --print-debuginfo BD == AD
                       every location survives the trip through mlir-opt-14
                       (local scope: locations written inline; BD is not
                       compared with AD as text because local scope also
                       writes affine maps inline where both print #map aliases)
  debuginfo-aliases
              as debuginfo, but mlir-opt-14 writes its default form, with
              `#loc = loc(...)` aliases (some after their first use)

reverse FILE... (corpus in MLIR 14's spelling, test/interop/Inputs/mlir14/,
  written by hand in mlir-opt-14's custom syntax and printed by mlir-opt-14
  itself at test time)
  generic     MG = mlir-opt-14 -g FILE               (must succeed)
              strata-opt --mlir14 -g MG == MG
              strata-opt --mlir14 -g FILE == MG
  custom      M = mlir-opt-14 FILE                   (mlir-opt-14's custom forms)
              strata-opt --mlir14 -g M == MG
              mlir-opt-14 -g (strata-opt --mlir14 M) == MG
  debuginfo   MDL = mlir-opt-14 -g --mlir-print-debuginfo --mlir-print-local-scope FILE
              SD = strata-opt --mlir14 -g --print-debuginfo MDL
              mlir-opt-14 -g --mlir-print-debuginfo --mlir-print-local-scope SD == MDL
                       strata-opt keeps every location mlir-opt-14 wrote (SD
                       itself has #map aliases where MDL has maps inline)
  debuginfo-aliases
              as debuginfo, but strata-opt reads mlir-opt-14's default form
              MD (with `#loc = loc(...)` aliases) instead of MDL

mlir-opt-14 always gets --allow-unregistered-dialect.  strata-opt gets it only
for files that say so on a line `// INTEROP-STRATA-FLAGS: <flags>`: the files
of registered dialects (builtin, func, cf, arith) must parse and verify with
those dialects alone.

Every intermediate file is kept in the work directory (--work, lit's %t), named
<file>.<step>.mlir, and a failing comparison prints a unified diff.
"""

import argparse
import difflib
import os
import shutil
import subprocess
import sys

CHECKS = ('generic', 'custom', 'debuginfo', 'debuginfo-aliases')
DEFAULT_CHECKS = ('generic', 'custom', 'debuginfo')
MAX_DIFF_LINES = 80


class Failure(Exception):
    pass


class Runner:
    def __init__(self, args):
        self.strata = args.strata_opt
        self.mlir = args.mlir_opt
        self.work = args.work
        self.failures = 0

    def run(self, cmd, out_path):
        """Runs `cmd`, writes its stdout to out_path; a failure raises."""
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        with open(out_path, 'wb') as f:
            f.write(proc.stdout)
        if proc.returncode != 0:
            raise Failure('command failed (exit %d): %s\n%s' % (
                proc.returncode, ' '.join(cmd), proc.stderr.decode(errors='replace').rstrip()))
        return out_path

    def strata_opt(self, src, dst, flags, *extra):
        return self.run([self.strata, '--mlir14'] + flags + list(extra) + [src], dst)

    def mlir_opt(self, src, dst, *extra):
        return self.run([self.mlir, '--allow-unregistered-dialect'] + list(extra) + [src], dst)

    @staticmethod
    def read(path):
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read().rstrip() + '\n'

    def same(self, what, expected_path, actual_path):
        """Compares two files as text (trailing whitespace at the end aside)."""
        a, b = self.read(expected_path), self.read(actual_path)
        if a == b:
            return
        diff = list(difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                         expected_path, actual_path))
        shown = ''.join(diff[:MAX_DIFF_LINES])
        if len(diff) > MAX_DIFF_LINES:
            shown += '... (%d more diff lines)\n' % (len(diff) - MAX_DIFF_LINES)
        raise Failure('%s: the texts differ\n%s' % (what, shown.rstrip()))

    def path(self, stem, step):
        return os.path.join(self.work, '%s.%s.mlir' % (stem, step))


def strata_flags(path):
    flags = []
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            key = '// INTEROP-STRATA-FLAGS:'
            if line.startswith(key):
                flags += line[len(key):].split()
    return flags


def forward(r, path, checks):
    stem = os.path.basename(path)
    flags = strata_flags(path)
    s = lambda step: r.path(stem, step)  # noqa: E731
    a = r.strata_opt(path, s('A'), flags, '--print-op-generic')
    results = []

    def check(name, fn):
        if name in checks:
            results.append((name, fn))

    def generic():
        b = r.mlir_opt(a, s('B'), '--mlir-print-op-generic')
        r.same('mlir-opt-14 -g A vs A (strata-opt --mlir14 -g FILE)', a, b)
        c = r.strata_opt(b, s('C'), flags, '--print-op-generic')
        r.same('strata-opt --mlir14 -g B vs A', a, c)

    def custom():
        b = r.mlir_opt(a, s('B'), '--mlir-print-op-generic')
        p = r.strata_opt(path, s('P'), flags)
        q = r.mlir_opt(p, s('Q'), '--mlir-print-op-generic')
        r.same('mlir-opt-14 -g P (strata-opt --mlir14 custom form) vs B', b, q)
        rr = r.mlir_opt(a, s('R'))
        rs = r.strata_opt(rr, s('RS'), flags, '--print-op-generic')
        r.same('strata-opt --mlir14 -g R (mlir-opt-14 custom form) vs A', a, rs)

    def debuginfo(local_scope):
        def fn():
            suffix = 'L' if local_scope else ''
            ad = r.strata_opt(path, s('AD'), flags, '--print-op-generic', '--print-debuginfo')
            extra = ['--mlir-print-op-generic', '--mlir-print-debuginfo']
            if local_scope:
                extra.append('--mlir-print-local-scope')
            bd = r.mlir_opt(ad, s('BD' + suffix), *extra)
            cd = r.strata_opt(bd, s('CD' + suffix), flags, '--print-op-generic', '--print-debuginfo')
            r.same('strata-opt --mlir14 -g --print-debuginfo BD vs AD', ad, cd)
        return fn

    check('generic', generic)
    check('custom', custom)
    check('debuginfo', debuginfo(True))
    check('debuginfo-aliases', debuginfo(False))
    return results


def reverse(r, path, checks):
    stem = os.path.basename(path)
    flags = strata_flags(path)
    s = lambda step: r.path(stem, step)  # noqa: E731
    mg = r.mlir_opt(path, s('MG'), '--mlir-print-op-generic')
    results = []

    def generic():
        r.same('strata-opt --mlir14 -g MG vs MG (mlir-opt-14 -g FILE)', mg,
               r.strata_opt(mg, s('S2'), flags, '--print-op-generic'))
        r.same('strata-opt --mlir14 -g FILE vs MG', mg,
               r.strata_opt(path, s('S3'), flags, '--print-op-generic'))

    def custom():
        m = r.mlir_opt(path, s('M'))
        r.same('strata-opt --mlir14 -g M (mlir-opt-14 custom form) vs MG', mg,
               r.strata_opt(m, s('S1'), flags, '--print-op-generic'))
        p = r.strata_opt(m, s('P'), flags)
        r.same('mlir-opt-14 -g P (strata-opt --mlir14 custom form of M) vs MG', mg,
               r.mlir_opt(p, s('Q'), '--mlir-print-op-generic'))

    def debuginfo(local_scope):
        def fn():
            extra = ['--mlir-print-op-generic', '--mlir-print-debuginfo']
            local = extra + ['--mlir-print-local-scope']
            mdl = r.mlir_opt(path, s('MDL'), *local)
            md = mdl if local_scope else r.mlir_opt(path, s('MD'), *extra)
            sd = r.strata_opt(md, s('SD'), flags, '--print-op-generic', '--print-debuginfo')
            r.same('mlir-opt-14 -g --mlir-print-debuginfo --mlir-print-local-scope SD vs MDL', mdl,
                   r.mlir_opt(sd, s('MDL2'), *local))
        return fn

    if 'generic' in checks:
        results.append(('generic', generic))
    if 'custom' in checks:
        results.append(('custom', custom))
    if 'debuginfo' in checks:
        results.append(('debuginfo', debuginfo(True)))
    if 'debuginfo-aliases' in checks:
        results.append(('debuginfo-aliases', debuginfo(False)))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('direction', choices=('forward', 'reverse'))
    ap.add_argument('files', nargs='+')
    ap.add_argument('--strata-opt', default='strata-opt')
    ap.add_argument('--mlir-opt', default='mlir-opt-14')
    ap.add_argument('--checks', default=','.join(DEFAULT_CHECKS),
                    help='comma-separated subset of: ' + ', '.join(CHECKS))
    ap.add_argument('--work', default='interop-work', help='directory for intermediate files')
    args = ap.parse_args()
    checks = [c for c in args.checks.split(',') if c]
    for c in checks:
        if c not in CHECKS:
            ap.error('unknown check %r' % c)
    for tool in (args.strata_opt, args.mlir_opt):
        if not shutil.which(tool):
            print('error: %s not found' % tool, file=sys.stderr)
            return 2
    if os.path.isdir(args.work):
        shutil.rmtree(args.work)
    os.makedirs(args.work)

    r = Runner(args)
    failed = 0
    for path in args.files:
        name = os.path.basename(path)
        try:
            steps = (forward if args.direction == 'forward' else reverse)(r, path, checks)
        except Failure as e:
            print('FAIL %s %s: %s' % (args.direction, name, e))
            failed += 1
            continue
        for check, fn in steps:
            try:
                fn()
                print('PASS %s %s %s' % (args.direction, check, name))
            except Failure as e:
                print('FAIL %s %s %s: %s' % (args.direction, check, name, e))
                failed += 1
    print('%d failure%s; intermediate files in %s' % (failed, '' if failed == 1 else 's', args.work))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
