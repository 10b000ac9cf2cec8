/* Harness `pass`: pass pipelines on valid IR.
 *
 * The first byte of an input picks a pipeline from the table below, the
 * rest is IR text; inputs that do not parse and verify are dropped early
 * (the `ir` harness covers them), so the fuzzer mutates its way through
 * valid modules.  Properties: a pipeline that succeeds leaves IR that
 * verifies and round-trips through the printer; one that fails has
 * reported an error.
 */
#include "fuzz_common.h"


static const char *const pipelines[] = {
	"builtin.module(canonicalize)",
	"builtin.module(cse)",
	"builtin.module(canonicalize,cse)",
	"builtin.module(sccp)",
	"builtin.module(inline)",
	"builtin.module(symbol-dce)",
	"builtin.module(loop-invariant-code-motion)",
	"builtin.module(dce)",
	"builtin.module(strip-debuginfo,canonicalize{top-down=false region-simplify=false},cse)",
	"builtin.module(inline,sccp,canonicalize,cse,symbol-dce)",
	"builtin.module(func.func(canonicalize,cse,loop-invariant-code-motion))",
	"builtin.module(print-op-stats,view-op-graph,print-op-stats{json})",
	"builtin.module(canonicalize{max-iterations=1 max-num-rewrites=3},sccp,dce)",
};
enum { NPIPELINES = sizeof pipelines / sizeof pipelines[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	if (size < 1)
		return 0;
	const char *pipeline = pipelines[data[0] % NPIPELINES];
	st_context *ctx = fz_context(true);
	st_op *m = fz_parse(ctx, data + 1, size - 1, "input.mlir");
	if (!m || st_failed(st_verify(m))) {
		if (m)
			st_op_destroy(m);
		fz_done(ctx);
		return 0;
	}
	fz_check_pipeline(ctx, m, pipeline, true);
	st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
