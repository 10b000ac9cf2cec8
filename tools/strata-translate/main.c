/* strata-translate: between Strata IR and other formats, as
 * mlir-translate.  `--<translation>` picks one registered translation: an
 * import reads the foreign format and prints IR; an export reads IR,
 * verifies it and writes the foreign format. */
#include "strata/asm.h"
#include "strata/registry.h"
#include "strata/translate.h"
#include "plugin_loader.h"
#include "tool_io.h"

#include <stdlib.h>
#include <string.h>

typedef struct options {
	const char *input;
	const char *output;
	const char *translation; /* the flag as written */
	bool allow_unregistered;
	bool generic;
	bool debuginfo;
	bool mlir14;
	bool list;
	st_tool_plugins plugins;
	st_tool_limits limits;
} options;

static void usage(FILE *f) {
	fputs("usage: strata-translate --<translation> [options] [input-file]\n"
	      "\n"
	      "Translates between Strata IR and other formats; --list-translations\n"
	      "names the registered translations.\n"
	      "\n"
	      "options:\n"
	      "  -o <file>                      write output to <file> (default: stdout)\n"
	      "  --allow-unregistered-dialect   accept ops of dialects that are not registered\n"
	      "  --print-op-generic             print imported IR in the generic form\n"
	      "  --print-debuginfo              print locations of imported IR\n"
	      "  --mlir14                       read and write MLIR 14 spellings\n"
	      "  --list-translations            list the registered translations\n"
	      ST_TOOL_PLUGIN_USAGE
	      ST_TOOL_LIMIT_USAGE
	      "  --help, --version\n",
	      f);
}

static int arg_error(const char *arg, const char *msg) {
	fprintf(stderr, "strata-translate: error: %s: '%s'\n", msg, arg);
	fprintf(stderr, "Try 'strata-translate --help' for the list of options.\n");
	return 2;
}

static int parse_args(int argc, char **argv, options *o) {
	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool bad = false;
		if (st_tool_limit_flag(&o->limits, "strata-translate", argc, argv, &i, &bad)) {
			if (bad)
				return 2;
		} else if (strcmp(a, "-o") == 0) {
			if (++i >= argc)
				return arg_error(a, "missing file name after");
			o->output = argv[i];
		} else if (strncmp(a, "-o", 2) == 0 && a[2] && a[1] != '-') {
			o->output = a + 2;
		} else if (st_tool_is_flag(a, "allow-unregistered-dialect")) {
			o->allow_unregistered = true;
		} else if (st_tool_is_flag(a, "print-op-generic") || st_tool_is_flag(a, "mlir-print-op-generic")) {
			o->generic = true;
		} else if (st_tool_is_flag(a, "print-debuginfo") || st_tool_is_flag(a, "mlir-print-debuginfo")) {
			o->debuginfo = true;
		} else if (strcmp(a, "--mlir14") == 0) {
			o->mlir14 = true;
		} else if (st_tool_is_flag(a, "list-translations")) {
			o->list = true;
		} else if (st_tool_is_plugin_flag(a)) {
			if (!st_tool_plugin_add(&o->plugins, "strata-translate", argc, argv, &i))
				return 2;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return -1;
		} else if (strcmp(a, "--version") == 0) {
			printf("strata-translate %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
			return -1;
		} else if (strcmp(a, "-") == 0 || a[0] != '-') {
			if (o->input)
				return arg_error(a, "more than one input file");
			o->input = a;
		} else if (a[1] == '-' && a[2] && a[2] != '=') {
			/* A translation, checked once they are registered. */
			if (o->translation)
				return arg_error(a, "a second translation (one per run)");
			o->translation = a;
		} else {
			return arg_error(a, "unknown option");
		}
	}
	if (!o->input)
		o->input = "-";
	return 0;
}

static void list_translations(st_context *ctx) {
	puts("Available translations:");
	for (size_t i = 0; i < st_context_num_translations(ctx); i++) {
		const st_translation_def *t = st_context_translation_at(ctx, i);
		printf("  --%-28s %s\n", t->name, t->summary ? t->summary : "");
	}
}

/* Runs `t` on the input text; writes the result to `out` only on success. */
static bool translate(st_context *ctx, const options *o, const st_translation_def *t, st_str text, const char *name,
                      bool mapped, st_tool_output *out) {
	if (t->import) {
		st_op *m = t->import(ctx, text, name);
		if (!m)
			return false;
		bool ok = st_succeeded(st_verify(m));
		if (ok) {
			st_print_options pr = {
			    .generic = o->generic, .debuginfo = o->debuginfo, .mlir14 = o->mlir14, .assume_verified = true};
			st_print_op(m, &pr, st_tool_write, out);
		}
		st_op_destroy(m);
		return ok;
	}
	st_parse_options po = {.mlir14 = o->mlir14, .no_register_source = true, .release_consumed = mapped};
	st_op *m = st_parse_source(ctx, text, name, &po);
	if (!m)
		return false;
	bool ok = st_succeeded(st_verify(m)) && st_succeeded(t->export_(m, st_tool_write, out));
	st_op_destroy(m);
	return ok;
}

static int tool_main(int argc, char **argv) {
	options o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "strata-translate: error: out of memory\n");
		return 1;
	}
	st_context_set_allow_unregistered(ctx, o.allow_unregistered);
	if (st_failed(st_register_all_dialects(ctx)) || st_failed(st_register_all_translations(ctx)) ||
	    !st_tool_plugins_load(&o.plugins, "strata-translate", ctx) ||
	    !st_tool_limits_apply(&o.limits, "strata-translate", ctx)) {
		st_context_destroy(ctx);
		return 1;
	}
	if (o.list) {
		list_translations(ctx);
		st_context_destroy(ctx);
		return 0;
	}
	const st_translation_def *t = NULL;
	if (!o.translation)
		rc = arg_error("(none)", "choose a translation (--list-translations shows them)");
	else if (!(t = st_context_lookup_translation(ctx, st_str_c(o.translation + 2))))
		rc = arg_error(o.translation, "unknown translation");
	if (rc) {
		st_context_destroy(ctx);
		return rc;
	}
	st_tool_input in;
	if (!st_tool_read_input("strata-translate", o.input, &in)) {
		st_context_destroy(ctx);
		return 1;
	}
	const char *name = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
	st_str text = st_str_make(in.data, in.len);
	st_context_add_source(ctx, st_str_c(name), text);
	st_tool_output out;
	bool ok = st_tool_open_output("strata-translate", o.output, &out);
	if (ok)
		ok = st_tool_close_output(&out, translate(ctx, &o, t, text, name, in.mapped, &out));
	st_context_destroy(ctx);
	st_tool_free_input(&in);
	return ok ? 0 : 1;
}

int main(int argc, char **argv) {
	return st_tool_exit("strata-translate", tool_main(argc, argv));
}
