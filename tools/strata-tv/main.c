/* strata-tv: translation validation by execution from the command line.
 * Compares a function before and after a pass pipeline, or in two files,
 * by interpreting both on the same drawn inputs (test/lib/tv.h). */
#include "tv.h"

#include "strata/asm.h"
#include "strata/registry.h"
#include "plugin_loader.h"
#include "tool_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct options {
	const char *files[2];
	size_t nfiles;
	const char *entry;
	const char *pipeline;
	bool mlir14;
	bool allow_unregistered;
	st_tool_plugins plugins;
	st_tv_options tv;
} options;

static void usage(FILE *f) {
	fputs("usage: strata-tv [options] <original> [<transformed>]\n"
	      "\n"
	      "Interprets a function of <original> and of <transformed> (or of <original>\n"
	      "after --pass-pipeline) on the same inputs and compares the results and\n"
	      "memref arguments bit for bit.  Inputs come from a seed, printed on\n"
	      "failure; STRATA_TV_SEED=<n> (or =random) overrides it.\n"
	      "\n"
	      "options:\n"
	      "  --entry=<name>            the function to compare (default: main)\n"
	      "  --pass-pipeline=<p>       transform <original> with a pipeline, in strata-opt's\n"
	      "                            syntax: 'builtin.module(canonicalize,cse)'\n"
	      "  --trials=<n>              inputs both must agree on (default 64)\n"
	      "  --seed=<n>                the seed of the inputs\n"
	      "  --max-steps=<n>           operations a run may take (default 1000000)\n"
	      "  --mlir14                  read MLIR 14 spellings\n"
	      "  --allow-unregistered-dialect\n"
	      ST_TOOL_PLUGIN_USAGE
	      "  --help\n",
	      f);
}

static int arg_error(const char *msg, const char *arg) {
	fprintf(stderr, "strata-tv: error: %s '%s'\nTry 'strata-tv --help' for the list of options.\n", msg, arg);
	return 2;
}

static bool parse_u64(const char *s, uint64_t *out) {
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (!*s || *s == '-' || *end || errno)
		return false;
	*out = v;
	return true;
}

static int parse_args(int argc, char **argv, options *o) {
	o->entry = "main";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		uint64_t v;
		if (!strncmp(a, "--entry=", 8) && a[8]) {
			o->entry = a + 8;
		} else if (!strncmp(a, "--pass-pipeline=", 16)) {
			o->pipeline = a + 16;
		} else if (!strncmp(a, "--trials=", 9)) {
			if (!parse_u64(a + 9, &v) || v == 0 || v > 1000000)
				return arg_error("expected a number of inputs (1 to 1000000) in", a);
			o->tv.trials = (unsigned)v;
		} else if (!strncmp(a, "--seed=", 7)) {
			if (!parse_u64(a + 7, &o->tv.seed))
				return arg_error("expected a number in", a);
			o->tv.seed_set = true;
		} else if (!strncmp(a, "--max-steps=", 12)) {
			if (!parse_u64(a + 12, &o->tv.max_steps))
				return arg_error("expected a number in", a);
		} else if (!strcmp(a, "--mlir14")) {
			o->mlir14 = true;
		} else if (!strcmp(a, "--allow-unregistered-dialect")) {
			o->allow_unregistered = true;
		} else if (st_tool_is_plugin_flag(a)) {
			if (!st_tool_plugin_add(&o->plugins, "strata-tv", argc, argv, &i))
				return 2;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return -1;
		} else if (a[0] != '-') {
			if (o->nfiles == 2)
				return arg_error("more than two input files:", a);
			o->files[o->nfiles++] = a;
		} else {
			return arg_error("unknown option", a);
		}
	}
	if (!o->nfiles)
		return arg_error("no input file", "");
	if (o->nfiles == 2 && o->pipeline)
		return arg_error("give either a second file or --pass-pipeline, not both:", o->pipeline);
	return 0;
}

/* The file's text (kept for the context's diagnostics) and its module. */
static st_op *load(st_context *ctx, const options *o, const char *path, st_tool_input *text) {
	if (!st_tool_read_input("strata-tv", path, text))
		return NULL;
	char *buf = text->data;
	size_t n = text->len;
	st_parse_options po = {.mlir14 = o->mlir14};
	st_op *m = st_parse_source(ctx, st_str_make(buf, n), path, &po);
	if (m && st_failed(st_verify(m))) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

static void write_stdout(void *ud, const char *d, size_t n) { fwrite(d, 1, n, ud); }

static int tool_main(int argc, char **argv) {
	options o = {0};
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	o.tv.out = write_stdout;
	o.tv.out_ud = stdout;
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_passes(ctx)) ||
	    !st_tool_plugins_load(&o.plugins, "strata-tv", ctx)) {
		st_context_destroy(ctx);
		return 1;
	}
	st_context_set_allow_unregistered(ctx, o.allow_unregistered);
	st_tool_input text[2] = {{0}, {0}};
	st_op *m[2] = {NULL, NULL};
	rc = 1;
	m[0] = load(ctx, &o, o.files[0], &text[0]);
	if (m[0] && o.nfiles == 2)
		m[1] = load(ctx, &o, o.files[1], &text[1]);
	if (m[0] && o.nfiles == 2) {
		if (m[1] && st_succeeded(st_tv_check(ctx, m[0], m[1], o.entry, &o.tv)))
			rc = 0;
	} else if (m[0]) {
		st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
		bool ok = pm && (!o.pipeline ||
		                 st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c(o.pipeline), "<pass-pipeline>")));
		if (ok && st_succeeded(st_tv_check_pass(ctx, m[0], pm, o.entry, &o.tv)))
			rc = 0;
		st_pass_manager_destroy(pm);
	}
	for (int i = 0; i < 2; i++)
		if (m[i])
			st_op_destroy(m[i]);
	st_context_destroy(ctx);
	st_tool_free_input(&text[0]);
	st_tool_free_input(&text[1]);
	return rc;
}

int main(int argc, char **argv) {
	return st_tool_exit("strata-tv", tool_main(argc, argv));
}
