/* stratac: compile a kernel for the target an .acg file describes, simulate
 * it against the interpreter and report its QoR (docs/stratac.md).  The
 * driver only reads the command line: the .acg's class picks a target from
 * the registry (strata/target.h: the shipped ones and those of
 * --load-target-plugin), whose option table gives the rest of the command
 * line its meaning; the run itself is the flow kit's (strata/backend.h). */
#include "stratac.h"

#include "strata/registry.h"
#include "tool_acg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The registered classes, for the message about one that is not. */
static void list_classes(st_context *ctx, char *buf, size_t n) {
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < st_context_num_targets(ctx) && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", st_context_target_at(ctx, i)->class_);
	if (!st_context_num_targets(ctx))
		snprintf(buf, n, "none");
}

/* The target of the .acg's class; NULL after an error at its `class` line. */
static const st_target_def *find_target(st_context *ctx, const char *path, st_str text, st_op *graph) {
	st_attr *c = st_op_get_attr(graph, "class");
	st_str cls = c ? st_attr_string(c) : st_str_c("");
	const st_target_def *t = st_context_lookup_target(ctx, cls);
	if (!t) {
		char classes[512];
		list_classes(ctx, classes, sizeof classes);
		st_error(ctx, st_backend_acg_loc(ctx, path, text, "class"),
		         "no target is registered for class '%.*s' (stratac compiles for: %s; --load-target-plugin adds "
		         "targets)",
		         (int)cls.len, cls.data, classes);
	}
	return t;
}

/* One --target: its .acg, its target and the target's options. */
typedef struct stc_one {
	st_tool_input acg_in;
	st_op *acg, *graph;
	const st_target_def *t;
	void *opts;
	char name[128]; /* the output folder with several targets */
	stc_row row;
} stc_one;

/* Loads the .acg, finds its target and makes its options; false after an
 * error (the row then says why). */
static bool load_one(st_context *ctx, const char *path, stc_one *o) {
	o->row.acg = path;
	o->row.name = o->name;
	o->row.summary = (st_run_summary){.cycles = -1, .ideal_cycles = -1, .occupancy = -1, .utilization = -1};
	bool watched = st_succeeded(st_context_push_diag_handler(ctx, st_run_keep_first_error, &o->row.summary));
	o->acg = st_tool_load_acg(ctx, "stratac", path, &o->acg_in);
	o->graph = o->acg ? st_block_first_op(st_region_first_block(st_op_region(o->acg, 0))) : NULL;
	o->t = o->graph ? find_target(ctx, path, st_str_make(o->acg_in.data, o->acg_in.len), o->graph) : NULL;
	if (watched)
		st_context_pop_diag_handler(ctx);
	if (!o->t)
		return false;
	o->row.class_ = o->t->class_;
	if (!o->t->options_size)
		return true;
	char owner[96];
	snprintf(owner, sizeof owner, "target '%s'", o->t->class_);
	o->opts = calloc(1, o->t->options_size);
	if (o->opts && st_succeeded(st_options_init(ctx, o->t->options, o->t->noptions, o->opts, o->t->options_size, owner)))
		return true;
	fprintf(stderr, "stratac: error: out of memory for the options of target '%s'\n", o->t->class_);
	free(o->opts);
	o->opts = NULL;
	o->t = NULL;
	return false;
}

static void free_one(st_context *ctx, stc_one *o) {
	if (o->opts) {
		st_options_release(ctx, o->t->options, o->t->noptions, o->opts);
		free(o->opts);
	}
	if (o->acg)
		st_op_destroy(o->acg);
	/* The text outlives every diagnostic that shows its lines. */
	st_tool_free_input(&o->acg_in);
}

/* The output folder of a target among several: the .acg file's name
 * without its extension; false after an error (two files of one name). */
static bool name_outputs(stc_one *all, size_t n) {
	for (size_t i = 0; i < n; i++) {
		const char *base = strrchr(all[i].row.acg, '/');
		base = base ? base + 1 : all[i].row.acg;
		size_t len = strlen(base);
		if (len > 4 && !strcmp(base + len - 4, ".acg"))
			len -= 4;
		snprintf(all[i].name, sizeof all[i].name, "%.*s", (int)len, base);
		for (size_t k = 0; k < i; k++)
			if (!strcmp(all[k].name, all[i].name)) {
				fprintf(stderr,
				        "stratac: error: '%s' and '%s' would both write '%s/' in the output directory: give the "
				        ".acg files different names\n",
				        all[k].row.acg, all[i].row.acg, all[i].name);
				return false;
			}
	}
	return true;
}

/* Runs target `o` on the input into `outdir`. */
static bool run_one(st_context *ctx, stc_args *a, stc_one *o, const st_tool_input *in, const char *outdir,
                    bool quiet) {
	st_run_options opts = a->run;
	opts.target = o->row.acg;
	opts.outdir = outdir;
	opts.quiet = quiet;
	st_target_run run = {
		.ctx = ctx,
		.target = o->t,
		.opts = &opts,
		.options = o->opts,
		.input_text = st_str_make(in->data, in->len),
		.acg_text = st_str_make(o->acg_in.data, o->acg_in.len),
		.acg = o->acg,
		.graph = o->graph,
	};
	bool ok = st_run_execute(&run);
	o->row.summary = run.summary;
	return ok;
}

/* Several targets: each into -o DIR/<name>, a progress line each, the
 * table at the end; 0 when every run succeeded. */
static int run_all(st_context *ctx, stc_args *a, stc_one *all, size_t n, const st_tool_input *in) {
	struct stat st;
	bool created = false;
	if (stat(a->run.outdir, &st) != 0) {
		if (mkdir(a->run.outdir, 0755) != 0) {
			fprintf(stderr, "stratac: error: cannot create '%s': %s\n", a->run.outdir, strerror(errno));
			return 1;
		}
		created = true;
	} else if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "stratac: error: '-o %s' is no directory\n", a->run.outdir);
		return 1;
	}
	bool progress = !a->run.quiet && (a->progress || isatty(2));
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		char *dir = st_backend_fmt("%s/%s", a->run.outdir, all[i].name);
		if (!dir || (all[i].t && !run_one(ctx, a, &all[i], in, dir, true)) || !all[i].t)
			rc = 1;
		free(dir);
		if (progress)
			stc_print_progress(stderr, i, n, a->run.input, &all[i].row);
	}
	if (!a->run.quiet) {
		stc_row rows[STC_MAX_TARGETS];
		for (size_t i = 0; i < n; i++)
			rows[i] = all[i].row;
		stc_print_table(stdout, a->run.input, rows, n);
	}
	if (created)
		rmdir(a->run.outdir); /* only when every run failed: it is empty then */
	return rc;
}

static int drive(int argc, char **argv, stc_args *a, st_context *ctx) {
	if (!a->ntargets) {
		stc_args_target(argc, argv, a, ctx, NULL, NULL, NULL, 0);
		return 2;
	}
	stc_one all[STC_MAX_TARGETS];
	memset(all, 0, sizeof all);
	size_t n = a->ntargets;
	bool loaded = true;
	for (size_t i = 0; i < n; i++)
		if (!load_one(ctx, a->targets[i], &all[i]))
			loaded = false;
	/* With one target, nothing can run without it; with several, the
	 * others still run and its row says why it did not. */
	int rc = n == 1 && !loaded ? 1 : 0;
	const st_target_def *targets[STC_MAX_TARGETS];
	for (size_t i = 0; i < n; i++)
		targets[i] = all[i].t;
	for (size_t i = 0; !rc && i < n; i++) {
		/* The options of every target are read against its own table;
		 * those only another target has are left to it. */
		const st_target_def *others[STC_MAX_TARGETS];
		size_t k = 0;
		for (size_t j = 0; j < n; j++)
			if (j != i)
				others[k++] = targets[j];
		if (all[i].t || n == 1)
			rc = stc_args_target(argc, argv, a, ctx, all[i].t, all[i].opts, others, k);
	}
	bool any = false;
	for (size_t i = 0; i < n; i++)
		any = any || all[i].t;
	if (!rc && !any)
		rc = 1; /* every --target was refused: nothing to run */
	st_tool_input in = {0};
	if (!rc && n > 1 && !name_outputs(all, n))
		rc = 2;
	if (!rc && !st_tool_read_input("stratac", a->run.input, &in))
		rc = 1;
	if (!rc)
		rc = n == 1 ? (run_one(ctx, a, &all[0], &in, a->run.outdir, a->run.quiet) ? 0 : 1)
		            : run_all(ctx, a, all, n, &in);
	for (size_t i = 0; i < n; i++)
		free_one(ctx, &all[i]);
	st_tool_free_input(&in);
	return rc;
}

int main(int argc, char **argv) {
	stc_args a;
	int rc = stc_args_generic(argc, argv, &a);
	if (rc)
		return rc;
	if (a.version) {
		printf("stratac %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
		return 0;
	}
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "stratac: error: out of memory\n");
		return 1;
	}
	bool ok = st_succeeded(st_register_all_dialects(ctx)) && st_succeeded(st_register_all_passes(ctx)) &&
	          st_succeeded(st_register_all_translations(ctx)) && st_succeeded(st_register_all_targets(ctx)) &&
	          st_tool_plugins_load(&a.plugins, "stratac", ctx) && st_tool_limits_apply(&a.limits, "stratac", ctx);
	if (!ok)
		rc = 1;
	else if (a.help)
		stc_usage(stdout, ctx);
	else
		rc = drive(argc, argv, &a, ctx);
	st_context_destroy(ctx);
	return rc;
}
