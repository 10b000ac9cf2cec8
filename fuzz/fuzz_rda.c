/* Harness `rda`: the rda dialect's parser and verifier, virtual and mapped
 * (docs/dialects/rda.md).
 *
 * The input is IR text.  A small rda target (4 x 4 tiles, both networks,
 * DRAM) goes into the module as @target, as `strata-opt --acg` would put
 * it, so that a mapped design naming it is checked against it.  Any input
 * must parse or fail with a diagnostic; a module that verifies must print
 * as text that reads back to the same print, and the dialect's accessors
 * (counters, stages, capabilities, stream writers) must take every design
 * that verifies.
 */
#include "fuzz_common.h"

#include "strata/acg.h"
#include "strata/rda.h"

#include <string.h>

static const char target_acg[] =
	"acg tiny {\n"
	"  class = rda;\n"
	"  storage DRAM { data_width = 64; depth = 65536; on_chip = false; param channels = 2; }\n"
	"  grid fabric {\n"
	"    rows = 4;\n"
	"    cols = 4;\n"
	"    track 512 x 2;\n"
	"    track 32 x 2;\n"
	"    track 1 x 2;\n"
	"    param hop_latency = 1;\n"
	"    compute PCU where (row + col) % 2 == 0 {\n"
	"      latency = 6;\n"
	"      cap (f32, 16) = ADD/SUB/MUL/DIV((f32, 16), (f32, 16));\n"
	"      cap (i32, 16) = ADD/SUB/MUL((i32, 16), (i32, 16));\n"
	"      cap (i1, 16) = CMP((i32, 16), (i32, 16));\n"
	"      cap (i32, 16) = SELECT((i1, 16), (i32, 16), (i32, 16));\n"
	"      cap (i32, 1) = REDUCE((i32, 16));\n"
	"      param lanes = 16; param stages = 6; param regs = 8; param counters = 8; param buffer_depth = 16;\n"
	"      param vector_in = 6; param scalar_in = 6; param control_in = 16;\n"
	"      param vector_out = 6; param scalar_out = 6; param control_out = 8;\n"
	"    }\n"
	"    storage PMU where (row + col) % 2 == 1 {\n"
	"      data_width = 32; banks = 16; depth = 256;\n"
	"      param address_ops = [ADD, MUL];\n"
	"      param lanes = 16; param stages = 4; param regs = 8; param counters = 8; param buffer_depth = 16;\n"
	"      param vector_in = 4; param scalar_in = 4; param control_in = 8;\n"
	"      param vector_out = 4; param scalar_out = 4; param control_out = 8;\n"
	"      param reads_per_cycle = 1; param writes_per_cycle = 1;\n"
	"    }\n"
	"    compute AG at west {\n"
	"      latency = 5;\n"
	"      cap (i32, 1) = ADD((i32, 1), (i32, 1));\n"
	"      param dram_access = true; param burst_bits = 512; param outstanding = 8;\n"
	"      param lanes = 1; param stages = 4; param regs = 4; param counters = 4; param buffer_depth = 16;\n"
	"      param vector_in = 2; param scalar_in = 2; param control_in = 2;\n"
	"      param vector_out = 2; param scalar_out = 2; param control_out = 2;\n"
	"    }\n"
	"  }\n"
	"  comm DYN_NET { bandwidth = 512; latency = 3; topology = noc; param vcs = 2; param buffers_per_vc = 3; }\n"
	"  edge DRAM <-> fabric { bandwidth = 256; latency = 20; }\n"
	"}\n";

/* The target's graph as @target at the start of the module, unless the
 * module already has that symbol. */
static void insert_target(st_context *ctx, st_op *m) {
	if (st_symbol_lookup(m, st_str_c("target")))
		return;
	st_op *acg = st_acg_import(ctx, st_str_make(target_acg, sizeof target_acg - 1), "tiny.acg");
	if (!acg)
		fz_fail("the harness's target does not import", target_acg, NULL);
	st_op *g = st_block_first_op(st_region_first_block(st_op_region(acg, 0)));
	st_op_remove(g);
	st_op_destroy(acg);
	st_op_set_attr(g, "sym_name", st_string_attr(ctx, st_str_c("target")));
	st_block_prepend_op(st_region_first_block(st_op_region(m, 0)), g);
}

/* Runs the accessors over a verified module: none may crash. */
static st_walk_result probe(st_op *op, void *ud) {
	size_t *sum = ud;
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "rda.context")) {
		st_op *counters[4];
		*sum += st_rda_context_counters(op, counters, 4) + (size_t)st_rda_context_stages(op) +
		        (size_t)st_rda_context_lanes(op);
	} else if (!strcmp(n, "rda.stream")) {
		*sum += st_rda_stream_writer(st_op_result(op, 0)) != NULL;
	} else if (!strcmp(n, "rda.unit")) {
		*sum += strlen(st_rda_unit_kind_name(st_rda_unit_kind_of(op)));
	} else {
		st_rda_cap cap;
		if (st_op_parent_op(op) && !strcmp(st_op_name_cstr(st_op_parent_op(op)), "rda.context") &&
		    st_rda_op_cap(op, &cap))
			*sum += strlen(cap.name) + (cap.pred != NULL);
	}
	return ST_WALK_ADVANCE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *m = fz_parse(ctx, data, size, "input.mlir");
	if (!m) {
		fz_done(ctx);
		return 0;
	}
	insert_target(ctx, m);
	if (st_succeeded(st_verify(m))) {
		size_t sum = 0;
		st_walk(m, ST_WALK_PRE, probe, &sum);
		fz_check_reads_back(ctx, m, "a verified rda module", true);
	} else {
		fz_buf text = {0};
		st_print_options custom = {0};
		fz_print(m, &custom, &text);
		fz_buf_free(&text);
	}
	st_op_destroy(m);
	fz_done(ctx);
	return 0;
}
