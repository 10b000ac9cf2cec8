/* A run of a target (strata/backend.h, docs/stratac.md): the order of the
 * steps every target shares and the work directory inside `-o DIR`; the
 * outputs are checked before and committed after by commit.c, only when the
 * whole run succeeded, so that a failing run leaves `-o DIR` as it was. */
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The work directory sits inside the output directory, so that the final
 * renames stay on one file system; absolute, because the programs a target
 * runs may change directories. */
static char *make_work(const st_run_options *o, bool *created) {
	struct stat st;
	*created = false;
	if (stat(o->outdir, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			fprintf(stderr, "%s: error: '-o %s' is no directory\n", o->tool, o->outdir);
			return NULL;
		}
	} else if (mkdir(o->outdir, 0755) != 0) {
		fprintf(stderr, "%s: error: cannot create '%s': %s\n", o->tool, o->outdir, strerror(errno));
		return NULL;
	} else
		*created = true;
	char cwd[4096];
	bool relative = o->outdir[0] != '/';
	if (relative && !getcwd(cwd, sizeof cwd)) {
		fprintf(stderr, "%s: error: cannot find the current directory: %s\n", o->tool, strerror(errno));
		return NULL;
	}
	/* mkdtemp replaces the six X with a fresh name. */
	char *work = st_backend_fmt("%s%s%s/.%s-work-XXXXXX", relative ? cwd : "", relative ? "/" : "", o->outdir, o->tool);
	if (work && !mkdtemp(work)) {
		fprintf(stderr, "%s: error: cannot create a work directory in '%s': %s\n", o->tool, o->outdir,
		        strerror(errno));
		free(work);
		return NULL;
	}
	return work;
}

st_op *st_run_lowering_copy(st_target_run *run) {
	st_op *m = st_op_clone(run->input, NULL);
	if (!m)
		return NULL;
	if (st_symbol_lookup(m, st_str_c("target"))) {
		st_op_error(m, "already holds a symbol named @target; --target adds one");
		st_op_destroy(m);
		return NULL;
	}
	st_op *g = st_op_clone(run->graph, NULL);
	if (!g) {
		st_op_destroy(m);
		return NULL;
	}
	st_op_set_attr(g, "sym_name", st_string_attr(run->ctx, st_str_c("target")));
	st_block_prepend_op(st_region_first_block(st_op_region(m, 0)), g);
	return m;
}

/* Simulation, then the reference and the comparison. */
static bool simulate(st_target_run *run) {
	if (st_failed(run->target->simulate(run)))
		return false;
	char *out = st_backend_fmt("%s/outputs", run->work);
	bool ok = out && st_run_write_words(run, out, 1);
	free(out);
	for (size_t i = 0; ok && i < run->nbuffers; i++)
		if (!run->buffers[i].sim) {
			fprintf(stderr, "%s: error: the target's simulation gave no words for buffer '%s'\n", run->opts->tool,
			        run->buffers[i].name);
			ok = false;
		}
	double t0 = st_backend_now_ms();
	ok = ok && st__run_reference(run);
	st_qor_time(run->qor, "reference", t0);
	return ok && st__run_compare(run);
}

/* Everything after the work directory exists. */
static bool steps(st_target_run *run) {
	const st_run_options *o = run->opts;
	if (!st__test_pause(run, "compile"))
		return false;
	double c0 = st_backend_now_ms();
	bool compiled = st_succeeded(run->target->compile(run));
	run->summary.compile_ms += st_backend_now_ms() - c0;
	if (!compiled || !st__qor_check_budgets(run))
		return false;
	char *in = st_backend_fmt("%s/inputs", run->work), *qor = st_backend_fmt("%s/qor.json", run->work);
	bool ok = in && qor && st__run_inputs(run) && st_run_write_words(run, in, 0);
	if (ok && !o->no_sim && run->target->simulate)
		ok = simulate(run);
	if (ok && run->target->report)
		ok = st_succeeded(run->target->report(run));
	ok = ok && st__qor_write(run, qor);
	if (ok && !o->quiet)
		st__qor_print(run, stdout);
	free(in);
	free(qor);
	return ok && st__run_commit(run);
}

bool st_run_keep_first_error(void *ud, const st_diag_info *d) {
	st_run_summary *s = ud;
	if (d->severity == ST_SEV_ERROR && !s->error[0])
		snprintf(s->error, sizeof s->error, "%s", d->message);
	return false;
}

static bool execute(st_target_run *run);

bool st_run_execute(st_target_run *run) {
	run->summary = (st_run_summary){.cycles = -1, .ideal_cycles = -1, .occupancy = -1, .utilization = -1};
	double t0 = st_backend_now_ms();
	bool watched = st_succeeded(st_context_push_diag_handler(run->ctx, st_run_keep_first_error, &run->summary));
	bool ok = execute(run);
	if (watched)
		st_context_pop_diag_handler(run->ctx);
	run->summary.ok = ok;
	run->summary.total_ms = st_backend_now_ms() - t0;
	return ok;
}

static bool execute(st_target_run *run) {
	const st_run_options *o = run->opts;
	if (!run->graph)
		run->graph = st_block_first_op(st_region_first_block(st_op_region(run->acg, 0)));
	run->target_name = st_ident_cstr(st_symbol_name(run->graph));
	if (!st__run_check_outputs(run) || !st__check_inputs_dir(o))
		return false;
	st__interrupt_begin(o);
	double t0 = st_backend_now_ms();
	run->input = st_run_load_input(run->ctx, o->input, run->input_text);
	run->kernel = run->input ? st_run_find_kernel(o->tool, run->input, o->top) : NULL;
	run->kernel_name = run->kernel ? st_ident_cstr(st_symbol_name(run->kernel)) : NULL;
	bool ok = run->kernel && st_run_kernel_buffers(run->kernel, &run->buffers, &run->nbuffers) &&
	          st__run_check_capabilities(run);
	bool created = false;
	st__interrupt_hold(true);
	char *work = ok ? make_work(o, &created) : NULL;
	st__interrupt_set_work(work, created ? o->outdir : NULL);
	st__interrupt_hold(false);
	run->work = work;
	ok = work && (run->qor = st__qor_new());
	if (ok) {
		st_qor_time(run->qor, "parse", t0);
		run->summary.compile_ms = st_backend_now_ms() - t0;
		ok = steps(run);
	}
	if (run->qor)
		st__qor_summarize(run);
	if (run->target->release)
		run->target->release(run);
	if (work) {
		if (!ok && o->keep_work)
			fprintf(stderr, "%s: note: the files of the failed run are in '%s'\n", o->tool, work);
		else
			st_backend_rm_rf(work);
		if (!ok && created && !o->keep_work)
			rmdir(o->outdir);
	}
	free(work);
	run->work = NULL;
	st__qor_free(run->qor);
	run->qor = NULL;
	st_run_free_buffers(run->buffers, run->nbuffers);
	run->buffers = NULL;
	run->nbuffers = 0;
	if (run->input)
		st_op_destroy(run->input);
	run->input = NULL;
	st__interrupt_end();
	return ok;
}
