/* Harness `cgra`: the cgra dialect's parser and verifier (its checks of a
 * design against the fabric of its target .acg), the bitstream writer, the
 * bitstream reader on the writer's output and the fabric simulator.
 *
 * Any text must parse or fail with a diagnostic.  A verified module with a
 * cgra.design must round-trip through the printer; its bitstream, when it
 * writes one, must read back; the simulator must load it or refuse it with
 * a located error, and run it (inputs all zero) for a bounded number of
 * cycles without crashing.
 */
#include "fuzz_common.h"

#include "strata/cgra_backend.h"

#include <string.h>

#define MAX_CYCLES 4096

static st_op *find_design(st_op *m) {
	st_block *b = st_region_first_block(st_op_region(m, 0));
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "cgra.design"))
			return op;
	return NULL;
}

static void run_design(st_context *ctx, st_op *design) {
	fz_buf bits = {0};
	size_t before = st_context_num_errors(ctx);
	fz_buf_write(&bits, "", 0);
	if (st_failed(st_cgra_write_bitstream(design, fz_buf_write, &bits))) {
		fz_expect_error(ctx, before, "the bitstream writer failed without an error");
		fz_buf_free(&bits);
		return;
	}
	st_cgra_bitstream *bs = st_cgra_bitstream_read(ctx, st_str_make(bits.data, bits.len), "written.bs");
	if (!bs)
		fz_fail("the writer's bitstream does not read back", bits.data, NULL);
	st_cgra_fabric *f = st_cgra_fabric_create(st_cgra_design_target(design));
	if (!f)
		fz_fail("a verified design's target has no fabric", bits.data, NULL);
	before = st_context_num_errors(ctx);
	st_cgra_sim *sim = st_cgra_sim_create(f, bs);
	if (!sim)
		fz_expect_error(ctx, before, "the simulator refused a bitstream without an error");
	else if (st_failed(st_cgra_sim_run(sim, MAX_CYCLES)))
		fz_expect_error(ctx, before, "the simulator stopped without an error");
	st_cgra_sim_destroy(sim);
	st_cgra_fabric_destroy(f);
	st_cgra_bitstream_free(bs);
	fz_buf_free(&bits);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *m = fz_parse(ctx, data, size, "input.mlir");
	if (m && st_succeeded(st_verify(m))) {
		fz_check_reads_back(ctx, m, "a verified cgra module", true);
		st_op *d = find_design(m);
		if (d)
			run_design(ctx, d);
	}
	if (m)
		st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
