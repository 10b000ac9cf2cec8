/* The FPGA flow of stratac (docs/stratac.md): lower the kernel to hw with
 * the Calyx pipeline (or take a design that is already hw), export Verilog
 * and the testbench, synthesise with yosys for the resources, simulate in
 * Verilator, compare every memory with the interpreter's run of the
 * original kernel, and write the QoR report.  Everything goes into the
 * work directory; the caller moves it into place on success. */
#include "stratac.h"

#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/verilog.h"
#include "tool_acg.h"

#include <stdlib.h>
#include <string.h>

/* The passes of /work/notes/calyx-contract.md, in order. */
static const char *const pipeline[] = {
	"lower-to-calyx",        "calyx-go-insertion", "calyx-compile-invoke", "calyx-compile-control",
	"calyx-remove-groups",   "lower-calyx-to-hw",
};

static void write_file(void *f, const char *data, size_t len) { fwrite(data, 1, len, f); }

/* Each pass runs in a manager of its own so that its time is known. */
static bool lower(st_context *ctx, const stc_options *o, st_op *m, const char *kernel, stc_times *t, int64_t *ii) {
	for (size_t i = 0; i < sizeof pipeline / sizeof pipeline[0]; i++)
		if (!st_context_lookup_pass(ctx, st_str_c(pipeline[i]))) {
			fprintf(stderr,
			        "stratac: error: the FPGA flow needs the pass '%s', which this build does not have; give a "
			        "design that is already hw (docs/stratac.md)\n",
			        pipeline[i]);
			return false;
		}
	for (size_t i = 0; i < sizeof pipeline / sizeof pipeline[0]; i++) {
		char *opts = i == 0 ? stc_fmt("top=%s pipeline=%s parallel=%s memories=%s", kernel,
		                              o->pipeline ? "true" : "false", o->parallel, o->memories)
		                    : NULL;
		st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
		double t0 = stc_now_ms();
		bool ok = pm && (i || opts) && st_succeeded(st_pass_manager_add(pm, pipeline[i], opts)) &&
		          st_succeeded(st_pass_manager_run(pm, m));
		stc_time_add(t, pipeline[i], t0);
		st_pass_manager_destroy(pm);
		if (ok)
			stc_design_note_ii(m, ii);
		free(opts);
		if (!ok) {
			fprintf(stderr, "stratac: error: the pass '%s' failed on kernel '%s'\n", pipeline[i], kernel);
			return false;
		}
	}
	return true;
}

/* Only hardware goes to the Verilog export (the acg.graph, the reference
 * function of a hand-written design). */
static void keep_hw(st_op *m) {
	st_block *b = st_region_first_block(st_op_region(m, 0));
	for (st_op *op = st_block_first_op(b), *next; op; op = next) {
		next = st_op_next(op);
		if (strncmp(st_op_name_cstr(op), "hw.", 3) != 0)
			st_op_erase(op);
	}
}

static bool export_file(st_op *m, const char *path, int what, const stc_design *d) {
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "stratac: error: cannot write '%s'\n", path);
		return false;
	}
	bool ok = true;
	if (what == 0) {
		st_print_options po = {0};
		st_print_op(m, &po, write_file, f);
	} else if (what == 1)
		ok = st_succeeded(st_export_verilog(m, write_file, f));
	else
		stc_write_testbench(f, d);
	ok = fclose(f) == 0 && ok;
	if (!ok)
		fprintf(stderr, "stratac: error: cannot write '%s'\n", path);
	return ok;
}

/* The budgets of the .acg (`budget lut = ...`) are the only source of
 * `available`. */
static void budgets(st_op *graph, stc_resources *r) {
	st_attr *b = st_op_get_attr(graph, "budgets");
	for (size_t i = 0; b && i < r->n; i++) {
		st_attr *v = st_attr_dict_get_c(b, r->kind[i]);
		if (v && st_attr_get_kind(v) == ST_ATTR_INTEGER)
			r->available[i] = st_attr_int_value(v);
	}
}

static bool simulate(const stc_options *o, const char *work, stc_design *d, stc_qor *q) {
	char binary[4096];
	bool cached;
	double t0 = stc_now_ms();
	if (!stc_verilator_build(o, work, d->top, binary, sizeof binary, &cached))
		return false;
	stc_time_add(&q->times, "verilator-build", t0);
	if (cached && !o->quiet)
		printf("stratac: the Verilator model of %s comes from the cache\n", d->top);
	char *in = stc_fmt("%s/inputs", work), *out = stc_fmt("%s/outputs", work), *log = stc_fmt("%s/sim.log", work),
	     *max = stc_fmt("%llu", (unsigned long long)o->max_cycles);
	bool ok = in && out && log && max && stc_mkdirs(out);
	t0 = stc_now_ms();
	char *argv[] = {binary, in, out, max, NULL};
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
	free(text);
	ok = ok && stc_mem_read_dir(d, out);
	free(in);
	free(out);
	free(log);
	free(max);
	return ok;
}

bool stc_fpga_flow(st_context *ctx, const stc_options *o, st_op *module, st_op *acg_module, const char *work,
                   stc_qor *q) {
	stc_design *d = q->design;
	if (!stc_design_find_kernel(module, o->top, d))
		return false;
	q->kernel = d->kernel_name;
	st_op *hw = st_op_clone(module, NULL);
	if (!hw || !st_tool_insert_acg_target(hw, acg_module, "--target")) {
		if (hw)
			st_op_destroy(hw);
		return false;
	}
	d->ii = -1;
	bool ok = stc_design_has_hw(hw) || lower(ctx, o, hw, d->kernel_name, &q->times, &d->ii);
	ok = ok && stc_design_read(hw, d);
	q->ii = ok ? d->ii : -1;
	char *p_ir = stc_fmt("%s/design.mlir", work), *p_sv = stc_fmt("%s/design.sv", work),
	     *p_tb = stc_fmt("%s/tb.cpp", work), *p_in = stc_fmt("%s/inputs", work), *p_qor = stc_fmt("%s/qor.json", work);
	ok = ok && p_ir && p_sv && p_tb && p_in && p_qor;
	if (ok)
		keep_hw(hw);
	double t0 = stc_now_ms();
	ok = ok && export_file(hw, p_ir, 0, d) && export_file(hw, p_sv, 1, d);
	if (ok)
		stc_time_add(&q->times, "export-verilog", t0);
	ok = ok && export_file(hw, p_tb, 2, d);
	st_op_destroy(hw);
	ok = ok && (o->inputs_dir ? stc_inputs_read(d, o->inputs_dir) : stc_inputs_generate(d, o->seed));
	ok = ok && stc_mem_write_dir(d, p_in, 0);
	if (ok && !o->no_synth) {
		t0 = stc_now_ms();
		ok = stc_yosys(o, work, d->top, &q->res);
		budgets(st_block_first_op(st_region_first_block(st_op_region(acg_module, 0))), &q->res);
		stc_time_add(&q->times, "yosys", t0);
	}
	if (ok && !o->no_sim) {
		ok = simulate(o, work, d, q);
		t0 = stc_now_ms();
		ok = ok && stc_reference_run(ctx, d, &q->ops);
		stc_time_add(&q->times, "reference", t0);
		ok = ok && stc_compare(d);
	}
	ok = ok && stc_qor_write(q, p_qor);
	if (ok && !o->quiet)
		stc_qor_print(q, stdout);
	free(p_ir);
	free(p_sv);
	free(p_tb);
	free(p_in);
	free(p_qor);
	return ok;
}
