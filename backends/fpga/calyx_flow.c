/* The Calyx flow of the FPGA target (docs/stratac.md): the kernel lowered
 * to hw through Calyx (or a design that is already hw taken as it is), its
 * design read against the kernel's buffers, exported with the testbench,
 * and synthesised.  The passes run as one pipeline; the instrument's
 * callbacks time each one (the stages of compile_ms) and read the II the
 * lowering wrote before later passes drop it. */
#include "fpga.h"

#include "strata/pass.h"

#include <stdlib.h>
#include <string.h>

/* The passes of the flow, in order (arith-soft-float first: f32 kernels
 * become integer ones on the bits, f32 memories i32 ones,
 * docs/soft-float.md). */
static const char *const passes[] = {
	"arith-soft-float",      "lower-to-calyx",      "calyx-go-insertion", "calyx-compile-invoke",
	"calyx-compile-control", "calyx-remove-groups", "lower-calyx-to-hw",
};

/* The static groups lower-to-calyx pipelined, before calyx-remove-groups
 * takes them away. */
static st_walk_result note_pipeline(st_op *op, void *ud) {
	fpga_design *d = ud;
	st_attr *ii = st_op_get_attr(op, "calyx.ii"), *depth = st_op_get_attr(op, "calyx.depth"),
	        *trip = st_op_get_attr(op, "calyx.trip");
	if (!ii || !depth || !trip || st_attr_get_kind(ii) != ST_ATTR_INTEGER)
		return ST_WALK_ADVANCE;
	fpga_pipeline *np = realloc(d->pipelines, (d->npipelines + 1) * sizeof *np);
	if (!np)
		return ST_WALK_INTERRUPT;
	d->pipelines = np;
	fpga_pipeline *p = &d->pipelines[d->npipelines++];
	st_ident *name = st_symbol_name(op);
	snprintf(p->group, sizeof p->group, "%s", name ? st_ident_cstr(name) : "?");
	p->ii = st_attr_int_value(ii);
	p->depth = st_attr_int_value(depth);
	p->trip = st_attr_int_value(trip);
	return ST_WALK_ADVANCE;
}

/* What the design's report needs from the passes: the II of each pass's
 * output, and the pipelined loops of lower-to-calyx. */
static void after_pass(void *ud, const char *pass, st_op *op) {
	fpga_design *d = ud;
	fpga_calyx_note_ii(op, &d->ii);
	if (!strcmp(pass, "lower-to-calyx"))
		st_walk(op, ST_WALK_PRE, note_pipeline, d);
}

static bool lower(st_target_run *run, fpga_design *d, st_op *m) {
	const fpga_options *o = fpga_opts(run);
	static const char *const parallel[] = {"1", "2", "4", "8", "16"};
	for (size_t i = 1; i < sizeof passes / sizeof passes[0]; i++)
		if (!st_context_lookup_pass(run->ctx, st_str_c(passes[i]))) {
			fprintf(stderr,
			        "%s: error: the FPGA flow needs the pass '%s', which this build does not have; give a "
			        "design that is already hw (docs/stratac.md)\n",
			        run->opts->tool, passes[i]);
			return false;
		}
	bool soft = st_context_lookup_pass(run->ctx, st_str_c(passes[0])) != NULL;
	char *pipeline = st_backend_fmt(
		"%s%s%slower-to-calyx{top=%s pipeline=%s parallel=%s memories=%s read-ports=%u},calyx-go-insertion,"
		"calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw{roms=%s}",
		soft ? "arith-soft-float{memrefs=true scalars=true within=@" : "", soft ? run->kernel_name : "", soft ? "}," : "",
		run->kernel_name, o->pipeline ? "true" : "false", parallel[o->parallel], o->memories ? "seq" : "comb",
		fpga_read_ports(run), fpga_rom_mode(run) ? "memory" : "logic");
	char *what = st_backend_fmt("on kernel '%s'", run->kernel_name);
	bool ok = pipeline && what && st_run_passes(run, m, pipeline, what, after_pass, d);
	free(pipeline);
	free(what);
	return ok;
}

/* Only hardware goes to the Verilog export (not the acg.graph, nor the
 * reference function of a hand-written design). */
static void keep_hw(st_op *m) {
	st_block *b = st_region_first_block(st_op_region(m, 0));
	for (st_op *op = st_block_first_op(b), *next; op; op = next) {
		next = st_op_next(op);
		if (strncmp(st_op_name_cstr(op), "hw.", 3) != 0)
			st_op_erase(op);
	}
}

bool fpga_calyx_compile(st_target_run *run, fpga_design *d) {
	st_op *hw = st_run_lowering_copy(run);
	if (!hw)
		return false;
	bool ok = fpga_calyx_has_hw(hw) || lower(run, d, hw);
	ok = ok && fpga_calyx_read_design(run, hw, d);
	if (ok) {
		st_qor_set_ii(run->qor, d->ii);
		keep_hw(hw);
		ok = fpga_plan_memories(run, hw, d) && fpga_export(run, hw, d);
	}
	st_op_destroy(hw);
	return ok && fpga_synthesize(run, d);
}
