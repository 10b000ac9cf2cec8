/* The rda target's compile hook (docs/rda.md, "The flow"): the run's kernel
 * with its rda target becomes a mapped design and its configuration in the
 * work directory.  Each step is timed as a stage of the report:
 * convert-affine-to-rda on the kit's lowering copy, partitioning and
 * merging (rda-allocate), rda-place-route, the verification of the mapped
 * design against the .acg, and the configuration (design.rdacfg, beside
 * design.mlir, the mapped IR). */
#include "rda_target.h"

#include "strata/asm.h"
#include "strata/outfile.h"
#include "strata/pass.h"

#include <stdio.h>
#include <stdlib.h>

static st_status run_pass(st_context *ctx, st_op *module, const char *name, const char *opts) {
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	st_status s = pm ? st_pass_manager_add(pm, name, opts) : ST_FAIL;
	if (st_succeeded(s))
		s = st_pass_manager_run(pm, module);
	st_pass_manager_destroy(pm);
	return s;
}

/* Writes `module` (what == 0) or the configuration of `design` into
 * <work>/<name>. */
static bool write_file(st_target_run *run, const char *name, st_op *module, st_op *design, const st_rda_machine *m) {
	char *path = st_backend_fmt("%s/%s", run->work, name);
	st_outfile o;
	if (!path || !st_outfile_open(&o, path, 0666)) {
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", run->opts->tool, path ? path : name,
		        path ? st_outfile_error(&o) : "out of memory");
		free(path);
		return false;
	}
	bool ok = true;
	if (module) {
		st_print_options po = {0};
		st_print_op(module, &po, st_outfile_write, &o);
	} else
		ok = st_succeeded(st_rda_write_config(design, m, st_outfile_write, &o));
	if (!st_outfile_close(&o, ok) && ok) {
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", run->opts->tool, path, st_outfile_error(&o));
		ok = false;
	}
	free(path);
	return ok;
}

bool rda_compile(st_target_run *run, rda_state *st) {
	const rda_options *o = run->options;
	st->module = st_run_lowering_copy(run);
	if (!st->module)
		return false;
	/* The copy's graph is @target; it takes its .acg name back when the
	 * module has no symbol of that name, so that messages name the
	 * machine as its file does. */
	const char *target = "target";
	if (!st_symbol_lookup(st->module, st_str_c(run->target_name))) {
		st_op *g = st_symbol_lookup(st->module, st_str_c("target"));
		st_op_set_attr(g, "sym_name", st_string_attr(run->ctx, st_str_c(run->target_name)));
		target = run->target_name;
	}
	char opts[512];
	snprintf(opts, sizeof opts, "top=%s target=%s vec=%lld par=%lld onchip=%s", run->kernel_name, target,
	         (long long)o->vec, (long long)o->par, rda_onchip_cases[o->onchip]);
	double t0 = st_backend_now_ms();
	bool ok = st_succeeded(run_pass(run->ctx, st->module, "convert-affine-to-rda", opts));
	st_qor_time(run->qor, "convert-affine-to-rda", t0);
	st->design = ok ? st__rda_find_design(st->module) : NULL;
	ok = st->design && st_succeeded(st__rda_design_machine(st->design, &st->m));
	if (ok) {
		st_rda_alloc_options ao = {o->alloc ? ST_RDA_ALLOC_ILP : ST_RDA_ALLOC_HEURISTIC, (double)o->ilp_seconds};
		t0 = st_backend_now_ms();
		ok = st_succeeded(st__rda_allocate(st->design, &st->m, &ao, &st->alloc));
		st_qor_time(run->qor, "rda-allocate", t0);
	}
	if (ok) {
		st_rda_par_options po = {run->opts->seed, 200};
		t0 = st_backend_now_ms();
		ok = st_succeeded(st__rda_place_route(st->design, &st->m, &po));
		st_qor_time(run->qor, "rda-place-route", t0);
	}
	if (ok) {
		t0 = st_backend_now_ms();
		ok = st_succeeded(st_verify(st->design));
		st_qor_time(run->qor, "verify-mapped", t0);
	}
	if (ok) {
		t0 = st_backend_now_ms();
		ok = write_file(run, "design.rdacfg", NULL, st->design, &st->m);
		st_qor_time(run->qor, "config", t0);
	}
	ok = ok && write_file(run, "design.mlir", st->module, NULL, NULL);
	if (ok)
		rda_report_usage(run, st);
	return ok;
}
