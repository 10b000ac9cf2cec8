/* strata-hwsim: runs a hw/comb/seq design cycle by cycle (backends/hwsim).
 * Reads the design, picks the top module (--top, or the one module no
 * instance names), reads one line of hex input values per cycle from the
 * stimulus file and writes one line of hex output values per cycle, in the
 * format of the Verilator testbench that --export-verilator-tb generates. */
#include "strata/asm.h"
#include "strata/hw.h"
#include "strata/hwsim.h"
#include "strata/registry.h"
#include "tool_io.h"

#include <string.h>

static void usage(FILE *f) {
	fputs("usage: strata-hwsim <design.mlir> --stimulus=<file> [--top=<module>] [-o <file>]\n", f);
}


static st_walk_result mark_instances(st_op *op, void *ud) {
	if (strcmp(st_op_name_cstr(op), "hw.instance") == 0) {
		st_op *m = st_hw_instance_target(op);
		if (m)
			st_op_set_attr(m, "hwsim.instantiated", st_unit_attr(st_op_context(op)));
	}
	(void)ud;
	return ST_WALK_ADVANCE;
}

static st_op *find_top(st_context *ctx, st_op *module, const char *name) {
	st_op *found = NULL;
	size_t count = 0;
	st_walk(module, ST_WALK_PRE, mark_instances, NULL);
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(module, 0))); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "hw.module") != 0)
			continue;
		st_ident *sym = st_symbol_name(op);
		if (name ? strcmp(st_ident_cstr(sym), name) == 0 : !st_op_get_attr(op, "hwsim.instantiated")) {
			found = op;
			count++;
		}
	}
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(module, 0))); op; op = st_op_next(op))
		st_op_remove_attr(op, "hwsim.instantiated");
	if (count == 1)
		return found;
	if (name)
		st_error(ctx, NULL, "no hw.module named '%s'", name);
	else
		st_error(ctx, NULL, "%s top-level hw.module; choose one with --top", count ? "more than one" : "no");
	return NULL;
}

int main(int argc, char **argv) {
	const char *input = NULL, *stim = NULL, *top = NULL, *output = NULL;
	for (int i = 1; i < argc; i++) {
		const char *v;
		if ((v = st_tool_flag_value(argv[i], "stimulus")))
			stim = v;
		else if ((v = st_tool_flag_value(argv[i], "top")))
			top = v;
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			output = argv[++i];
		else if (strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] != '-' && !input)
			input = argv[i];
		else {
			fprintf(stderr, "strata-hwsim: error: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (!input || !stim) {
		usage(stderr);
		return 2;
	}
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)))
		return 1;
	st_tool_input in = {0}, sin = {0};
	st_tool_output out = {0};
	bool ok = st_tool_read_input("strata-hwsim", input, &in) && st_tool_read_input("strata-hwsim", stim, &sin);
	st_op *m = NULL;
	st_hwsim *sim = NULL;
	if (ok) {
		st_parse_options po = {0};
		m = st_parse_source(ctx, st_str_make(in.data, in.len), input, &po);
		ok = m && st_succeeded(st_verify(m));
	}
	st_op *t = ok ? find_top(ctx, m, top) : NULL;
	ok = ok && t && (sim = st_hwsim_create(t)) != NULL;
	ok = ok && st_tool_open_output("strata-hwsim", output, &out);
	if (ok) {
		ok = st_succeeded(st_hwsim_run(sim, st_str_make(sin.data, sin.len), st_tool_write, &out));
		ok = st_tool_close_output(&out, ok);
	}
	st_hwsim_destroy(sim);
	if (m)
		st_op_destroy(m);
	st_tool_free_input(&in);
	st_tool_free_input(&sin);
	st_context_destroy(ctx);
	return ok ? 0 : 1;
}
