/* stratac: compile a kernel for the target an .acg file describes, simulate
 * it against the interpreter and report its QoR (docs/stratac.md).  This
 * file reads the command line and the two inputs, picks the flow by the
 * target's class, and moves the results into the output directory only
 * when the whole run succeeded. */
#include "stratac.h"

#include "strata/asm.h"
#include "strata/halide.h"
#include "strata/pass.h"
#include "strata/pmlang.h"
#include "strata/registry.h"
#include "tool_acg.h"
#include "tool_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f) {
	fputs("usage: stratac <input.mlir> --target <file.acg> -o <dir> [options]\n"
	      "\n"
	      "Compiles the kernel of <input.mlir> for the target, simulates it on generated\n"
	      "inputs, compares every memory with the interpreter and writes the design, the\n"
	      "testbench and qor.json into <dir> (docs/stratac.md).\n"
	      "\n"
	      "options:\n"
	      "  --target <file.acg>     the target description (its class picks the flow)\n"
	      "  -o <dir>                the output directory (created if missing)\n"
	      "  --top <name>            the kernel function (default: the only public one)\n"
	      "  --inputs <dir>          initial memory contents: <dir>/<memory>.txt, one word a line\n"
	      "                          (default: drawn from the seed)\n"
	      "  --seed <n>              seed of the drawn inputs (default 1)\n"
	      "  --pipeline              pipeline innermost loops (lower-to-calyx pipeline=true)\n"
	      "  --parallel <n>          threads of each affine.parallel, banking the memories they\n"
	      "                          share (a power of two up to 16; default 4; 1: sequential)\n"
	      "  --memories <kind>       comb: memories read in the same cycle (default);\n"
	      "                          seq: registered reads (seq_mem, one cycle)\n"
	      "  --flow <flow>           auto (default): stream for an accelerated pipeline, else\n"
	      "                          calyx; calyx; stream (docs/streaming-hw.md)\n"
	      "  --no-sim                do not simulate (no cycles, no comparison)\n"
	      "  --no-synth              do not run yosys (no resources)\n"
	      "  --synth <kind>          generic: yosys's generic cells (default);\n"
	      "                          xilinx: LUT/FF/DSP/BRAM of synth_xilinx\n"
	      "  --max-cycles <n>        simulation limit (default 1000000)\n"
	      "  --cache-dir <dir>       Verilator builds (default $STRATA_VERILATOR_CACHE,\n"
	      "                          else ~/.cache/strata/verilator)\n"
	      "  --keep-work             keep the work directory of a failed run\n"
	      "  -q, --quiet             no QoR table on stdout\n"
	      "  --help, --version\n",
	      f);
}

static int arg_error(const char *fmt, const char *what) {
	fprintf(stderr, "stratac: error: ");
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\nTry 'stratac --help' for the list of options.\n");
	return 2;
}

/* `--name value` or `--name=value` (one dash works too); NULL when argv[*i]
 * is another flag, "" after an error was printed. */
static const char *flag_arg(int argc, char **argv, int *i, const char *name, int *rc) {
	const char *v = st_tool_flag_value(argv[*i], name);
	if (v)
		return v;
	if (!st_tool_is_flag(argv[*i], name))
		return NULL;
	if (*i + 1 >= argc) {
		*rc = arg_error("'%s' needs a value", argv[*i]);
		return "";
	}
	return argv[++*i];
}

static bool parse_u64(const char *s, uint64_t *out) {
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return false;
	unsigned long long v = strtoull(s, &end, 10);
	*out = v;
	return !*end && !errno;
}

static int parse_args(int argc, char **argv, stc_options *o) {
	*o = (stc_options){.seed = 1, .max_cycles = 1000000, .synth = "generic", .parallel = "4", .memories = "comb"};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		int rc = 0;
		if (st_tool_is_flag(a, "help") || !strcmp(a, "-h")) {
			usage(stdout);
			return -1;
		} else if (st_tool_is_flag(a, "version")) {
			puts("stratac (Strata) 0.1");
			return -1;
		} else if ((v = flag_arg(argc, argv, &i, "target", &rc)))
			o->target = v;
		else if ((v = flag_arg(argc, argv, &i, "o", &rc)))
			o->outdir = v;
		else if ((v = flag_arg(argc, argv, &i, "inputs", &rc)))
			o->inputs_dir = v;
		else if ((v = flag_arg(argc, argv, &i, "top", &rc)))
			o->top = v;
		else if ((v = flag_arg(argc, argv, &i, "flow", &rc))) {
			if (!rc && strcmp(v, "auto") && strcmp(v, "calyx") && strcmp(v, "stream"))
				return arg_error("'--flow' takes auto, calyx or stream, not '%s'", v);
			o->flow = v;
		} else if ((v = flag_arg(argc, argv, &i, "cache-dir", &rc)))
			o->cache_dir = v;
		else if ((v = flag_arg(argc, argv, &i, "parallel", &rc))) {
			uint64_t n;
			if (!rc && (!parse_u64(v, &n) || n < 1 || n > 16 || (n & (n - 1))))
				return arg_error("'--parallel' takes a power of two from 1 to 16, not '%s'", v);
			o->parallel = v;
		} else if ((v = flag_arg(argc, argv, &i, "memories", &rc))) {
			if (!rc && strcmp(v, "comb") && strcmp(v, "seq"))
				return arg_error("'--memories' takes comb or seq, not '%s'", v);
			o->memories = v;
		} else if ((v = flag_arg(argc, argv, &i, "synth", &rc))) {
			if (!rc && strcmp(v, "generic") && strcmp(v, "xilinx"))
				return arg_error("'--synth' takes generic or xilinx, not '%s'", v);
			o->synth = v;
		} else if ((v = flag_arg(argc, argv, &i, "seed", &rc))) {
			if (!rc && !parse_u64(v, &o->seed))
				return arg_error("'--seed' needs a non-negative integer, not '%s'", v);
		} else if ((v = flag_arg(argc, argv, &i, "max-cycles", &rc))) {
			if (!rc && (!parse_u64(v, &o->max_cycles) || !o->max_cycles))
				return arg_error("'--max-cycles' needs a positive integer, not '%s'", v);
		} else if (st_tool_is_flag(a, "no-sim"))
			o->no_sim = true;
		else if (st_tool_is_flag(a, "no-synth"))
			o->no_synth = true;
		else if (st_tool_is_flag(a, "pipeline"))
			o->pipeline = true;
		else if (st_tool_is_flag(a, "keep-work"))
			o->keep_work = true;
		else if (st_tool_is_flag(a, "quiet") || !strcmp(a, "-q"))
			o->quiet = true;
		else if (a[0] == '-' && a[1])
			return arg_error("unknown option '%s'", a);
		else if (o->input)
			return arg_error("more than one input file: '%s'", a);
		else
			o->input = a;
		if (rc)
			return rc;
	}
	if (!o->input)
		return arg_error("%s", "no input file");
	if (!o->target)
		return arg_error("%s", "no target: give --target <file.acg> (archs/ has the shipped ones)");
	if (!o->outdir)
		return arg_error("%s", "no output directory: give -o <dir>");
	return 0;
}

/* Where the top graph says `class = ...`: the attribute keeps no location
 * of its own, so the text is scanned (braces and `#` comments only; the
 * format has no strings that could hold either). */
static st_attr *class_loc(st_context *ctx, const char *path, st_str text) {
	unsigned line = 1, col = 1, depth = 0;
	bool comment = false, at_start = true;
	for (size_t i = 0; i < text.len; i++) {
		char c = text.data[i];
		if (c == '\n') {
			line++;
			col = 1;
			comment = false;
			at_start = true;
			continue;
		}
		if (!comment) {
			if (c == '#')
				comment = true;
			else if (c == '{')
				depth++;
			else if (c == '}')
				depth--;
			else if (depth == 1 && at_start && text.len - i > 5 && !memcmp(text.data + i, "class", 5) &&
			         !(text.data[i + 5] == '_' || (text.data[i + 5] | 32) >= 'a'))
				return st_loc_file(ctx, st_str_c(path), line, col);
			if (c != ' ' && c != '\t')
				at_start = false;
		}
		col++;
	}
	return st_loc_file(ctx, st_str_c(path), 1, 1);
}

/* Files a run may replace in the output directory. */
static const char *const outputs[] = {"design.mlir", "design.sv", "tb.cpp", "qor.json", "inputs", "outputs"};

static bool same_file(const char *a, const char *b) {
	struct stat sa, sb;
	return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A run must never replace what it reads. */
static bool check_outputs(const stc_options *o) {
	for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
		char *p = stc_fmt("%s/%s", o->outdir, outputs[i]);
		const char *clash = same_file(p, o->input) ? o->input : same_file(p, o->target) ? o->target
		                  : same_file(p, o->inputs_dir)                                 ? o->inputs_dir
		                                                                                : NULL;
		free(p);
		if (clash) {
			fprintf(stderr, "stratac: error: '-o %s' would replace the input '%s'; choose another directory\n",
			        o->outdir, clash);
			return false;
		}
	}
	return true;
}

/* Renames what the run made into the output directory: an old directory
 * of the same name is moved into the work directory first, which is then
 * removed with it. */
static bool commit(const char *work, const char *outdir) {
	bool ok = true;
	for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
		char *from = stc_fmt("%s/%s", work, outputs[i]), *to = stc_fmt("%s/%s", outdir, outputs[i]),
		     *old = stc_fmt("%s/old-%s", work, outputs[i]);
		struct stat st;
		if (from && to && old && lstat(from, &st) == 0) {
			struct stat ts;
			if (S_ISDIR(st.st_mode) && lstat(to, &ts) == 0 && rename(to, old) != 0)
				ok = false;
			if (ok && rename(from, to) != 0)
				ok = false;
			if (!ok)
				fprintf(stderr, "stratac: error: cannot move '%s' to '%s': %s\n", from, to, strerror(errno));
		}
		free(from);
		free(to);
		free(old);
		if (!ok)
			break;
	}
	return ok;
}

static bool has_ext(const char *path, const char *ext) {
	const char *dot = strrchr(path, '.');
	return dot && !strcmp(dot, ext);
}

/* The frontends lower their languages to IR the FPGA flow takes: .hl to
 * func/affine/memref, .pm to an srDFG then (flattened) to affine. */
static st_op *import_source(st_context *ctx, const char *path, st_str text) {
	if (has_ext(path, ".hl"))
		return st_halide_import(ctx, text, path);
	if (!has_ext(path, ".pm")) {
		st_context_add_source(ctx, st_str_c(path), text);
		st_parse_options po = {.no_register_source = true};
		return st_parse_source(ctx, text, path, &po);
	}
	st_op *m = st_pmlang_import(ctx, text, path);
	st_pass_manager *pm = m ? st_pass_manager_create(ctx, "builtin.module") : NULL;
	bool ok = pm && st_succeeded(st_pass_manager_parse_pipeline(
	                    pm, st_str_c("srdfg.graph(srdfg-flatten),convert-srdfg-to-affine,"
	                                 "buffer-results-to-out-params"), "<stratac>")) &&
	          st_succeeded(st_pass_manager_run(pm, m));
	st_pass_manager_destroy(pm);
	if (!ok && m) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

static st_op *parse_input(st_context *ctx, const char *path, st_tool_input *in) {
	if (!st_tool_read_input("stratac", path, in))
		return NULL;
	st_op *m = import_source(ctx, path, st_str_make(in->data, in->len));
	if (m && st_failed(st_verify(m))) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

/* The work directory sits inside the output directory, so that the final
 * renames stay on one file system. */
static char *make_work(const stc_options *o, bool *created) {
	struct stat st;
	*created = false;
	if (stat(o->outdir, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			fprintf(stderr, "stratac: error: '-o %s' is no directory\n", o->outdir);
			return NULL;
		}
	} else if (mkdir(o->outdir, 0755) != 0) {
		fprintf(stderr, "stratac: error: cannot create '%s': %s\n", o->outdir, strerror(errno));
		return NULL;
	} else
		*created = true;
	/* Absolute, because Verilator's make runs in a directory of its own
	 * and reads the design and testbench by these paths. */
	char cwd[4096];
	bool relative = o->outdir[0] != '/';
	if (relative && !getcwd(cwd, sizeof cwd)) {
		fprintf(stderr, "stratac: error: cannot find the current directory: %s\n", strerror(errno));
		return NULL;
	}
	/* mkdtemp replaces the six X with a fresh name. */
	char *work = stc_fmt("%s%s%s/.stratac-work-XXXXXX", relative ? cwd : "", relative ? "/" : "", o->outdir);
	if (work && !mkdtemp(work)) {
		fprintf(stderr, "stratac: error: cannot create a work directory in '%s': %s\n", o->outdir, strerror(errno));
		free(work);
		return NULL;
	}
	return work;
}

static bool run(st_context *ctx, const stc_options *o, st_tool_input *acg_in, st_tool_input *in) {
	st_op *acg = st_tool_load_acg(ctx, "stratac", o->target, acg_in);
	if (!acg)
		return false;
	st_op *graph = st_block_first_op(st_region_first_block(st_op_region(acg, 0)));
	st_str cls = st_attr_string(st_op_get_attr(graph, "class"));
	if (!st_str_eq_c(cls, "fpga")) {
		st_context_add_source(ctx, st_str_c(o->target), st_str_make(acg_in->data, acg_in->len));
		st_error(ctx, class_loc(ctx, o->target, st_str_make(acg_in->data, acg_in->len)),
		         "target class '%.*s' is not implemented yet (stratac compiles for: fpga)", (int)cls.len, cls.data);
		st_op_destroy(acg);
		return false;
	}
	double t0 = stc_now_ms();
	st_op *m = check_outputs(o) ? parse_input(ctx, o->input, in) : NULL;
	bool created = false;
	char *work = m ? make_work(o, &created) : NULL;
	stc_design d = {0};
	stc_qor q = {.target = st_ident_cstr(st_symbol_name(graph)), .cycles = -1, .ii = -1, .design = &d};
	if (work)
		stc_time_add(&q.times, "parse", t0);
	bool ok = work &&
	          (stc_stream_chosen(o, m) ? stc_stream_flow : stc_fpga_flow)(ctx, o, m, acg, work, &q) &&
	          commit(work, o->outdir);
	if (work) {
		if (!ok && o->keep_work)
			fprintf(stderr, "stratac: note: the files of the failed run are in '%s'\n", work);
		else
			stc_rm_rf(work);
		if (!ok && created && !o->keep_work)
			rmdir(o->outdir);
	}
	free(work);
	stc_design_free(&d);
	if (m)
		st_op_destroy(m);
	st_op_destroy(acg);
	return ok;
}

int main(int argc, char **argv) {
	stc_options o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "stratac: error: out of memory\n");
		return 1;
	}
	bool ok = st_succeeded(st_register_all_dialects(ctx)) && st_succeeded(st_register_all_passes(ctx)) &&
	          st_succeeded(st_register_all_translations(ctx));
	st_tool_input acg_in = {0}, in = {0};
	ok = ok && run(ctx, &o, &acg_in, &in);
	st_context_destroy(ctx);
	st_tool_free_input(&acg_in);
	st_tool_free_input(&in);
	return ok ? 0 : 1;
}
