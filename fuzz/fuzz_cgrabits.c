/* Harness `cgrabits`: the CGRA bitstream reader and the fabric simulator's
 * loader and cycle loop, on a 2x3 fabric (PEs, a wide-fetch MEM column,
 * switch-box registers, IO tiles).
 *
 * Any text must read or fail with a located error; a bitstream that reads
 * must load into the simulator or be refused with one, and run (inputs all
 * zero) for a bounded number of cycles without crashing.
 */
#include "fuzz_common.h"

#include "strata/acg.h"
#include "strata/cgra_backend.h"

#include <string.h>

#define MAX_CYCLES 4096

static const char fabric_text[] = "acg tiny {\n"
                                  "  class = cgra;\n"
                                  "  storage GLB { data_width = 16; depth = 1024; }\n"
                                  "  grid fabric {\n"
                                  "    rows = 2;\n"
                                  "    cols = 3;\n"
                                  "    switchbox = wilton;\n"
                                  "    track 16 x 2;\n"
                                  "    track 1 x 1;\n"
                                  "    param sb_regs = 2;\n"
                                  "    storage MEM where col == 2 { data_width = 16; banks = 4; depth = 16; ports_in = 2; "
                                  "ports_out = 2; param fetch_width = 4; }\n"
                                  "    compute PE {\n"
                                  "      cap (i16, 1) = ADD/SUB/MUL/SHR/AND((i16, 1), (i16, 1));\n"
                                  "      cap (i1, 1) = LT((i16, 1), (i16, 1));\n"
                                  "      cap (i1, 1) = LUT((i1, 1), (i1, 1), (i1, 1));\n"
                                  "      param bit_in = 3;\n"
                                  "      param bit_out = 1;\n"
                                  "    }\n"
                                  "    comm IO at north { bandwidth = 16; }\n"
                                  "  }\n"
                                  "  edge GLB <-> fabric { bandwidth = 32; }\n"
                                  "}\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *acg = st_acg_import(ctx, st_str_make(fabric_text, sizeof fabric_text - 1), "tiny.acg");
	if (!acg)
		fz_fail("the harness's fabric does not import", fabric_text, NULL);
	st_cgra_fabric *f = st_cgra_fabric_create(st_block_first_op(st_region_first_block(st_op_region(acg, 0))));
	if (!f)
		fz_fail("the harness's fabric does not build", fabric_text, NULL);
	size_t before = st_context_num_errors(ctx);
	st_cgra_bitstream *bs = st_cgra_bitstream_read(ctx, st_str_make((const char *)data, size), "input.bs");
	if (!bs)
		fz_expect_error(ctx, before, "the reader refused a bitstream without an error");
	st_cgra_sim *sim = bs ? st_cgra_sim_create(f, bs) : NULL;
	if (bs && !sim)
		fz_expect_error(ctx, before, "the simulator refused a bitstream without an error");
	if (sim && st_failed(st_cgra_sim_run(sim, MAX_CYCLES)))
		fz_expect_error(ctx, before, "the simulator stopped without an error");
	st_cgra_sim_destroy(sim);
	st_cgra_bitstream_free(bs);
	st_cgra_fabric_destroy(f);
	st_op_destroy(acg);
	fz_done(ctx);
	return 0;
}
