/* canonicalize: every registered op's canonicalization patterns and fold
 * hooks, applied by the greedy driver (core/greedy.c) to everything nested
 * in the op the pass runs on (any op: MLIR's Canonicalizer).  The pattern
 * set is gathered once per pass instance. */
#include "passes_internal.h"
#include "rewrite_internal.h"

#include <limits.h>
#include <stddef.h>

typedef struct options {
	int64_t max_iterations;
	int64_t max_num_rewrites;
	bool top_down;
	bool region_simplify;
	bool test_convergence;
} options;

static st_status init(st_pass *pass) {
	st_context *ctx = st_pass_context(pass);
	st_pattern_set *set = st_pattern_set_create(ctx);
	if (!set || st_failed(st_pattern_set_add_canonicalizations(set, ctx))) {
		st_pattern_set_destroy(set);
		return ST_FAIL;
	}
	st_pass_set_state(pass, set);
	return ST_OK;
}

static void destroy(st_pass *pass) { st_pattern_set_destroy(st_pass_state(pass)); }

/* MLIR's limits: -1 is "no limit", and a sweep always happens. */
static int iterations(int64_t v) {
	if (v < 0)
		return INT_MAX;
	return v == 0 ? 1 : v > INT_MAX ? INT_MAX : (int)v;
}

static st_status run(st_pass *pass, st_op *op) {
	const options *o = st_pass_options(pass);
	st_context *ctx = st_pass_context(pass);
	st_greedy_config cfg = {
		.bottom_up = !o->top_down,
		.max_iterations = iterations(o->max_iterations),
		.max_rewrites = o->max_num_rewrites > 0 ? o->max_num_rewrites : 0,
		.no_region_simplify = !o->region_simplify,
		.no_warning = o->test_convergence,
	};
	bool changed = false;
	size_t errors = st_context_num_errors(ctx);
	st_status s = st_apply_patterns_greedily(op, st_pass_state(pass), &cfg, &changed);
	if (!changed)
		st_pass_preserve_all_analyses(pass);
	if (st_succeeded(s))
		return ST_OK;
	/* A broken pattern or no memory: the driver said why. */
	if (st_context_num_errors(ctx) != errors || st_context_out_of_memory(ctx))
		return ST_FAIL;
	if (!o->test_convergence)
		return ST_OK; /* warned; the IR is valid */
	if (o->max_num_rewrites > 0)
		return st_op_error(op, "canonicalizer failed to converge within max-num-rewrites=%lld",
		                   (long long)o->max_num_rewrites);
	return st_op_error(op, "canonicalizer failed to converge within max-iterations=%lld",
	                   (long long)o->max_iterations);
}

static const st_pass_option_def opts[] = {
	{"max-iterations", "Max. iterations between applying patterns / simplifying regions (-1: no limit)",
	 ST_PASS_OPT_INT, "10", offsetof(options, max_iterations), NULL},
	{"max-num-rewrites", "Max. number of pattern rewrites within an iteration (-1: no limit)", ST_PASS_OPT_INT,
	 "-1", offsetof(options, max_num_rewrites), NULL},
	{"region-simplify", "Perform control flow optimizations to the region tree", ST_PASS_OPT_BOOL, "true",
	 offsetof(options, region_simplify), NULL},
	{"test-convergence", "Test only: Fail pass on non-convergence to detect cyclic pattern", ST_PASS_OPT_BOOL,
	 "false", offsetof(options, test_convergence), NULL},
	{"top-down", "Seed the worklist in general top-down order", ST_PASS_OPT_BOOL, "true",
	 offsetof(options, top_down), NULL},
};

const st_pass_def st__pass_canonicalize = {
	.name = "canonicalize",
	.summary = "Canonicalize operations",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.options_size = sizeof(options),
	.run = run,
	.init = init,
	.destroy = destroy,
	.display_name = "Canonicalizer",
};
