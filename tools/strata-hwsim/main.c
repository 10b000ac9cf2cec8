/* strata-hwsim: runs a hw/comb/seq design cycle by cycle (backends/hwsim).
 * Reads the design, picks the top module (--top, `hw.top`, or the one module
 * no instance names), reads one line of hex input values per cycle from the
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


static int tool_main(int argc, char **argv) {
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
	st_op *t = ok ? st_hw_top_module(m, top) : NULL;
	ok = ok && t && (sim = st_hwsim_create(t)) != NULL;
	ok = ok && st_tool_open_output("strata-hwsim", output, &out);
	if (ok) {
		ok = st_succeeded(st_hwsim_run(sim, st_str_make(sin.data, sin.len), stim, st_tool_write, &out));
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

int main(int argc, char **argv) {
	return st_tool_exit("strata-hwsim", tool_main(argc, argv));
}
