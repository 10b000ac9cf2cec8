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

#include "strata/pass.h"

#include <stdlib.h>
#include <string.h>

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

static void drop(void *ud, const char *data, size_t len) {
	(void)ud;
	(void)data;
	(void)len;
}

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
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	if (!pm || st_failed(st_pass_manager_parse_pipeline(pm, st_str_c(pipeline), "<pipeline>")))
		fz_fail("a pipeline of the harness does not parse", pipeline, NULL);
	st_pass_instrument ins = {.out = drop};
	st_pass_manager_set_instrument(pm, &ins);
	size_t errors = st_context_num_errors(ctx);
	fz_buf text = {0}, again = {0};
	if (st_succeeded(st_pass_manager_run(pm, m))) {
		st_print_options generic = {.generic = true};
		if (st_failed(st_verify(m))) {
			fz_print(m, &generic, &text);
			fz_fail("the pipeline's output does not verify", pipeline, text.data);
		}
		st_print_options custom = {0};
		fz_print(m, &custom, &text);
		st_op *m2 = fz_parse(ctx, (const uint8_t *)text.data, text.len, "output.mlir");
		if (!m2 || st_failed(st_verify(m2)))
			fz_fail("the pipeline's output does not read back", pipeline, text.data);
		fz_print(m2, &custom, &again);
		if (again.len != text.len || memcmp(again.data, text.data, text.len))
			fz_fail("the pipeline's output prints differently when read back", text.data, again.data);
		st_op_destroy(m2);
	} else if (st_context_num_errors(ctx) == errors) {
		fz_fail("the pipeline failed without an error", pipeline, NULL);
	}
	st_pass_manager_destroy(pm);
	st_op_destroy(m);
	fz_buf_free(&text);
	fz_buf_free(&again);
	fz_done(ctx);
	return 0;
}
