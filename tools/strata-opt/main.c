/* strata-opt: parse, verify, run a pass pipeline, print -- with mlir-opt's
 * habits and flags. */
#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/registry.h"
#include "strata/translate.h"
#include "plugin_loader.h"
#include "test_passes.h"
#include "tool_acg.h"
#include "tool_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A `--name[=options]` flag that is no option of the tool: a pass, if one
 * of that name is registered (checked once the context exists). */
typedef struct pass_flag {
	const char *arg; /* as written, for the error */
	char *name;
	const char *options; /* after the first '=', or NULL */
} pass_flag;

typedef struct options {
	const char *input;
	const char *output;
	bool split;
	bool verify_diags;
	bool allow_unregistered;
	bool generic;
	bool debuginfo;
	bool mlir14;
	bool verify_each;
	bool show_dialects;
	bool list_passes;
	bool dump_pipeline;
	bool test_passes;
	const char *pipeline;
	/* --acg=FILE: the target description, imported once, and inserted
	 * as acg.graph @target into every module read. */
	const char *acg;
	st_op *acg_module;
	pass_flag *passes;
	size_t npasses;
	/* Instrumentation. */
	bool print_before_all, print_after_all, print_after_change, print_after_failure, print_module_scope;
	bool timing;
	const char *print_before, *print_after; /* comma-separated pass names */
	st_tool_plugins plugins;
	st_tool_limits limits;
} options;

static void usage(FILE *f) {
	fputs("usage: strata-opt [options] [input-file]\n"
	      "\n"
	      "Parses MLIR-syntax IR, verifies it and prints it back.\n"
	      "\n"
	      "options:\n"
	      "  -o <file>                      write output to <file> (default: stdout)\n"
	      "  --split-input-file             process each chunk between '// -----' lines on its own\n"
	      "  --verify-diagnostics           check diagnostics against expected-* annotations\n"
	      "  --allow-unregistered-dialect   accept ops of dialects that are not registered\n"
	      "  --print-op-generic             print every op in the generic form\n"
	      "  --print-debuginfo              print locations\n"
	      "  --mlir14                       read and write MLIR 14 spellings (builtin.func, std.*)\n"
	      "  --show-dialects                list the registered dialects and their ops\n"
	      ST_TOOL_PLUGIN_USAGE
	      ST_TOOL_LIMIT_USAGE
	      "\n"
	      "passes (docs/passes.md):\n"
	      "  --pass-pipeline=<pipeline>     run a pipeline: 'builtin.module(func.func(cse),canonicalize{max-iterations=5})'\n"
	      "  --<pass>[=<options>]           add a pass (nested in a manager for its anchor): --cse --canonicalize='max-iterations=5'\n"
	      "  --list-passes                  list the registered passes with their anchors and options\n"
	      "  --dump-pass-pipeline           print the pipeline to stderr before running it\n"
	      "  --verify-each[=true|false]     verify after each pass (default true)\n"
	      "  --print-ir-before-all, --print-ir-after-all\n"
	      "  --print-ir-before=<p,...>, --print-ir-after=<p,...>\n"
	      "                                 print the IR (to stderr) before/after every pass or the named ones\n"
	      "  --print-ir-after-change        print after a pass only when it changed the IR\n"
	      "  --print-ir-after-failure       print after a pass only when it failed\n"
	      "  --print-ir-module-scope        print the whole top-level op, not only the pass's anchor\n"
	      "  --timing                       report the time of each pass (a tree) to stderr\n"
	      "  --enable-test-passes           register the test-* passes (also STRATA_TEST_PASSES=1)\n"
	      "  --acg=<file>                   insert the target description <file> (.acg) as acg.graph @target\n"
	      "\n"
	      "  --help, --version\n"
	      "  mlir-opt spellings accepted: --mlir-print-op-generic, --mlir-print-debuginfo,\n"
	      "  --mlir-timing, --mlir-disable-threading, --mlir-print-ir-*\n",
	      f);
}

static int arg_error(const char *arg, const char *msg) {
	fprintf(stderr, "strata-opt: error: %s: '%s'\n", msg, arg);
	fprintf(stderr, "Try 'strata-opt --help' for the list of options.\n");
	return 2;
}

/* The flag with or without mlir-opt's `mlir-` prefix. */
static bool is_ir_flag(const char *a, const char *name) {
	char buf[64];
	snprintf(buf, sizeof buf, "mlir-%s", name);
	return st_tool_is_flag(a, name) || st_tool_is_flag(a, buf);
}
static const char *ir_flag_value(const char *a, const char *name) {
	char buf[64];
	snprintf(buf, sizeof buf, "mlir-%s", name);
	const char *v = st_tool_flag_value(a, name);
	return v ? v : st_tool_flag_value(a, buf);
}

static int add_pass_flag(options *o, const char *a) {
	const char *name = a + (a[1] == '-' ? 2 : 1);
	const char *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);
	pass_flag *np = realloc(o->passes, (o->npasses + 1) * sizeof *np);
	char *copy = malloc(n + 1);
	if (!np || !copy) {
		free(copy);
		if (np)
			o->passes = np;
		fprintf(stderr, "strata-opt: error: out of memory\n");
		return 1;
	}
	memcpy(copy, name, n);
	copy[n] = 0;
	o->passes = np;
	o->passes[o->npasses++] = (pass_flag){a, copy, eq ? eq + 1 : NULL};
	return 0;
}

static void free_options(options *o) {
	for (size_t i = 0; i < o->npasses; i++)
		free(o->passes[i].name);
	free(o->passes);
}

static int parse_args(int argc, char **argv, options *o) {
	memset(o, 0, sizeof *o);
	o->verify_each = true;
	const char *env = getenv("STRATA_TEST_PASSES");
	o->test_passes = env && strcmp(env, "1") == 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		bool bad = false;
		if (strcmp(a, "-o") == 0) {
			if (++i >= argc)
				return arg_error(a, "missing file name after");
			o->output = argv[i];
		} else if (strncmp(a, "-o", 2) == 0 && a[2] && a[1] != '-') {
			o->output = a + 2;
		} else if (st_tool_is_flag(a, "split-input-file")) {
			o->split = true;
		} else if (st_tool_is_flag(a, "verify-diagnostics")) {
			o->verify_diags = true;
		} else if (st_tool_is_flag(a, "allow-unregistered-dialect")) {
			o->allow_unregistered = true;
		} else if (is_ir_flag(a, "print-op-generic")) {
			o->generic = true;
		} else if (is_ir_flag(a, "print-debuginfo")) {
			o->debuginfo = true;
		} else if (strcmp(a, "--mlir14") == 0) {
			o->mlir14 = true;
		} else if (st_tool_is_flag(a, "verify-each") || ((v = st_tool_flag_value(a, "verify-each")) && (!strcmp(v, "true") || !strcmp(v, "1")))) {
			o->verify_each = true;
		} else if ((v = st_tool_flag_value(a, "verify-each")) && (!strcmp(v, "false") || !strcmp(v, "0"))) {
			o->verify_each = false;
		} else if (st_tool_flag_value(a, "verify-each")) {
			return arg_error(a, "expected true or false in");
		} else if (st_tool_is_flag(a, "mlir-disable-threading")) {
			/* Strata runs single-threaded. */
		} else if (st_tool_is_flag(a, "timing") || st_tool_is_flag(a, "mlir-timing")) {
			o->timing = true;
		} else if ((v = st_tool_flag_value(a, "pass-pipeline"))) {
			o->pipeline = v;
		} else if (st_tool_is_flag(a, "pass-pipeline")) {
			if (++i >= argc)
				return arg_error(a, "missing pipeline after");
			o->pipeline = argv[i];
		} else if (is_ir_flag(a, "print-ir-before-all")) {
			o->print_before_all = true;
		} else if (is_ir_flag(a, "print-ir-after-all")) {
			o->print_after_all = true;
		} else if (is_ir_flag(a, "print-ir-after-change")) {
			o->print_after_change = true;
		} else if (is_ir_flag(a, "print-ir-after-failure")) {
			o->print_after_failure = true;
		} else if (is_ir_flag(a, "print-ir-module-scope")) {
			o->print_module_scope = true;
		} else if ((v = ir_flag_value(a, "print-ir-before"))) {
			o->print_before = v;
		} else if ((v = ir_flag_value(a, "print-ir-after"))) {
			o->print_after = v;
		} else if (is_ir_flag(a, "print-ir-before") || is_ir_flag(a, "print-ir-after")) {
			return arg_error(a, "expected a comma-separated list of passes after '=' in");
		} else if (st_tool_is_flag(a, "list-passes")) {
			o->list_passes = true;
		} else if (st_tool_is_flag(a, "dump-pass-pipeline")) {
			o->dump_pipeline = true;
		} else if (st_tool_is_flag(a, "enable-test-passes")) {
			o->test_passes = true;
		} else if ((v = st_tool_flag_value(a, "acg"))) {
			o->acg = v;
		} else if (st_tool_is_flag(a, "show-dialects")) {
			o->show_dialects = true;
		} else if (st_tool_is_plugin_flag(a)) {
			if (!st_tool_plugin_add(&o->plugins, "strata-opt", argc, argv, &i))
				return 2;
		} else if (st_tool_limit_flag(&o->limits, "strata-opt", argc, argv, &i, &bad)) {
			if (bad)
				return 2;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return -1;
		} else if (strcmp(a, "--version") == 0) {
			printf("strata-opt %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
			return -1;
		} else if (strcmp(a, "-") == 0 || a[0] != '-') {
			if (o->input)
				return arg_error(a, "more than one input file");
			o->input = a;
		} else if (a[1] && a[1] != '=' && !(a[1] == '-' && (!a[2] || a[2] == '='))) {
			/* Maybe a pass: known once the passes are registered. */
			if (add_pass_flag(o, a))
				return 1;
		} else {
			return arg_error(a, "unknown option");
		}
	}
	if (!o->input)
		o->input = "-";
	return 0;
}

/* ----------------------------------------------------------- driver */

/* The name diagnostics and locations give the input: mlir-opt's <stdin>
 * for standard input. */
static const char *source_name(const options *o) { return strcmp(o->input, "-") == 0 ? "<stdin>" : o->input; }

/* Every registered dialect, then its ops indented, one per line. */
static int show_dialects(st_tool_plugins *plugins) {
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx)) || !st_tool_plugins_load(plugins, "strata-opt", ctx)) {
		st_context_destroy(ctx);
		return 1;
	}
	puts("Available Dialects:");
	for (size_t i = 0; i < st_context_num_dialects(ctx); i++) {
		const st_dialect_def *d = st_dialect_get_def(st_context_dialect_at(ctx, i));
		printf("%s\n", d->name);
		for (size_t k = 0; k < d->nops; k++)
			printf("  %s\n", d->ops[k].name);
	}
	st_context_destroy(ctx);
	return 0;
}

static bool process_chunk(st_context *ctx, const options *o, st_pass_manager *pm, st_str chunk, unsigned first_line,
                          st_tool_output *out, bool mapped, bool first_chunk) {
	st_parse_options po = {
		.mlir14 = o->mlir14, .first_line = first_line, .no_register_source = true, .release_consumed = mapped};
	st_op *m = st_parse_source(ctx, chunk, source_name(o), &po);
	if (!m)
		return false;
	if (o->acg_module && !st_tool_insert_acg_target(m, o->acg_module, "--acg")) {
		st_op_destroy(m);
		return false;
	}
	bool ok = st_succeeded(st_verify(m));
	bool passes = pm && st_pass_manager_size(pm);
	if (ok && passes)
		ok = st_succeeded(st_pass_manager_run(pm, m));
	if (ok) {
		if (o->split && !first_chunk)
			st_tool_write(out, "// -----\n", 9);
		/* Without verification after the passes, the printer checks. */
		st_print_options pr = {.generic = o->generic,
		                       .debuginfo = o->debuginfo,
		                       .mlir14 = o->mlir14,
		                       .assume_verified = !passes || o->verify_each};
		st_print_op(m, &pr, st_tool_write, out);
	}
	st_op_destroy(m);
	return ok;
}

static void write_stderr(void *ud, const char *data, size_t len) {
	(void)ud;
	fwrite(data, 1, len, stderr);
}

/* --list-passes: every registered pass, sorted, with its anchor, summary
 * and options (name, type, default, summary). */
static void list_passes(st_context *ctx) {
	static const char *const kinds[] = {"bool", "int", "string", "enum", "list"};
	puts("Available passes:");
	for (size_t i = 0; i < st_context_num_passes(ctx); i++) {
		const st_pass_def *d = st_context_pass_at(ctx, i);
		printf("  %s  [anchor: %s%s%s]\n", d->name, d->anchor ? "'" : "", d->anchor ? d->anchor : "any op",
		       d->anchor ? "'" : "");
		printf("      %s\n", d->summary ? d->summary : "");
		for (size_t k = 0; k < d->noptions; k++) {
			const st_pass_option_def *od = &d->options[k];
			printf("      %s : %s", od->name, kinds[od->kind]);
			if (od->kind == ST_PASS_OPT_ENUM) {
				for (int c = 0; od->cases && od->cases[c]; c++)
					printf("%s%s", c ? "|" : " {", od->cases[c]);
				printf("}");
			}
			if (od->default_value)
				printf(" = %s", od->default_value);
			printf("\n          %s\n", od->summary ? od->summary : "");
		}
	}
}

/* A NULL-terminated array of the names in `list` ("cse,canonicalize"),
 * each checked against the registry; NULL (after a message) on failure. */
static char **split_pass_list(st_context *ctx, const char *flag, const char *list) {
	size_t n = 1;
	for (const char *p = list; *p; p++)
		n += *p == ',';
	char **names = calloc(n + 1, sizeof *names);
	if (!names)
		return NULL;
	size_t k = 0;
	for (const char *p = list;;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len) {
			names[k] = strndup(p, len);
			if (!names[k] || !st_context_lookup_pass(ctx, st_str_make(p, len))) {
				if (names[k])
					fprintf(stderr, "strata-opt: error: unknown pass '%s' in %s\n", names[k], flag);
				for (size_t j = 0; j <= k; j++)
					free(names[j]);
				free(names);
				return NULL;
			}
			k++;
		}
		if (!e)
			break;
		p = e + 1;
	}
	return names;
}

static void free_pass_list(char **names) {
	for (size_t i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

/* Registers the test passes and builds the pipeline of the command line; 0, or
 * the exit status of a bad command line (2) or pipeline (1). */
static int build_pipeline(st_context *ctx, const options *o, st_pass_manager **out) {
	*out = NULL;
	if (o->test_passes && st_failed(strata_opt_register_test_passes(ctx)))
		return 1;
	for (size_t i = 0; i < o->npasses; i++)
		if (!st_context_lookup_pass(ctx, st_str_c(o->passes[i].name)))
			return arg_error(o->passes[i].arg, "unknown option");
	if (o->pipeline && o->npasses)
		return arg_error(o->passes[0].arg, "pass flags cannot be combined with --pass-pipeline");
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	if (!pm)
		return 1;
	bool ok = true;
	if (o->pipeline)
		ok = st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c(o->pipeline), "<pass-pipeline>"));
	for (size_t i = 0; ok && i < o->npasses; i++)
		ok = st_succeeded(st_pass_manager_add(pm, o->passes[i].name, o->passes[i].options));
	if (!ok) {
		st_pass_manager_destroy(pm);
		return 1;
	}
	if (o->dump_pipeline) {
		fputs("Pass Manager with ", stderr);
		fprintf(stderr, "%zu passes:\n", st_pass_manager_size(pm));
		st_pass_manager_print(pm, write_stderr, NULL);
		fputs("\n\n", stderr);
	}
	*out = pm;
	return 0;
}

/* The `// -----` separator lines of --split-input-file. */
static const char *find_split(const char *s, const char *end) {
	for (const char *p = s; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (eol - q >= 8 && memcmp(q, "// -----", 8) == 0)
			return p;
		p = eol + 1;
	}
	return NULL;
}

static int tool_main(int argc, char **argv) {
	options o;
	int rc = parse_args(argc, argv, &o);
	if (rc) {
		free_options(&o);
		return rc < 0 ? 0 : rc;
	}
	if (o.show_dialects) {
		rc = show_dialects(&o.plugins);
		free_options(&o);
		return rc;
	}
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "strata-opt: error: out of memory\n");
		free_options(&o);
		return 1;
	}
	st_context_set_allow_unregistered(ctx, o.allow_unregistered);
	/* Passes register their limits (ub-enumerated-accesses) before --limit
	 * is applied. */
	bool ok = st_succeeded(st_register_all_dialects(ctx)) && st_tool_plugins_load(&o.plugins, "strata-opt", ctx) &&
	          st_succeeded(st_register_all_passes(ctx)) && st_tool_limits_apply(&o.limits, "strata-opt", ctx);
	st_pass_manager *pm = NULL;
	char **before = NULL, **after = NULL;
	if (ok) {
		rc = build_pipeline(ctx, &o, &pm);
		if (!rc && o.print_before && !(before = split_pass_list(ctx, "--print-ir-before", o.print_before)))
			rc = 1;
		if (!rc && o.print_after && !(after = split_pass_list(ctx, "--print-ir-after", o.print_after)))
			rc = 1;
		if (!rc && o.list_passes) {
			list_passes(ctx);
			rc = -1;
		}
	}
	st_tool_input acg_in = {0};
	if (ok && !rc && o.acg && !(o.acg_module = st_tool_load_acg(ctx, "strata-opt", o.acg, &acg_in)))
		rc = 1;
	st_tool_input in;
	if (ok && !rc && !st_tool_read_input("strata-opt", o.input, &in))
		rc = 1;
	if (!ok || rc) {
		free_pass_list(before);
		free_pass_list(after);
		st_pass_manager_destroy(pm);
		if (o.acg_module)
			st_op_destroy(o.acg_module);
		st_context_destroy(ctx);
		st_tool_free_input(&acg_in);
		free_options(&o);
		return rc < 0 ? 0 : rc ? rc : 1;
	}
	st_print_options dump = {.generic = o.generic, .debuginfo = o.debuginfo, .mlir14 = o.mlir14};
	st_pass_instrument ins = {
		.verify_each = o.verify_each,
		.print_before_all = o.print_before_all,
		.print_after_all = o.print_after_all,
		.print_after_change = o.print_after_change,
		.print_after_failure = o.print_after_failure,
		.print_before = (const char *const *)before,
		.print_after = (const char *const *)after,
		.print_module_scope = o.print_module_scope,
		.timing = o.timing,
		.out = write_stderr,
		.print_options = &dump,
	};
	st_pass_manager_set_instrument(pm, &ins);
	st_str whole = st_str_make(in.data, in.len);
	st_context_add_source(ctx, st_str_c(source_name(&o)), whole);
	st_diag_verifier *dv = NULL;
	if (o.verify_diags)
		dv = st_diag_verifier_create(ctx, whole, source_name(&o));
	st_tool_output out;
	if (!st_tool_open_output("strata-opt", o.output, &out))
		ok = false;
	else {
		bool all = true;
		if (!o.split) {
			all = process_chunk(ctx, &o, pm, whole, 1, &out, in.mapped, true);
		} else {
			const char *p = in.data, *end = in.data + in.len;
			unsigned line = 1;
			bool first = true;
			for (;;) {
				const char *sep = find_split(p, end);
				const char *cend = sep ? sep : end;
				bool c = process_chunk(ctx, &o, pm, st_str_make(p, (size_t)(cend - p)), line, &out, false, first);
				all = all && c;
				first = false;
				for (const char *q = p; q < cend; q++)
					line += *q == '\n';
				if (!sep)
					break;
				const char *eol = memchr(sep, '\n', (size_t)(end - sep));
				p = eol ? eol + 1 : end;
				line++;
			}
		}
		if (dv) {
			/* With --verify-diagnostics, the run succeeds when exactly the
			 * expected diagnostics appeared. */
			all = st_succeeded(st_diag_verifier_finish(dv));
			dv = NULL;
		}
		ok = st_tool_close_output(&out, all);
	}
	if (dv)
		st_diag_verifier_finish(dv);
	st_pass_manager_destroy(pm);
	free_pass_list(before);
	free_pass_list(after);
	if (o.acg_module)
		st_op_destroy(o.acg_module);
	st_context_destroy(ctx);
	st_tool_free_input(&in);
	st_tool_free_input(&acg_in);
	free_options(&o);
	return ok ? 0 : 1;
}

int main(int argc, char **argv) {
	return st_tool_exit("strata-opt", tool_main(argc, argv));
}
