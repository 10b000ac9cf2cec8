/* The rda target (ACG class `rda`, docs/rda.md): its options, its hooks,
 * and the simulation of a compiled design.  The simulator gets the
 * configuration file the compile hook wrote and the kernel's input words,
 * nothing else: the words of every DRAM buffer and result it leaves are
 * what the kit compares with the interpreter. */
#include "rda_target.h"

#include "strata/outfile.h"
#include "strata/rda_backend.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char *const allocs[] = {"heuristic", "ilp", NULL};
const char *const rda_onchip_cases[] = {"auto", "all", "none", NULL};

static const st_pass_option_def options[] = {
	{"vec", "lanes of the vectorised loops (0: the PCU's lanes; 1: none)", ST_PASS_OPT_INT, "0",
	 offsetof(rda_options, vec), NULL},
	{"par", "spatial copies of the outermost loop with independent iterations", ST_PASS_OPT_INT, "1",
	 offsetof(rda_options, par), NULL},
	{"onchip", "arguments staged in memory units: auto (reused, irregular or read and written, when they fit), "
	           "all (when they fit) or none",
	 ST_PASS_OPT_ENUM, "auto", offsetof(rda_options, onchip), rda_onchip_cases},
	{"alloc", "partitioning and merging: heuristic (the traversal heuristics) or ilp (CBC, from the heuristic's "
	          "answer)",
	 ST_PASS_OPT_ENUM, "heuristic", offsetof(rda_options, alloc), allocs},
	{"ilp-seconds", "the time limit of each ILP", ST_PASS_OPT_INT, "60", offsetof(rda_options, ilp_seconds), NULL},
};

static st_status compile(st_target_run *run) {
	const rda_options *o = run->options;
	if (o->vec < 0 || o->vec > 4096 || o->par < 1 || o->par > 4096 || o->ilp_seconds < 1 || o->ilp_seconds > 86400) {
		fprintf(stderr, "%s: error: target 'rda': vec takes 0..4096, par 1..4096, ilp-seconds 1..86400\n",
		        run->opts->tool);
		return ST_FAIL;
	}
	rda_state *st = calloc(1, sizeof *st);
	if (!st) {
		fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
		return ST_FAIL;
	}
	run->state = st;
	return rda_compile(run, st) ? ST_OK : ST_FAIL;
}

/* The words of the kit's buffer `b` into the simulator's DRAM buffer `k`
 * (which 0), or back (which 1), each masked to the buffer's width. */
static bool copy_words(st_target_run *run, st_rda_sim *sim, size_t k, st_buffer *b, int which) {
	int64_t n = st_rda_sim_buffer_words(sim, k);
	if (n != b->size) {
		fprintf(stderr, "%s: error: the configuration's buffer '%s' holds %lld words; kernel buffer '%s' %lld\n",
		        run->opts->tool, st_rda_sim_buffer_name(sim, k), (long long)n, b->name, (long long)b->size);
		return false;
	}
	uint64_t *data = st_rda_sim_buffer_data(sim, k);
	uint64_t mask = b->width >= 64 ? ~0ull : (1ull << b->width) - 1;
	for (int64_t i = 0; i < n; i++) {
		if (which)
			b->sim[i] = data[i] & mask;
		else
			data[i] = b->init[i];
	}
	return true;
}

/* sim-report.txt: where the cycles went, per context. */
static bool write_report(st_target_run *run, const st_rda_sim *sim) {
	char *path = st_backend_fmt("%s/sim-report.txt", run->work);
	st_outfile o;
	bool ok = path && st_outfile_open(&o, path, 0666);
	if (ok) {
		st_rda_sim_report(sim, st_outfile_write, &o);
		ok = st_outfile_close(&o, true);
	}
	if (!ok)
		fprintf(stderr, "%s: error: cannot write '%s'\n", run->opts->tool, path ? path : "sim-report.txt");
	free(path);
	return ok;
}

static bool simulate_config(st_target_run *run, rda_state *st, st_rda_sim *sim) {
	size_t nargs = 0;
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *b = &run->buffers[i];
		if (b->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		nargs++;
		if (b->kind == ST_BUFFER_SCALAR_IN)
			st_rda_sim_set_arg(sim, b->index, b->init[0]);
	}
	for (size_t k = 0; k < st_rda_sim_num_buffers(sim); k++) {
		int64_t arg = st_rda_sim_buffer_arg(sim, k);
		if (arg >= 0 && ((size_t)arg >= nargs || run->buffers[arg].kind != ST_BUFFER_MEMORY)) {
			fprintf(stderr, "%s: error: the configuration's buffer '%s' is argument %lld, no memory of the kernel\n",
			        run->opts->tool, st_rda_sim_buffer_name(sim, k), (long long)arg);
			return false;
		}
		if (arg >= 0 && !copy_words(run, sim, k, &run->buffers[arg], 0))
			return false;
	}
	double t0 = st_backend_now_ms();
	bool ok = st_succeeded(st_rda_sim_run(sim, run->opts->max_cycles));
	st_qor_time(run->qor, "simulate", t0);
	for (size_t i = 0; ok && i < run->nbuffers; i++) {
		st_buffer *b = &run->buffers[i];
		if (!(b->sim = calloc((size_t)b->size, sizeof *b->sim))) {
			fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
			return false;
		}
		/* A memory the design has no DRAM buffer for keeps its words. */
		if (b->kind == ST_BUFFER_MEMORY)
			memcpy(b->sim, b->init, (size_t)b->size * sizeof *b->sim);
		else if (b->kind == ST_BUFFER_SCALAR_IN)
			b->sim[0] = b->init[0];
		else if (!st_rda_sim_result(sim, b->index, &b->sim[0])) {
			fprintf(stderr, "%s: error: the configuration gives no result %zu\n", run->opts->tool, b->index);
			return false;
		} else if (b->width < 64)
			b->sim[0] &= (1ull << b->width) - 1;
	}
	for (size_t k = 0; ok && k < st_rda_sim_num_buffers(sim); k++) {
		int64_t arg = st_rda_sim_buffer_arg(sim, k);
		if (arg >= 0)
			ok = copy_words(run, sim, k, &run->buffers[arg], 1);
	}
	if (!ok || !write_report(run, sim))
		return false;
	st->simulated = true;
	st->stats = *st_rda_sim_get_stats(sim);
	st_qor_set_cycles(run->qor, st->stats.cycles ? (int64_t)st->stats.cycles : 1);
	size_t n = st_rda_sim_num_units(sim);
	double act = 0;
	for (size_t i = 0; i < n; i++) {
		const char *pu;
		int64_t row, col;
		uint64_t active;
		st_rda_sim_unit_activity(sim, i, &pu, &row, &col, &active);
		act += st->stats.cycles ? (double)active / (double)st->stats.cycles : 0;
	}
	st->unit_activity = n ? act / (double)n : 0;
	return true;
}

static st_status simulate(st_target_run *run) {
	rda_state *st = run->state;
	char *path = st_backend_fmt("%s/design.rdacfg", run->work);
	size_t len = 0;
	char *text = path ? st_backend_slurp(path, &len) : NULL;
	if (!text) {
		fprintf(stderr, "%s: error: cannot read '%s'\n", run->opts->tool, path ? path : "design.rdacfg");
		free(path);
		return ST_FAIL;
	}
	st_rda_sim *sim = st_rda_sim_create(run->ctx, text, len, path);
	bool ok = sim && simulate_config(run, st, sim);
	st_rda_sim_destroy(sim);
	free(text);
	free(path);
	return ok ? ST_OK : ST_FAIL;
}

static void release(st_target_run *run) {
	rda_state *st = run->state;
	if (!st)
		return;
	if (st->module)
		st_op_destroy(st->module);
	free(st);
	run->state = NULL;
}

static const char *const outputs[] = {"design.mlir", "design.rdacfg", "sim-report.txt", NULL};

static const st_target_def rda_target = {
	.class_ = "rda",
	.summary = "Plasticine-like reconfigurable dataflow: SARA's virtual units mapped, configured and simulated "
	           "cycle by cycle",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.options_size = sizeof(rda_options),
	.outputs = outputs,
	.compile = compile,
	.simulate = simulate,
	.report = rda_report,
	.release = release,
};

st_status st_register_rda_target(st_context *ctx) { return st_context_register_target(ctx, &rda_target); }
