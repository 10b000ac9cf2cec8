/* stratac's command line (docs/stratac.md), read twice: first what does not
 * depend on the target (the generic options, the plugins, --help), so that
 * the driver can load the .acg and find its target in the registry; then
 * everything again with the target's option table, whose options are
 * flags of their own (`--pipeline`, `--flow=stream`, `--synth xilinx`) or
 * `--target-opt name=value`. */
#include "stratac.h"

#include <stdlib.h>
#include <string.h>

static int arg_error(const char *fmt, const char *what) {
	fprintf(stderr, "stratac: error: ");
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\nTry 'stratac --help' for the list of options.\n");
	return 2;
}

/* The options the driver reads itself; `value`: it takes one. */
typedef struct generic_flag {
	const char *name;
	bool value;
} generic_flag;
static const generic_flag generic[] = {
	{"target", true},      {"o", true},          {"inputs", true},    {"seed", true},
	{"top", true},         {"max-cycles", true}, {"cache-dir", true}, {"target-opt", true},
	{"no-sim", false},     {"keep-work", false}, {"quiet", false},    {"allow-over-budget", false},
	{"help", false},       {"version", false},    {"progress", false},
};

/* The generic flag argv[i] is (`--name`, `--name=value`, one dash too),
 * or NULL. */
static const generic_flag *generic_of(const char *a) {
	if (!strcmp(a, "-q"))
		return &generic[10];
	if (!strcmp(a, "-h"))
		return &generic[12];
	for (size_t k = 0; k < sizeof generic / sizeof *generic; k++)
		if (st_tool_is_flag(a, generic[k].name) || (generic[k].value && st_tool_flag_value(a, generic[k].name)))
			return &generic[k];
	return NULL;
}

/* The value of flag argv[*i] (after `=`, or the next argument, which
 * advances *i); NULL after an error was printed. */
static const char *value_of(int argc, char **argv, int *i, const char *name) {
	const char *v = st_tool_flag_value(argv[*i], name);
	if (v)
		return v;
	if (*i + 1 >= argc) {
		arg_error("'%s' needs a value", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

static bool is_positional(const char *a) { return !strcmp(a, "-") || a[0] != '-' || !a[1]; }

int stc_args_generic(int argc, char **argv, stc_args *a) {
	memset(a, 0, sizeof *a);
	a->run = (st_run_options){.tool = "stratac", .seed = 1, .max_cycles = 1000000};
	st_run_options *o = &a->run;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (st_tool_is_plugin_flag(arg)) {
			if (!st_tool_plugin_add(&a->plugins, "stratac", argc, argv, &i))
				return 2;
			continue;
		}
		bool bad = false;
		if (st_tool_limit_flag(&a->limits, "stratac", argc, argv, &i, &bad)) {
			if (bad)
				return 2;
			continue;
		}
		const generic_flag *g = generic_of(arg);
		if (!g)
			continue; /* the input, or the target's: the second pass */
		const char *v = g->value ? value_of(argc, argv, &i, g->name) : NULL;
		if (g->value && !v)
			return 2;
		if (!strcmp(g->name, "target")) {
			if (a->ntargets == STC_MAX_TARGETS)
				return arg_error("more than %s '--target' files", "16");
			a->targets[a->ntargets++] = v;
			if (!o->target)
				o->target = v;
		} else if (!strcmp(g->name, "progress"))
			a->progress = true;
		else if (!strcmp(g->name, "o"))
			o->outdir = v;
		else if (!strcmp(g->name, "inputs"))
			o->inputs_dir = v;
		else if (!strcmp(g->name, "top"))
			o->top = v;
		else if (!strcmp(g->name, "cache-dir"))
			o->cache_dir = v;
		else if (!strcmp(g->name, "seed")) {
			if (!st_tool_parse_u64(v, &o->seed))
				return arg_error("'--seed' needs a non-negative integer, not '%s'", v);
		} else if (!strcmp(g->name, "max-cycles")) {
			if (!st_tool_parse_u64(v, &o->max_cycles) || !o->max_cycles)
				return arg_error("'--max-cycles' needs a positive integer, not '%s'", v);
		} else if (!strcmp(g->name, "no-sim"))
			o->no_sim = true;
		else if (!strcmp(g->name, "keep-work"))
			o->keep_work = true;
		else if (!strcmp(g->name, "quiet"))
			o->quiet = true;
		else if (!strcmp(g->name, "allow-over-budget"))
			o->allow_over_budget = true;
		else if (!strcmp(g->name, "help"))
			a->help = true;
		else if (!strcmp(g->name, "version"))
			a->version = true;
	}
	return 0;
}

/* Option errors of the core (st_option_set) read as the command line's. */
static bool cli_diag(void *ud, const st_diag_info *d) {
	(void)ud;
	if (d->severity == ST_SEV_ERROR)
		fprintf(stderr, "stratac: error: %s\n", d->message);
	return true;
}

/* The option `name` of one of `others`, or NULL. */
static const st_pass_option_def *others_option(const st_target_def *const *others, size_t n, st_str name) {
	for (size_t k = 0; k < n; k++) {
		const st_pass_option_def *od = others[k] ? st_options_find(others[k]->options, others[k]->noptions, name) : NULL;
		if (od)
			return od;
	}
	return NULL;
}

/* Sets the target option `name` (value: NULL for a bare bool flag). */
static int set_option(st_context *ctx, const st_target_def *t, void *opts, st_str name, const char *value,
                      const char *flag) {
	const st_pass_option_def *od = t ? st_options_find(t->options, t->noptions, name) : NULL;
	if (!od) {
		if (!t)
			return arg_error("unknown option '%s' (a target's options are known once --target names its .acg)",
			                 flag);
		char what[160];
		snprintf(what, sizeof what, "target '%s' has no option '%.*s'", t->class_, (int)name.len, name.data);
		return arg_error("%s", what);
	}
	char owner[96];
	snprintf(owner, sizeof owner, "target '%s'", t->class_);
	bool ok = st_succeeded(st_context_push_diag_handler(ctx, cli_diag, NULL));
	if (ok) {
		ok = st_succeeded(st_option_set(ctx, od, opts, owner, st_str_c(value ? value : "true"), NULL));
		st_context_pop_diag_handler(ctx);
	}
	if (!ok) {
		fprintf(stderr, "Try 'stratac --help' for the list of options.\n");
		return 2;
	}
	return 0;
}

/* A flag of the target's table: `--name` (a bool), `--name=value`, or
 * `--name value` (not a bool). */
static int target_flag(int argc, char **argv, int *i, st_context *ctx, const st_target_def *t, void *opts,
                       const st_target_def *const *others, size_t nothers) {
	const char *a = argv[*i], *p = a + (a[1] == '-' ? 2 : 1), *eq = strchr(p, '=');
	st_str name = st_str_make(p, eq ? (size_t)(eq - p) : strlen(p));
	const st_pass_option_def *od = t ? st_options_find(t->options, t->noptions, name) : NULL;
	const st_pass_option_def *other = od ? NULL : others_option(others, nothers, name);
	if (other) {
		/* Another --target's option: skip it and its value. */
		if (!eq && other->kind != ST_PASS_OPT_BOOL)
			++*i;
		return 0;
	}
	if (!od)
		return t ? arg_error("unknown option '%s'", a) : set_option(ctx, t, opts, name, NULL, a);
	const char *v = eq ? eq + 1 : NULL;
	if (!v && od->kind != ST_PASS_OPT_BOOL) {
		if (*i + 1 >= argc)
			return arg_error("'%s' needs a value", a);
		v = argv[++*i];
	}
	return set_option(ctx, t, opts, name, v, a);
}

int stc_args_target(int argc, char **argv, stc_args *a, st_context *ctx, const st_target_def *t, void *opts,
                    const st_target_def *const *others, size_t nothers) {
	st_run_options *o = &a->run;
	o->input = NULL; /* read again for each target */
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int rc = 0;
		st_tool_limits seen = {0};
		bool bad = false;
		if (st_tool_is_plugin_flag(arg)) {
			if (!strchr(arg, '='))
				i++; /* read in the first pass */
			continue;
		}
		if (st_tool_limit_flag(&seen, "stratac", argc, argv, &i, &bad))
			continue; /* read in the first pass */
		const generic_flag *g = generic_of(arg);
		if (g && !strcmp(g->name, "target-opt")) {
			const char *v = value_of(argc, argv, &i, g->name), *eq = v ? strchr(v, '=') : NULL;
			if (!v)
				return 2;
			if (!eq || eq == v)
				return arg_error("'--target-opt' takes name=value, not '%s'", v);
			st_str name = st_str_make(v, (size_t)(eq - v));
			bool mine = t && st_options_find(t->options, t->noptions, name);
			if (mine || !others_option(others, nothers, name))
				rc = set_option(ctx, t, opts, name, eq + 1, arg);
		} else if (g) {
			if (g->value && !st_tool_flag_value(arg, g->name))
				i++; /* read in the first pass */
		} else if (is_positional(arg)) {
			if (o->input)
				return arg_error("more than one input file: '%s'", arg);
			o->input = arg;
		} else
			rc = target_flag(argc, argv, &i, ctx, t, opts, others, nothers);
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
