/* stratac: compile a kernel for the target an .acg file describes, simulate
 * it against the interpreter and report its QoR (docs/stratac.md).  The
 * driver only reads the command line: the .acg's class picks a target from
 * the registry (strata/target.h: the shipped ones and those of
 * --load-target-plugin), whose option table gives the rest of the command
 * line its meaning; the run itself is the flow kit's (strata/backend.h). */
#include "stratac.h"

#include "strata/registry.h"
#include "tool_acg.h"

#include <stdlib.h>
#include <string.h>

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

static int drive(int argc, char **argv, stc_args *a, st_context *ctx) {
	if (!a->run.target)
		{
		stc_args_target(argc, argv, a, ctx, NULL, NULL);
		return 2;
	}
	st_tool_input acg_in = {0}, in = {0};
	st_op *acg = st_tool_load_acg(ctx, "stratac", a->run.target, &acg_in);
	st_op *graph = acg ? st_block_first_op(st_region_first_block(st_op_region(acg, 0))) : NULL;
	const st_target_def *t = graph ? find_target(ctx, a->run.target, st_str_make(acg_in.data, acg_in.len), graph) : NULL;
	void *opts = t && t->options_size ? calloc(1, t->options_size) : NULL;
	char owner[96];
	snprintf(owner, sizeof owner, "target '%s'", t ? t->class_ : "");
	int rc = !t || (t->options_size && !opts) ? 1 : 0;
	if (!rc && opts && st_failed(st_options_init(ctx, t->options, t->noptions, opts, t->options_size, owner)))
		rc = 1;
	if (!rc)
		rc = stc_args_target(argc, argv, a, ctx, t, opts);
	if (!rc && !st_tool_read_input("stratac", a->run.input, &in))
		rc = 1;
	if (!rc) {
		st_target_run run = {
			.ctx = ctx,
			.target = t,
			.opts = &a->run,
			.options = opts,
			.input_text = st_str_make(in.data, in.len),
			.acg_text = st_str_make(acg_in.data, acg_in.len),
			.acg = acg,
			.graph = graph,
		};
		rc = st_run_execute(&run) ? 0 : 1;
	}
	if (opts) {
		st_options_release(ctx, t->options, t->noptions, opts);
		free(opts);
	}
	if (acg)
		st_op_destroy(acg);
	/* The texts outlive every diagnostic that shows their lines. */
	st_tool_free_input(&in);
	st_tool_free_input(&acg_in);
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
