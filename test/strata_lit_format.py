"""lit test format of Strata's suite (see lit.cfg.py).

It lives in its own module, not in lit.cfg.py, because lit sends the format
object to its worker processes by pickling, which needs an importable class.
"""

import glob
import json
import os
import sys
import time

import lit.formats
import lit.Test
import lit.TestRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
import check_qor  # noqa: E402


def written_reports(test, since):
    """The qor.json files the test wrote: below its %t paths (%t, %t-x,
    %t.dir, ...), changed since it started."""
    _, tmp_base = lit.TestRunner.getTempPaths(test)
    found = []
    for top in glob.glob(glob.escape(tmp_base + '.tmp') + '*'):
        paths = [top] if os.path.isfile(top) else \
            [os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs]
        found += [p for p in paths if os.path.basename(p) == 'qor.json' and os.path.getmtime(p) >= since]
    return sorted(found)


def report_problems(path):
    try:
        with open(path) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        return ['<file>: %s' % e]
    return check_qor.check(report)


class StrataShTest(lit.formats.ShTest):
    """ShTest that also gates whole folders on a lit feature: a test under
    test/<folder>/ with gated_dirs[<folder>] = feature is UNSUPPORTED when the
    feature is missing, so it cannot pass by forgetting a `REQUIRES:` line.

    After a test passes, every qor.json it wrote must be a version 2 report
    that test/lib/check_qor.py accepts (docs/qor-schema.md): a test writing
    a bad one fails, whatever its RUN lines looked at."""

    def __init__(self, gated_dirs, **kwargs):
        super().__init__(**kwargs)
        self.gated_dirs = dict(gated_dirs)

    def execute(self, test, litConfig):
        top = test.path_in_suite[0] if len(test.path_in_suite) > 1 else None
        needed = self.gated_dirs.get(top)
        if needed and needed not in test.config.available_features:
            return lit.Test.Result(
                lit.Test.UNSUPPORTED,
                "tests under test/%s/ need lit feature '%s' (install it: "
                "bash scripts/install-deps.sh)" % (top, needed))
        # mtimes have whole seconds on some file systems.
        start = int(time.time()) - 1
        result = super().execute(test, litConfig)
        if not isinstance(result, lit.Test.Result) or result.code not in (lit.Test.PASS, lit.Test.XPASS):
            return result
        problems = ['%s: error: %s' % (path, e) for path in written_reports(test, start)
                    for e in report_problems(path)]
        if not problems:
            return result
        code = lit.Test.FAIL if result.code == lit.Test.PASS else lit.Test.XFAIL
        return lit.Test.Result(code, result.output + '\nqor.json written by this test breaks '
                               'docs/qor-schema.md (test/lib/check_qor.py):\n' + '\n'.join(problems) + '\n')
