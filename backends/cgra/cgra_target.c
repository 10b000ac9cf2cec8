/* The CGRA target (ACG class `cgra`, docs/cgra.md "stratac"): the kernel's
 * accelerated pipeline through ub-extract and cgra-map to a placed and
 * routed cgra.design, its bitstream and pictures in the work directory;
 * the simulation loads only that bitstream, the fabric of the .acg and the
 * buffers' initial words into the fabric simulator; the report counts the
 * tiles and tracks used against the fabric's, and the ideal cycles of
 * docs/qor-schema.md. */
#include "cgra_internal.h"

#include "strata/asm.h"
#include "strata/backend.h"
#include "strata/outfile.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct cgra_options {
	int64_t place_seed;
	int64_t route_iters;
	const char *schedule;
} cgra_options;

static const st_pass_option_def options[] = {
	{"place-seed", "seed of the placer's annealing (cgra-map seed=)", ST_PASS_OPT_INT, "1",
	 offsetof(cgra_options, place_seed), NULL},
	{"route-iters", "PathFinder iterations before giving up (0: 60)", ST_PASS_OPT_INT, "0",
	 offsetof(cgra_options, route_iters), NULL},
	{"schedule", "options of ub-schedule, e.g. \"strategy=share-line share=a:b\" (docs/cgra.md)", ST_PASS_OPT_STRING,
	 "", offsetof(cgra_options, schedule), NULL},
};

/* What compile leaves for the other hooks. */
typedef struct cgra_state {
	int64_t stats_pe, stats_mem, stats_io, stats_reg, wires, routing_only, route_iters, latency;
	int64_t schedule_ms, netlist_ms, place_ms, route_ms;
	int64_t writes, bytes;
	int64_t mul_pes, multiplies; /* multiplying PEs, and the multiplications they do in all */
	int64_t out_words;   /* of the output array with the largest words / lanes */
	int64_t out_lanes;   /* the IO tiles that output streams through */
	int64_t stalls;      /* cycles output IO tiles waited between their first and last value; -1 */
	char design[128];
} cgra_state;

static bool is_op(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static st_op *find_design(st_target_run *run, st_op *m) {
	st_op *found = NULL;
	size_t n = 0;
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))); op; op = st_op_next(op))
		if (is_op(op, "cgra.design") && n++ == 0)
			found = op;
	if (n != 1) {
		fprintf(stderr, "%s: error: the cgra flow made %zu designs of kernel '%s'; it takes one accelerated pipeline\n",
		        run->opts->tool, n, run->kernel_name);
		return NULL;
	}
	return found;
}

/* ub-extract found an accelerated pipeline. */
static bool has_graph(st_target_run *run, st_op *m) {
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))); op; op = st_op_next(op))
		if (is_op(op, "ub.graph"))
			return true;
	fprintf(stderr,
	        "%s: error: the cgra flow found no accelerated pipeline in kernel '%s' (a .hl schedule with "
	        "hw_accelerate, or a func.func marked accel.kernel)\n",
	        run->opts->tool, run->kernel_name);
	return false;
}

/* A file of the work directory written by `fn` (a writer of the module). */
static bool write_work(st_target_run *run, const char *name, st_status (*fn)(st_op *, st_write_fn, void *),
                       st_op *m) {
	char *path = st_backend_fmt("%s/%s", run->work, name);
	st_outfile o;
	bool ok = path && st_outfile_open(&o, path, 0666);
	if (ok) {
		bool wrote = st_succeeded(fn(m, st_outfile_write, &o));
		ok = st_outfile_close(&o, wrote);
		if (!ok && wrote)
			fprintf(stderr, "%s: error: cannot write '%s': %s\n", run->opts->tool, path, st_outfile_error(&o));
	} else if (path)
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", run->opts->tool, path, st_outfile_error(&o));
	free(path);
	return ok;
}

static st_status print_module(st_op *m, st_write_fn w, void *ud) {
	st_print_options po = {0};
	st_print_op(m, &po, w, ud);
	return ST_OK;
}

static int64_t stat_of(st_attr *stats, const char *key) {
	st_attr *v = stats ? st_attr_dict_get_c(stats, key) : NULL;
	return v && st_attr_get_kind(v) == ST_ATTR_INTEGER ? st_attr_int_value(v) : 0;
}

static int64_t int_of(st_attr *dict, const char *key, int64_t dflt) {
	st_attr *v = dict ? st_attr_dict_get_c(dict, key) : NULL;
	return v && st_attr_get_kind(v) == ST_ATTR_INTEGER ? st_attr_int_value(v) : dflt;
}

static bool str_is(st_attr *dict, const char *key, const char *want) {
	st_attr *v = dict ? st_attr_dict_get_c(dict, key) : NULL;
	return v && st_attr_get_kind(v) == ST_ATTR_STRING && st_str_eq_c(st_attr_string(v), want);
}

/* Each host array of the design is the kernel's argument of its `arg`:
 * same element count; the buffers not streamed through the fabric are an
 * error, as the fabric cannot compute them.  The output with the most
 * words per lane bounds the cycles (docs/qor-schema.md). */
static bool read_host(st_target_run *run, st_op *design, cgra_state *s) {
	st_attr *host = st_op_get_attr(design, "host");
	size_t n = host ? st_attr_array_size(host) : 0;
	bool *seen = calloc(run->nbuffers + 1, sizeof *seen);
	if (!seen)
		return fprintf(stderr, "%s: error: out of memory\n", run->opts->tool), false;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		st_attr *a = st_attr_array_elt(host, i);
		int64_t arg = int_of(a, "arg", -1);
		st_buffer *b = arg >= 0 && (size_t)arg < run->nbuffers ? &run->buffers[arg] : NULL;
		if (!b || b->kind != ST_BUFFER_MEMORY) {
			st_op_error(run->kernel, "has no memref argument %lld, which the CGRA design streams", (long long)arg);
			ok = false;
			break;
		}
		seen[arg] = true;
		if (!str_is(a, "dir", "out"))
			continue;
		int64_t lanes = 0;
		st_block *body = st_region_first_block(st_op_region(design, 0));
		for (st_op *op = st_block_first_op(body); op; op = st_op_next(op)) {
			st_attr *cfg = st_op_get_attr(op, "config");
			if (is_op(op, "cgra.inst") && str_is(cfg, "dir", "out") && int_of(cfg, "arg", -1) == arg)
				lanes++;
		}
		if (lanes < 1)
			lanes = 1;
		if (!s->out_lanes || b->size * s->out_lanes > s->out_words * lanes) {
			s->out_words = b->size;
			s->out_lanes = lanes;
		}
	}
	for (size_t i = 0; ok && i < run->nbuffers; i++)
		if (!seen[i]) {
			st_op_error(run->kernel, "has %s '%s' that the CGRA design does not stream through the fabric",
			            run->buffers[i].kind == ST_BUFFER_MEMORY ? "buffer" : "scalar", run->buffers[i].name);
			ok = false;
		}
	free(seen);
	return ok;
}

static void count_design(st_op *design, cgra_state *s) {
	st_attr *stats = st_op_get_attr(design, "stats");
	s->stats_pe = stat_of(stats, "pe");
	s->stats_mem = stat_of(stats, "mem");
	s->stats_io = stat_of(stats, "io");
	s->stats_reg = stat_of(stats, "reg");
	s->wires = stat_of(stats, "wires");
	s->routing_only = stat_of(stats, "routing_only_tiles");
	s->route_iters = stat_of(stats, "route_iterations");
	s->latency = stat_of(stats, "latency");
	s->mul_pes = stat_of(stats, "mul_pes");
	s->multiplies = stat_of(stats, "multiplies");
	s->schedule_ms = stat_of(stats, "schedule_ms");
	s->netlist_ms = stat_of(stats, "netlist_ms");
	s->place_ms = stat_of(stats, "place_ms");
	s->route_ms = stat_of(stats, "route_ms");
	snprintf(s->design, sizeof s->design, "%s", st_ident_cstr(st_symbol_name(design)));
}

/* A resource's use against what the fabric has, or the .acg's budget of
 * that kind when it is smaller. */
static void utilization(st_target_run *run, const char *kind, int64_t used, int64_t fabric) {
	int64_t budget = st_qor_budget(run, kind);
	st_qor_add_utilization(run->qor, kind, used, budget >= 0 && budget < fabric ? budget : fabric);
}

static void count_fabric(st_target_run *run, const cgra_state *s) {
	st_cgra_fabric *f = st_cgra_fabric_create(run->graph);
	if (!f)
		return;
	int64_t wires = 0;
	for (size_t i = 0; i < st_cgra_fabric_num_nodes(f); i++)
		wires += st_cgra_fabric_node(f, (int32_t)i)->kind == ST_CGRA_WIRE;
	utilization(run, "pe", s->stats_pe, (int64_t)st_cgra_fabric_count(f, ST_CGRA_PE));
	utilization(run, "mem", s->stats_mem, (int64_t)st_cgra_fabric_count(f, ST_CGRA_MEM));
	utilization(run, "io", s->stats_io, (int64_t)st_cgra_fabric_count(f, ST_CGRA_IO));
	utilization(run, "tracks", s->wires, wires);
	st_cgra_fabric_destroy(f);
}

/* The configuration's size: its register writes and bytes, read back as
 * the simulator will read it. */
static bool bitstream_size(st_target_run *run, cgra_state *s) {
	char *path = st_backend_fmt("%s/design.bs", run->work);
	size_t len = 0;
	char *text = path ? st_backend_slurp(path, &len) : NULL;
	st_cgra_bitstream *bs = text ? st_cgra_bitstream_read(run->ctx, st_str_make(text, len), path) : NULL;
	if (bs) {
		s->writes = (int64_t)st_cgra_bitstream_num_writes(bs);
		s->bytes = (int64_t)len;
	} else if (!text)
		fprintf(stderr, "%s: error: cannot read '%s'\n", run->opts->tool, path ? path : "design.bs");
	st_cgra_bitstream_free(bs);
	free(text);
	free(path);
	return bs != NULL;
}

static st_status compile(st_target_run *run) {
	const cgra_options *o = run->options;
	cgra_state *s = calloc(1, sizeof *s);
	if (!s)
		return fprintf(stderr, "%s: error: out of memory\n", run->opts->tool), ST_FAIL;
	s->stalls = -1;
	run->state = s;
	if (o->schedule && strchr(o->schedule, '"')) {
		fprintf(stderr, "%s: error: --schedule takes ub-schedule's options without '\"'\n", run->opts->tool);
		return ST_FAIL;
	}
	char *pipeline = st_backend_fmt("cgra-map{target=target seed=%lld route-iters=%lld quiet=%s%s%s%s}",
	                                (long long)o->place_seed, (long long)o->route_iters,
	                                run->opts->quiet ? "true" : "false", o->schedule && *o->schedule ? " schedule=\"" : "",
	                                o->schedule && *o->schedule ? o->schedule : "", o->schedule && *o->schedule ? "\"" : "");
	st_op *m = pipeline ? st_run_lowering_copy(run) : NULL;
	bool ok = m && st_run_passes(run, m, "ub-extract", "(the cgra flow)", NULL, NULL) && has_graph(run, m) &&
	          st_run_passes(run, m, pipeline, "(the cgra flow)", NULL, NULL);
	free(pipeline);
	st_op *design = ok ? find_design(run, m) : NULL;
	ok = design && read_host(run, design, s);
	if (ok) {
		count_design(design, s);
		count_fabric(run, s);
		double t0 = st_backend_now_ms();
		ok = write_work(run, "design.mlir", print_module, m) && write_work(run, "design.bs", st_cgra_write_bitstream, m) &&
		     bitstream_size(run, s);
		st_qor_time(run->qor, "bitstream", t0);
		t0 = st_backend_now_ms();
		ok = ok && write_work(run, "fabric.svg", st_cgra_write_svg, m) &&
		     write_work(run, "netlist.dot", st_cgra_write_dot, m);
		st_qor_time(run->qor, "pictures", t0);
	}
	if (m)
		st_op_destroy(m);
	return ok ? ST_OK : ST_FAIL;
}

static bool write_report(st_target_run *run, const st_cgra_sim *sim) {
	char *path = st_backend_fmt("%s/sim-report.txt", run->work);
	st_outfile o;
	bool ok = path && st_outfile_open(&o, path, 0666);
	if (ok) {
		st_cgra_sim_report(sim, st_outfile_write, &o);
		ok = st_outfile_close(&o, true);
	}
	if (!ok)
		fprintf(stderr, "%s: error: cannot write '%s'\n", run->opts->tool, path ? path : "sim-report.txt");
	free(path);
	return ok;
}

/* The fabric simulator on what the hardware gets: the bitstream file, the
 * fabric of the .acg and the initial words of the global buffer. */
static st_status simulate(st_target_run *run) {
	cgra_state *s = run->state;
	double t0 = st_backend_now_ms();
	char *path = st_backend_fmt("%s/design.bs", run->work);
	size_t len = 0;
	char *text = path ? st_backend_slurp(path, &len) : NULL;
	if (!text) {
		fprintf(stderr, "%s: error: cannot read '%s'\n", run->opts->tool, path ? path : "design.bs");
		free(path);
		return ST_FAIL;
	}
	st_cgra_bitstream *bs = st_cgra_bitstream_read(run->ctx, st_str_make(text, len), path);
	st_cgra_fabric *f = bs ? st_cgra_fabric_create(run->graph) : NULL;
	st_cgra_sim *sim = f ? st_cgra_sim_create(f, bs) : NULL;
	bool ok = sim != NULL;
	size_t na = bs ? st_cgra_bitstream_num_arrays(bs) : 0;
	for (size_t i = 0; ok && i < na; i++) {
		const st_cgra_host_array *a = st_cgra_bitstream_array(bs, i);
		const st_buffer *b = a->arg >= 0 && (size_t)a->arg < run->nbuffers ? &run->buffers[a->arg] : NULL;
		ok = b && b->size == a->count && st_succeeded(st_cgra_sim_set_input(sim, a->arg, b->init, (size_t)b->size));
		if (!ok && b && b->size != a->count)
			fprintf(stderr, "%s: error: the bitstream's array %d has %lld words, buffer '%s' %lld\n", run->opts->tool,
			        a->arg, (long long)a->count, b->name, (long long)b->size);
	}
	uint64_t max = run->opts->max_cycles ? run->opts->max_cycles : 1;
	ok = ok && st_succeeded(st_cgra_sim_run(sim, max > INT64_MAX ? INT64_MAX : (int64_t)max));
	for (size_t i = 0; ok && i < na; i++) {
		const st_cgra_host_array *a = st_cgra_bitstream_array(bs, i);
		st_buffer *b = &run->buffers[a->arg];
		size_t n = 0;
		const uint64_t *words = st_cgra_sim_output(sim, a->arg, &n);
		b->sim = calloc(n ? n : 1, sizeof *b->sim);
		if (!b->sim) {
			fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
			ok = false;
		} else if (words)
			memcpy(b->sim, words, n * sizeof *b->sim);
	}
	if (ok) {
		st_qor_set_cycles(run->qor, st_cgra_sim_cycles(sim));
		s->stalls = st_cgra_sim_stall_cycles(sim);
		ok = write_report(run, sim);
	}
	st_qor_time(run->qor, "simulate", t0);
	st_cgra_sim_destroy(sim);
	st_cgra_fabric_destroy(f);
	st_cgra_bitstream_free(bs);
	free(text);
	free(path);
	return ok ? ST_OK : ST_FAIL;
}

static int64_t ceil_div(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : a; }

/* docs/qor-schema.md, "cgra": an output array leaves through its IO
 * tiles, one word each a cycle, so it takes at least words / lanes
 * cycles (the Amber thesis's output pixels / output rate); a multiplying
 * PE does one multiplication a cycle, so the design's multiplications
 * take at least multiplies / mul_pes (its MACs / MAC units). */
static st_status report(st_target_run *run) {
	const cgra_state *s = run->state;
	int64_t ideal = ceil_div(s->out_words, s->out_lanes);
	if (s->mul_pes > 0 && ceil_div(s->multiplies, s->mul_pes) > ideal)
		ideal = ceil_div(s->multiplies, s->mul_pes);
	st_qor_set_ideal_cycles(run->qor, ideal < 1 ? 1 : ideal);
	st_qor_set_ii(run->qor, 1);
	st_json *obj = st_qor_class_object(run->qor);
	st_json_set_string(obj, "design", s->design);
	st_json_set_int(obj, "output_words", s->out_words);
	st_json_set_int(obj, "output_lanes", s->out_lanes);
	st_json_set_int(obj, "mul_pes", s->mul_pes);
	st_json_set_int(obj, "multiplies", s->multiplies);
	st_json_set_int(obj, "registers", s->stats_reg);
	st_json_set_int(obj, "routing_only_tiles", s->routing_only);
	st_json_set_int(obj, "route_iterations", s->route_iters);
	st_json_set_int(obj, "schedule_latency", s->latency);
	st_json_set_int(obj, "bitstream_writes", s->writes);
	st_json_set_int(obj, "bitstream_bytes", s->bytes);
	if (s->stalls >= 0)
		st_json_set_int(obj, "stall_cycles", s->stalls);
	else
		st_json_set_null(obj, "stall_cycles");
	st_json *ms = st_json_set_object(obj, "map_ms");
	st_json_set_int(ms, "schedule", s->schedule_ms);
	st_json_set_int(ms, "netlist", s->netlist_ms);
	st_json_set_int(ms, "place", s->place_ms);
	st_json_set_int(ms, "route", s->route_ms);
	return ST_OK;
}

static void release(st_target_run *run) {
	free(run->state);
	run->state = NULL;
}

static const char *const outputs[] = {"design.mlir", "design.bs", "fabric.svg", "netlist.dot", "sim-report.txt", NULL};

static const st_target_def cgra_target = {
	.class_ = "cgra",
	.summary = "CGRA (Amber-like): cgra-map's placed and routed design as a bitstream, run in the fabric simulator",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.options_size = sizeof(cgra_options),
	.outputs = outputs,
	.compile = compile,
	.simulate = simulate,
	.report = report,
	.release = release,
};

st_status st_register_cgra_target(st_context *ctx) { return st_context_register_target(ctx, &cgra_target); }
