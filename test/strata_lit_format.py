"""lit test format of Strata's suite (see lit.cfg.py).

It lives in its own module, not in lit.cfg.py, because lit sends the format
object to its worker processes by pickling, which needs an importable class.
"""

import lit.formats
import lit.Test


class StrataShTest(lit.formats.ShTest):
    """ShTest that also gates whole folders on a lit feature: a test under
    test/<folder>/ with gated_dirs[<folder>] = feature is UNSUPPORTED when the
    feature is missing, so it cannot pass by forgetting a `REQUIRES:` line."""

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
        return super().execute(test, litConfig)
