/* What both FPGA flows (Calyx and stream) do once the design files are in
 * the work directory: inputs, resources, simulation, comparison. */
#include "stratac.h"

#include "tool_acg.h"

#include <stdlib.h>
#include <string.h>

st_op *stc_flow_begin(const stc_options *o, st_op *module, st_op *acg_module, stc_qor *q) {
	stc_design *d = q->design;
	if (!stc_design_find_kernel(module, o->top, d))
		return NULL;
	q->kernel = d->kernel_name;
	st_op *hw = st_op_clone(module, NULL);
	if (hw && !st_tool_insert_acg_target(hw, acg_module, "--target")) {
		st_op_destroy(hw);
		hw = NULL;
	}
	return hw;
}

/* The budgets of the .acg (`budget lut = ...`) are the only source of
 * `available`. */
static void budgets(st_op *acg_module, stc_resources *r) {
	st_op *graph = st_block_first_op(st_region_first_block(st_op_region(acg_module, 0)));
	st_attr *b = graph ? st_op_get_attr(graph, "budgets") : NULL;
	for (size_t i = 0; b && i < r->n; i++) {
		st_attr *v = st_attr_dict_get_c(b, r->kind[i]);
		if (v && st_attr_get_kind(v) == ST_ATTR_INTEGER)
			r->available[i] = st_attr_int_value(v);
	}
}

/* Runs the model; its log, or NULL after saying why. */
static char *simulate(const stc_options *o, const char *work, stc_design *d, stc_qor *q, const char *extra) {
	char binary[4096];
	bool cached;
	double t0 = stc_now_ms();
	if (!stc_verilator_build(o, work, d->top, binary, sizeof binary, &cached))
		return NULL;
	stc_time_add(&q->times, "verilator-build", t0);
	if (cached && !o->quiet)
		printf("stratac: the Verilator model of %s comes from the cache\n", d->top);
	char *in = stc_fmt("%s/inputs", work), *out = stc_fmt("%s/outputs", work), *log = stc_fmt("%s/sim.log", work),
	     *max = stc_fmt("%llu", (unsigned long long)o->max_cycles);
	bool ok = in && out && log && max && stc_mkdirs(out);
	t0 = stc_now_ms();
	char *argv[] = {binary, in, out, max, (char *)extra, NULL};
	bool ran = ok && stc_run(argv, log);
	stc_time_add(&q->times, "simulate", t0);
	char *text = log ? stc_slurp(log, NULL) : NULL;
	const char *c = text ? strstr(text, "cycles ") : NULL;
	if (!ran) {
		fprintf(stderr, "stratac: error: the simulation of '%s' failed:\n%s", d->top, text ? text : "");
		ok = false;
	} else if (!c) {
		fprintf(stderr, "stratac: error: the simulation reported no cycle count\n");
		ok = false;
	} else {
		q->cycles = strtoll(c + 7, NULL, 10);
		const char *w = strstr(text, "warning: ");
		if (w)
			fprintf(stderr, "stratac: %.*s", (int)(strcspn(w, "\n") + 1), w);
	}
	ok = ok && stc_mem_read_dir(d, out);
	free(in);
	free(out);
	free(log);
	free(max);
	if (!ok) {
		free(text);
		return NULL;
	}
	return text;
}

char *stc_check_design(st_context *ctx, const stc_options *o, st_op *acg_module, const char *work, stc_design *d,
                       stc_qor *q, const char *extra) {
	char *p_in = stc_fmt("%s/inputs", work);
	bool ok = p_in && (o->inputs_dir ? stc_inputs_read(d, o->inputs_dir) : stc_inputs_generate(d, o->seed));
	ok = ok && stc_mem_write_dir(d, p_in, 0);
	free(p_in);
	if (ok && !o->no_synth) {
		double t0 = stc_now_ms();
		ok = stc_yosys(o, work, d->top, &q->res);
		budgets(acg_module, &q->res);
		stc_time_add(&q->times, "yosys", t0);
	}
	if (!ok)
		return NULL;
	if (o->no_sim)
		return stc_fmt("%s", "");
	char *log = simulate(o, work, d, q, extra);
	double t0 = stc_now_ms();
	ok = log && stc_reference_run(ctx, d, &q->ops);
	stc_time_add(&q->times, "reference", t0);
	if (ok && stc_compare(d))
		return log;
	free(log);
	return NULL;
}
