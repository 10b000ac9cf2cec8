/* The toy target (docs/adding-a-target.md): ACG class `toy`, one option,
 * the hooks stratac calls through the flow kit (strata/backend.h), and
 * the plugin entry point that registers it (--load-target-plugin). */
#include "toy.h"

#include <strata/plugin.h>

#include <stddef.h>
#include <stdlib.h>

static const st_pass_option_def options[] = {
	{"lanes", "loop iterations the machine starts each cycle (each takes a lane of the .acg's `budget lanes`)",
	 ST_PASS_OPT_INT, "1", offsetof(toy_options, lanes), NULL},
};

/* What compile leaves for the report. */
typedef struct toy_state {
	toy_program program;
} toy_state;

static st_status compile(st_target_run *run) {
	toy_state *s = calloc(1, sizeof *s);
	if (!s)
		return ST_FAIL;
	run->state = s;
	double t0 = st_backend_now_ms();
	char *path = st_backend_fmt("%s/program.txt", run->work);
	bool ok = path && toy_compile(run, &s->program) && toy_write_program(run, &s->program, path);
	free(path);
	st_qor_time(run->qor, "toy-compile", t0);
	if (!ok)
		return ST_FAIL;
	/* The kit checks the use against the .acg's budget after this hook. */
	st_qor_add_utilization(run->qor, "lanes", s->program.lanes, st_qor_budget(run, "lanes"));
	st_qor_set_ii(run->qor, 1);
	return ST_OK;
}

static st_status simulate(st_target_run *run) {
	double t0 = st_backend_now_ms();
	char *path = st_backend_fmt("%s/program.txt", run->work);
	int64_t cycles = 0;
	bool ok = path && toy_simulate(run, path, &cycles);
	free(path);
	st_qor_time(run->qor, "toy-sim", t0);
	if (ok)
		st_qor_set_cycles(run->qor, cycles);
	return ok ? ST_OK : ST_FAIL;
}

/* ideal_cycles: every lane the .acg has busy from the first cycle, one
 * iteration each a cycle, with no latency. */
static st_status report(st_target_run *run) {
	const toy_program *p = &((toy_state *)run->state)->program;
	int64_t lanes = st_qor_budget(run, "lanes");
	if (lanes < p->lanes)
		lanes = p->lanes;
	int64_t trip = p->last - p->first, ideal = (trip + lanes - 1) / lanes;
	st_qor_set_ideal_cycles(run->qor, ideal > 0 ? ideal : 1);
	st_json *o = st_qor_class_object(run->qor);
	st_json_set_int(o, "lanes", p->lanes);
	st_json_set_int(o, "latency", p->latency);
	st_json_set_int(o, "trip", trip);
	return ST_OK;
}

static void release(st_target_run *run) {
	toy_state *s = run->state;
	if (s)
		toy_program_free(&s->program);
	free(s);
	run->state = NULL;
}

static const char *const outputs[] = {"program.txt", NULL};

static const st_target_def toy_target = {
	.class_ = "toy",
	.summary = "the toy machine of docs/adding-a-target.md: integer lanes running one loop",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.options_size = sizeof(toy_options),
	.outputs = outputs,
	.compile = compile,
	.simulate = simulate,
	.report = report,
	.release = release,
};

static st_status register_targets(st_context *ctx) { return st_context_register_target(ctx, &toy_target); }

const st_plugin_info *st_get_plugin_info(void) {
	static const st_plugin_info info = {
		.api_version = ST_API_VERSION,
		.name = "toy",
		.version = "1.0",
		.register_targets = register_targets,
	};
	return &info;
}
