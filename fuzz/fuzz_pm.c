/* Harness `pm`: the PMLang frontend (frontends/pmlang) and the srdfg
 * passes after it.
 *
 * Any text must import or fail with at least one located error.  An
 * imported srDFG verifies and reads back through the printer; flattening
 * it and lowering it to affine either fail with an error or leave IR that
 * verifies and reads back.
 */
#include "fuzz_common.h"

#include "strata/pmlang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	size_t errors = st_context_num_errors(ctx);
	st_op *m = st_pmlang_import(ctx, st_str_make((const char *)data, size), "input.pm");
	if (!m) {
		fz_expect_error(ctx, errors, "a program was refused without an error");
	} else {
		fz_check_reads_back(ctx, m, "an imported .pm program", false);
		fz_check_pipeline(ctx, m, "srdfg.graph(srdfg-flatten,srdfg-dead-node-elim,srdfg-simplify),convert-srdfg-to-affine", false);
		st_op_destroy(m);
	}
	fz_done(ctx);
	return 0;
}
