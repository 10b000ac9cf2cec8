/* Harness `codelet`: the codelet dialect's custom syntax and verifier
 * (docs/dialects/codelet.md), with the ACG a codelet is placed on given in
 * the same module (generic acg ops, as `strata-opt --acg=FILE` prints
 * them).
 *
 * Any input parses or fails with a diagnostic.  A module that verifies
 * round-trips through the printer, and codelet-expand either reports an
 * error or leaves IR that verifies and round-trips too.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *m = fz_parse(ctx, data, size, "input.mlir");
	if (m && st_succeeded(st_verify(m))) {
		fz_check_reads_back(ctx, m, "a verified codelet module", true);
		fz_check_pipeline(ctx, m, "builtin.module(codelet-expand)", false);
	}
	if (m)
		st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
