/* strata-run: interpret a function of an IR file on given inputs with the
 * reference interpreter (docs/interpreter.md) and print its results. */
#include "io.h"

#include "strata/asm.h"
#include "strata/interp.h"
#include "strata/registry.h"
#include "plugin_loader.h"
#include "tool_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct out_spec {
	long arg;
	const char *path;
} out_spec;

typedef struct options {
	const char *input;
	const char *entry;
	const char **args;
	size_t nargs;
	out_spec *outs;
	size_t nouts;
	bool trace;
	bool stats;
	bool mlir14;
	bool allow_unregistered;
	bool poison_results;
	uint64_t max_steps;
	uint64_t invocations;
	st_tool_plugins plugins;
	st_tool_limits limits;
} options;

#define DEFAULT_MAX_STEPS 100000000ull

static void usage(FILE *f) {
	fputs("usage: strata-run [options] <input-file>\n"
	      "\n"
	      "Interprets a function with Strata's reference interpreter and prints its\n"
	      "results, one per line, as typed literals.\n"
	      "\n"
	      "options:\n"
	      "  --entry=<name>          the function to run (default: main)\n"
	      "  --arg=<value>           the next argument: a literal (i32:5, i7:-3, index:10,\n"
	      "                          f32:1.5, f32:nan, f16:-inf, bf16:0x3f80), or for a\n"
	      "                          memref a file (x.npy, img.pgm, img.ppm, memref:<file>)\n"
	      "                          or memref:zeros (zero-filled, static shapes);\n"
	      "                          arguments with a default (func.default, e.g. a\n"
	      "                          PMLang param's `= value`) may all be left out\n"
	      "  --out=<n>:<file>        after the run, write memref argument n to <file>\n"
	      "                          (.npy, .pgm or .ppm)\n"
	      "  --max-steps=<n>         stop after n operations (default 100000000; 0: no limit)\n"
	      "  --invocations=<n>       run the function n times on the same arguments, so\n"
	      "                          memrefs it writes (PMLang state) persist between\n"
	      "                          runs; the results are printed after each run\n"
	      "  --trace                 print each executed op with its values to stderr\n"
	      "  --poison-results        print poison results as <type>:poison instead of\n"
	      "                          reporting them as undefined behaviour\n"
	      "  --stats                 print the operation count and rate to stderr\n"
	      "  --mlir14                read MLIR 14 spellings\n"
	      "  --allow-unregistered-dialect\n"
	      ST_TOOL_PLUGIN_USAGE
	      ST_TOOL_LIMIT_USAGE
	      "  --help, --version\n",
	      f);
}

static int arg_error(const char *fmt, const char *what) {
	fprintf(stderr, "strata-run: error: ");
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\nTry 'strata-run --help' for the list of options.\n");
	return 2;
}

static int parse_args(int argc, char **argv, options *o) {
	o->entry = "main";
	o->max_steps = DEFAULT_MAX_STEPS;
	o->invocations = 1;
	o->args = calloc((size_t)argc, sizeof *o->args);
	o->outs = calloc((size_t)argc, sizeof *o->outs);
	if (!o->args || !o->outs)
		return arg_error("%s", "out of memory");
	bool bad = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--entry=", 8)) {
			o->entry = a + 8;
			if (!*o->entry)
				return arg_error("empty function name in '%s'", a);
		} else if (!strncmp(a, "--arg=", 6)) {
			o->args[o->nargs++] = a + 6;
		} else if (!strncmp(a, "--out=", 6)) {
			char *end;
			long n = strtol(a + 6, &end, 10);
			if (end == a + 6 || *end != ':' || !end[1] || n < 0)
				return arg_error("expected --out=<argument number>:<file>, got '%s'", a);
			o->outs[o->nouts++] = (out_spec){n, end + 1};
		} else if (!strncmp(a, "--max-steps=", 12)) {
			if (!st_tool_parse_u64(a + 12, &o->max_steps))
				return arg_error("expected a number of steps in '%s'", a);
		} else if (!strncmp(a, "--invocations=", 14)) {
			if (!st_tool_parse_u64(a + 14, &o->invocations) || !o->invocations)
				return arg_error("expected a positive number of invocations in '%s'", a);
		} else if (!strcmp(a, "--trace")) {
			o->trace = true;
		} else if (!strcmp(a, "--poison-results")) {
			o->poison_results = true;
		} else if (!strcmp(a, "--stats")) {
			o->stats = true;
		} else if (!strcmp(a, "--mlir14")) {
			o->mlir14 = true;
		} else if (!strcmp(a, "--allow-unregistered-dialect")) {
			o->allow_unregistered = true;
		} else if (st_tool_is_plugin_flag(a)) {
			if (!st_tool_plugin_add(&o->plugins, "strata-run", argc, argv, &i))
				return 2;
		} else if (st_tool_limit_flag(&o->limits, "strata-run", argc, argv, &i, &bad)) {
			if (bad)
				return 2;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return -1;
		} else if (!strcmp(a, "--version")) {
			printf("strata-run %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
			return -1;
		} else if (!strcmp(a, "-") || a[0] != '-') {
			if (o->input)
				return arg_error("more than one input file: '%s'", a);
			o->input = a;
		} else {
			return arg_error("unknown option '%s'", a);
		}
	}
	if (!o->input)
		return arg_error("%s", "no input file");
	return 0;
}

static void write_stdout(void *ud, const char *d, size_t n) { fwrite(d, 1, n, ud); }

static double now(clockid_t clock) {
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The value of argument i for parameter type `t`. */
static bool make_arg(st_interp *it, const char *text, size_t i, st_type *t, st_ival *out) {
	char err[512], tb[128];
	st_context *ctx = st_interp_context(it);
	if (st_type_get_kind(t) == ST_TYPE_MEMREF) {
		const char *path = !strncmp(text, "memref:", 7) ? text + 7 : text;
		if (!strcmp(path, "zeros")) {
			int64_t n = st_type_num_elements_static(t);
			if (n < 0) {
				fprintf(stderr, "strata-run: error: argument #%zu: 'zeros' needs a static shape%s, not '%s'\n", i,
				        n == -2 ? " of fewer than 2^63 elements" : "", st_type_str(ctx, t, tb, sizeof tb));
				return false;
			}
			if (st_succeeded(st_interp_memref_alloc(it, NULL, t, NULL, ST_BUF_HEAP, true, out)))
				return true;
			fprintf(stderr, "strata-run: error: argument #%zu: cannot make a buffer\n", i);
			return false;
		}
		if (io_read_memref(it, path, t, out, err, sizeof err))
			return true;
		fprintf(stderr, "strata-run: error: argument #%zu: %s\n", i, err);
		return false;
	}
	if (st_failed(st_ival_parse(it, st_str_c(text), out, err, sizeof err))) {
		fprintf(stderr, "strata-run: error: argument #%zu: %s in '%s'\n", i, err, text);
		return false;
	}
	if (out->type != t) {
		fprintf(stderr, "strata-run: error: argument #%zu: expected a value of type '%s', got '%s'\n", i,
		        st_type_str(ctx, t, tb, sizeof tb), text);
		st_ival_release(it, out);
		return false;
	}
	return true;
}

/* The `func.default` of argument i of `fn` (a func.func's arg_attrs,
 * verified to be a number of the argument's type), or NULL. */
static st_attr *arg_default(st_op *fn, size_t i) {
	st_attr *aa = st_op_get_attr(fn, "arg_attrs");
	st_attr *d = aa && st_attr_get_kind(aa) == ST_ATTR_ARRAY && i < st_attr_array_size(aa) ? st_attr_array_elt(aa, i)
	                                                                                         : NULL;
	return d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, "func.default") : NULL;
}

/* A default as the argument's value (numbers of up to 64 bits). */
static bool default_arg(st_context *ctx, st_attr *d, size_t i, st_type *t, st_ival *out) {
	unsigned w = st_type_is_float(t) ? st_type_float_width(t) : st_type_is_index(t) ? 64 : st_type_int_width(t);
	if (w > 64) {
		char tb[64];
		fprintf(stderr, "strata-run: error: argument #%zu: its default is a '%s'; give it with --arg\n", i,
		        st_type_str(ctx, t, tb, sizeof tb));
		return false;
	}
	uint64_t bits = st_attr_get_kind(d) == ST_ATTR_FLOAT ? st_attr_float_bits(d) : st_attr_int_uvalue(d);
	*out = st_ival_bits(t, w >= 64 ? bits : bits & ((1ull << w) - 1));
	return true;
}

static int run(st_context *ctx, st_op *module, const options *o) {
	char tb[128];
	st_op *fn = st_symbol_lookup(module, st_str_c(o->entry));
	const st_callable_iface *ci = fn ? st_op_interface(fn, ST_IFACE_CALLABLE) : NULL;
	if (!ci) {
		fprintf(stderr, "strata-run: error: no function '@%s' in '%s'\n", o->entry, o->input);
		return 1;
	}
	st_type *ft = ci->function_type(fn);
	size_t nparams = st_type_num_inputs(ft), nres = st_type_num_results(ft), ndefaults = 0;
	for (size_t i = 0; i < nparams; i++)
		ndefaults += arg_default(fn, i) != NULL;
	/* Either every argument is given, or every one without a default
	 * (those with one take it: a PMLang param's `= value`). */
	bool use_defaults = ndefaults && o->nargs == nparams - ndefaults;
	if (nparams != o->nargs && !use_defaults) {
		fprintf(stderr, "strata-run: error: '@%s' takes %zu argument%s of type (", o->entry, nparams,
		        nparams == 1 ? "" : "s");
		for (size_t i = 0; i < nparams; i++)
			fprintf(stderr, "%s%s%s", i ? ", " : "", st_type_str(ctx, st_type_input(ft, i), tb, sizeof tb),
			        arg_default(fn, i) ? " = default" : "");
		fprintf(stderr, "), %zu given with --arg", o->nargs);
		if (ndefaults)
			fprintf(stderr, " (give all %zu, or the %zu without a default)", nparams, nparams - ndefaults);
		fputc('\n', stderr);
		return 1;
	}
	for (size_t i = 0; i < o->nouts; i++)
		if ((size_t)o->outs[i].arg >= nparams || st_type_get_kind(st_type_input(ft, (size_t)o->outs[i].arg)) != ST_TYPE_MEMREF) {
			fprintf(stderr, "strata-run: error: --out=%ld:%s: argument #%ld is not a memref argument of '@%s'\n",
			        o->outs[i].arg, o->outs[i].path, o->outs[i].arg, o->entry);
			return 1;
		}
	st_interp_options io = {.max_steps = o->max_steps, .allow_poison_results = o->poison_results};
	if (o->trace) {
		io.trace = write_stdout;
		io.trace_ud = stderr;
	}
	st_interp *it = st_interp_create(ctx, &io);
	st_ival *args = calloc(nparams + 1, sizeof *args), *res = calloc(nres + 1, sizeof *res);
	int rc = it && args && res ? 0 : 1;
	size_t made = 0, given = 0;
	for (; rc == 0 && made < nparams; made++) {
		st_attr *d = use_defaults ? arg_default(fn, made) : NULL;
		if (d ? !default_arg(ctx, d, made, st_type_input(ft, made), &args[made])
		      : !make_arg(it, o->args[given++], made, st_type_input(ft, made), &args[made]))
			rc = 1;
	}
	for (uint64_t run = 0; rc == 0 && run < o->invocations; run++) {
		for (size_t i = 0; run && i < nres; i++)
			st_ival_release(it, &res[i]);
		double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
		rc = st_succeeded(st_interp_call(it, fn, nparams, args, nres, res)) ? 0 : 1;
		double dt = now(CLOCK_MONOTONIC) - t0, dc = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		if (o->stats) {
			uint64_t steps = st_interp_steps(it);
			fprintf(stderr,
			        "strata-run: %llu operations in %.3f s (%.3g operations/s); CPU time %.3f s (%.3g "
			        "operations/s)\n",
			        (unsigned long long)steps, dt, dt > 0 ? (double)steps / dt : 0.0, dc,
			        dc > 0 ? (double)steps / dc : 0.0);
		}
		for (size_t i = 0; rc == 0 && i < nres; i++) {
			st_ival_print(it, &res[i], write_stdout, stdout);
			fputc('\n', stdout);
		}
	}
	for (size_t i = 0; rc == 0 && i < o->nouts; i++) {
		char err[512];
		if (!io_write_memref(it, o->outs[i].path, &args[o->outs[i].arg], err, sizeof err)) {
			fprintf(stderr, "strata-run: error: --out=%ld: %s\n", o->outs[i].arg, err);
			rc = 1;
		}
	}
	for (size_t i = 0; i < nres && res; i++)
		st_ival_release(it, &res[i]);
	for (size_t i = 0; i < made && args; i++)
		st_ival_release(it, &args[i]);
	free(args);
	free(res);
	st_interp_destroy(it);
	return rc;
}

static int tool_main(int argc, char **argv) {
	options o = {0};
	int rc = parse_args(argc, argv, &o);
	if (rc) {
		free(o.args);
		free(o.outs);
		return rc < 0 ? 0 : rc;
	}
	size_t len = 0;
	unsigned char *data = NULL;
	char err[512];
	if (!io_read_file(o.input, &data, &len, err, sizeof err))
		fprintf(stderr, "strata-run: error: %s\n", err);
	char *text = (char *)data;
	st_context *ctx = text ? st_context_create() : NULL;
	rc = 1;
	if (ctx && st_succeeded(st_register_all_dialects(ctx)) && st_tool_plugins_load(&o.plugins, "strata-run", ctx) &&
	    st_tool_limits_apply(&o.limits, "strata-run", ctx)) {
		const char *name = strcmp(o.input, "-") ? o.input : "<stdin>";
		st_context_set_allow_unregistered(ctx, o.allow_unregistered);
		st_parse_options po = {.mlir14 = o.mlir14};
		st_op *m = st_parse_source(ctx, st_str_make(text, len), name, &po);
		if (m && st_succeeded(st_verify(m)))
			rc = run(ctx, m, &o);
		if (m)
			st_op_destroy(m);
	}
	st_context_destroy(ctx);
	free(text);
	free(o.args);
	free(o.outs);
	return rc;
}

int main(int argc, char **argv) {
	return st_tool_exit("strata-run", tool_main(argc, argv));
}
