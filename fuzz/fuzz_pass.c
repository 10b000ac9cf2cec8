/* Harness `pass`: pass pipelines on valid IR.
 *
 * The first byte of an input picks a pipeline from the table below, the
 * rest is IR text; inputs that do not parse and verify are dropped early
 * (the `ir` harness covers them), so the fuzzer mutates its way through
 * valid modules.  Properties: a pipeline that succeeds leaves IR that
 * verifies and round-trips through the printer; one that fails has
 * reported an error.
 *
 * Besides the core passes, the table holds the pipelines of the areas
 * where issue 30 found blow-ups: the affine transforms and their isl
 * dependence analysis, the Calyx flow (lower-to-calyx to hw, as stratac's
 * fpga target runs it) and the Calyx passes alone, arith-soft-float,
 * div-by-constant, and the unified-buffer passes (stratac's stream flow,
 * and scheduling, capacity and mapping on ub IR).  fuzz/seed-corpus.py
 * reads this table: it seeds each pipeline with the tests of its area
 * (keep one string a line).
 */
#include "fuzz_common.h"

static const struct {
	const char *pipeline;
	/* Lowerings build IR rather than parse it: exact = false (see
	 * fz_check_reads_back). */
	bool exact;
} pipelines[] = {
	{"builtin.module(canonicalize)", true},
	{"builtin.module(cse)", true},
	{"builtin.module(canonicalize,cse)", true},
	{"builtin.module(sccp)", true},
	{"builtin.module(inline)", true},
	{"builtin.module(symbol-dce)", true},
	{"builtin.module(loop-invariant-code-motion)", true},
	{"builtin.module(dce)", true},
	{"builtin.module(strip-debuginfo,canonicalize{top-down=false region-simplify=false},cse)", true},
	{"builtin.module(inline,sccp,canonicalize,cse,symbol-dce)", true},
	{"builtin.module(func.func(canonicalize,cse,loop-invariant-code-motion))", true},
	{"builtin.module(print-op-stats,view-op-graph,print-op-stats{json})", true},
	{"builtin.module(canonicalize{max-iterations=1 max-num-rewrites=3},sccp,dce)", true},
	/* affine */
	{"builtin.module(func.func(affine-loop-normalize,simplify-affine-structures,affine-scalrep))", false},
	{"builtin.module(func.func(affine-loop-fusion,affine-scalrep,canonicalize))", false},
	{"builtin.module(func.func(affine-loop-interchange{permutation={1,0}}))", false},
	{"builtin.module(func.func(affine-loop-tile{tile-sizes=3,2},affine-loop-unroll{unroll-factor=3},"
	 "affine-loop-unroll-jam{unroll-jam-factor=2}))",
	 false},
	{"builtin.module(func.func(affine-loop-unroll{unroll-full}),canonicalize)", false},
	{"builtin.module(lower-affine,canonicalize,func.func(raise-scf-to-affine))", false},
	/* Calyx: stratac's fpga flow, and the Calyx passes on Calyx IR */
	{"builtin.module(arith-soft-float{memrefs=true},lower-to-calyx,calyx-go-insertion,calyx-compile-invoke,"
	 "calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw)",
	 false},
	{"builtin.module(lower-to-calyx{parallel=2},calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,"
	 "calyx-remove-groups)",
	 false},
	{"builtin.module(calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,"
	 "lower-calyx-to-hw)",
	 false},
	/* soft float, division by constants */
	{"builtin.module(arith-soft-float)", false},
	{"builtin.module(arith-soft-float{memrefs=true},canonicalize,cse)", false},
	{"builtin.module(div-by-constant,canonicalize)", false},
	/* unified buffers: stratac's stream flow, then ub IR's passes */
	{"builtin.module(ub-extract,arith-soft-float{within=ub.kernel},ub-schedule,ub-capacity,convert-ub-to-hw)", false},
	{"builtin.module(ub-schedule,ub-capacity,ub-map,ub-map-check)", false},
	{"builtin.module(ub-extract,ub-schedule{strategy=double},ub-capacity{method=enumerate},ub-map{scan=true})", false},
};
enum { NPIPELINES = sizeof pipelines / sizeof pipelines[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	if (size < 1)
		return 0;
	size_t pick = data[0] % NPIPELINES;
	st_context *ctx = fz_context(true);
	st_op *m = fz_parse(ctx, data + 1, size - 1, "input.mlir");
	if (!m || st_failed(st_verify(m))) {
		if (m)
			st_op_destroy(m);
		fz_done(ctx);
		return 0;
	}
	fz_check_pipeline(ctx, m, pipelines[pick].pipeline, pipelines[pick].exact);
	st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
