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

#include <stdlib.h>
#include <string.h>

/* The passes of /work/notes/calyx-contract.md, in order. */
static const char *const pipeline[] = {
	"lower-to-calyx",        "calyx-go-insertion", "calyx-compile-invoke", "calyx-compile-control",
	"calyx-remove-groups",   "lower-calyx-to-hw",
};

/* f32 kernels first become integer ones on the bits, f32 memories i32 ones
 * (docs/soft-float.md). */
static bool soft_float(st_context *ctx, st_op *m, const char *kernel, stc_times *t) {
	char *opts = stc_fmt("memrefs=true within=@%s", kernel);
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	double t0 = stc_now_ms();
	bool ok = opts && pm && st_succeeded(st_pass_manager_add(pm, "arith-soft-float", opts)) &&
	          st_succeeded(st_pass_manager_run(pm, m));
	stc_time_add(t, "arith-soft-float", t0);
	st_pass_manager_destroy(pm);
	free(opts);
	if (!ok)
		fprintf(stderr, "stratac: error: the pass 'arith-soft-float' failed on kernel '%s'\n", kernel);
	return ok;
}

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
	if (st_context_lookup_pass(ctx, st_str_c("arith-soft-float")) && !soft_float(ctx, m, kernel, t))
		return false;
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

bool stc_fpga_flow(st_context *ctx, const stc_options *o, st_op *module, st_op *acg_module, const char *work,
                   stc_qor *q) {
	stc_design *d = q->design;
	st_op *hw = stc_flow_begin(o, module, acg_module, q);
	if (!hw)
		return false;
	d->ii = -1;
	bool ok = stc_design_has_hw(hw) || lower(ctx, o, hw, d->kernel_name, &q->times, &d->ii);
	ok = ok && stc_design_read(hw, d);
	q->ii = ok ? d->ii : -1;
	char *p_ir = stc_fmt("%s/design.mlir", work), *p_sv = stc_fmt("%s/design.sv", work),
	     *p_tb = stc_fmt("%s/tb.cpp", work), *p_qor = stc_fmt("%s/qor.json", work);
	ok = ok && p_ir && p_sv && p_tb && p_qor;
	if (ok)
		keep_hw(hw);
	double t0 = stc_now_ms();
	ok = ok && export_file(hw, p_ir, 0, d) && export_file(hw, p_sv, 1, d);
	if (ok)
		stc_time_add(&q->times, "export-verilog", t0);
	ok = ok && export_file(hw, p_tb, 2, d);
	st_op_destroy(hw);
	char *log = ok ? stc_check_design(ctx, o, acg_module, work, d, q, NULL) : NULL;
	ok = log != NULL;
	free(log);
	ok = ok && stc_qor_write(q, p_qor);
	if (ok && !o->quiet)
		stc_qor_print(q, stdout);
	free(p_ir);
	free(p_sv);
	free(p_tb);
	free(p_qor);
	return ok;
}
