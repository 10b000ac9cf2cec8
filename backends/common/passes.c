/* A target's passes run as one pipeline (strata/backend.h,
 * st_run_passes): verified after each pass, each timed under its name in
 * the report's compile_ms by the instrument's callbacks, the failing pass
 * named, so that every target's flow reports its stages alike. */
#include "strata/backend.h"
#include "strata/pass.h"

#include <stdlib.h>

typedef struct watch {
	st_target_run *run;
	st_run_pass_fn after;
	void *ud;
	double t0;
	const char *failed; /* the pass that failed */
} watch;

static void before_pass(void *ud, const st_pass *pass, st_op *op) {
	(void)pass, (void)op;
	((watch *)ud)->t0 = st_backend_now_ms();
}

static void after_pass(void *ud, const st_pass *pass, st_op *op, st_status s) {
	watch *w = ud;
	const char *name = st_pass_get_def(pass)->name;
	st_qor_time(w->run->qor, name, w->t0);
	if (st_failed(s))
		w->failed = name;
	else if (w->after)
		w->after(w->ud, name, op);
}

bool st_run_passes(st_target_run *run, st_op *m, const char *pipeline, const char *what, st_run_pass_fn after,
                   void *ud) {
	watch w = {run, after, ud, 0, NULL};
	st_pass_instrument ins = {
		.verify_each = true, .before_pass = before_pass, .after_pass = after_pass, .callback_ud = &w};
	st_pass_manager *pm = pipeline ? st_pass_manager_create(run->ctx, "builtin.module") : NULL;
	if (pm)
		st_pass_manager_set_instrument(pm, &ins);
	bool ok = pm && st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c(pipeline), "<pipeline>")) &&
	          st_succeeded(st_pass_manager_run(pm, m));
	st_pass_manager_destroy(pm);
	if (!ok)
		fprintf(stderr, "%s: error: the pass '%s' failed %s\n", run->opts->tool, w.failed ? w.failed : "(pipeline)",
		        what);
	return ok;
}
