/* The pass `cgra-map` (docs/cgra.md): each ub.graph of the module mapped,
 * placed and routed on the target's CGRA fabric as a cgra.design placed
 * after it.  The kernels are canonicalised (divisions by constants become
 * multiplications), selected into PEs to learn their latencies, the graph
 * is rescheduled with them (ub-schedule, ub-capacity, ub-map), and the
 * netlist of the final mapping is placed and routed. */
#include "cgra_internal.h"

#include "strata/pass.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef struct map_options {
	const char *target;
	const char *schedule;
	int64_t seed;
	bool quiet;
	int64_t route_iters;
} map_options;

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool is_op(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static st_status run_pipeline(st_context *ctx, st_op *on, const char *anchor, const char *const *passes,
                              const char *const *opts, size_t n) {
	st_pass_manager *pm = st_pass_manager_create(ctx, anchor);
	if (!pm)
		return ST_FAIL;
	st_pass_instrument ins = {.verify_each = false};
	st_pass_manager_set_instrument(pm, &ins);
	st_status s = ST_OK;
	for (size_t i = 0; s == ST_OK && i < n; i++)
		s = st_pass_manager_add(pm, passes[i], opts[i]);
	if (s == ST_OK)
		s = st_pass_manager_run(pm, on);
	st_pass_manager_destroy(pm);
	return s;
}

/* Divisions by constants as multiply-and-shift, constants folded. */
static st_status canonicalize_kernels(st_context *ctx, st_op *graph) {
	static const char *const passes[] = {"canonicalize", "div-by-constant", "canonicalize", "cse"};
	static const char *const opts[] = {NULL, NULL, NULL, NULL};
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
		if (is_op(op, "ub.kernel") && st_failed(run_pipeline(ctx, op, NULL, passes, opts, 4)))
			return ST_FAIL;
	return ST_OK;
}

static st_status reschedule(st_context *ctx, st_op *module, const map_options *o, const char *target) {
	char mapopt[160];
	snprintf(mapopt, sizeof mapopt, "target=@%s", target);
	const char *const passes[] = {"ub-schedule", "ub-capacity", "ub-map"};
	const char *const opts[] = {o->schedule && *o->schedule ? o->schedule : NULL, NULL, mapopt};
	return run_pipeline(ctx, module, "builtin.module", passes, opts, 3);
}

static st_status new_netlist(cg_netlist *nl, st_context *ctx, st_op *target, st_cgra_fabric *f) {
	st__cg_netlist_init(nl, ctx);
	nl->target = target;
	nl->fabric = f;
	for (size_t t = 0; t < st_cgra_fabric_num_tiles(f) && !nl->pe_kind; t++)
		if (st_cgra_fabric_tile(f, t)->kind == ST_CGRA_PE)
			nl->pe_kind = st_cgra_fabric_tile(f, t)->node;
	if (!nl->pe_kind)
		return st_op_error(target, "cgra: target @%s has no compute tiles", st_ident_cstr(st_symbol_name(target)));
	nl->pe_latency = (int32_t)st_acg_int(nl->pe_kind, "latency", 1);
	if (nl->pe_latency < 1)
		return st_op_error(nl->pe_kind, "cgra: the PE must register its output (latency >= 1)");
	return ST_OK;
}

/* The kernels' latencies from instruction selection; true in *changed
 * when one differs from its ub.kernel's. */
static st_status set_latencies(st_context *ctx, st_op *graph, st_op *target, st_cgra_fabric *f, bool *changed) {
	cg_netlist nl;
	st_status st = new_netlist(&nl, ctx, target, f);
	if (st == ST_OK)
		st = st__cg_build_netlist(&nl, graph);
	*changed = false;
	size_t k = 0;
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	for (st_op *op = st_block_first_op(b); st == ST_OK && op; op = st_op_next(op)) {
		if (!is_op(op, "ub.kernel"))
			continue;
		int64_t lat = nl.kernel_latency[k++];
		if (st_attr_int_value(st_op_get_attr(op, "latency")) != lat) {
			*changed = true;
			st_op_set_attr(op, "latency", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), lat));
		}
	}
	st__cg_netlist_free(&nl);
	return st;
}

static st_attr *i64(st_context *ctx, int64_t v) { return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v); }

static st_status map_graph(st_pass *pass, st_op *module, st_op *graph, st_op *target, st_cgra_fabric *f) {
	const map_options *o = st_pass_options(pass);
	st_context *ctx = st_pass_context(pass);
	const char *tname = st_ident_cstr(st_symbol_name(target));
	double t0 = now_ms();
	if (st_failed(canonicalize_kernels(ctx, graph)) || st_failed(reschedule(ctx, module, o, tname)))
		return ST_FAIL;
	/* Latencies only grow with the mapping; two rounds settle them. */
	bool changed = true;
	for (int round = 0; changed && round < 4; round++)
		if (st_failed(set_latencies(ctx, graph, target, f, &changed)) ||
		    (changed && st_failed(reschedule(ctx, module, o, tname))))
			return ST_FAIL;
	double t1 = now_ms();
	cg_netlist nl;
	cg_route r = {0};
	cg_opts opts = {.seed = (uint64_t)o->seed, .progress = !o->quiet, .route_iters = o->route_iters};
	st_status st = new_netlist(&nl, ctx, target, f);
	if (st == ST_OK)
		st = st__cg_build_netlist(&nl, graph);
	double t2 = now_ms();
	if (st == ST_OK)
		st = st__cg_place(&nl, &opts);
	double t3 = now_ms();
	if (st == ST_OK)
		st = st__cg_route(&nl, &opts, &r);
	double t4 = now_ms();
	st_op *design = NULL;
	if (st == ST_OK) {
		char name[128];
		snprintf(name, sizeof name, "%s_cgra", st_ident_cstr(st_ident_get(ctx, st_attr_string(st_op_get_attr(graph, "sym_name")))));
		design = st__cg_emit_design(&nl, &r, name, graph);
		st = design ? ST_OK : ST_FAIL;
	}
	if (st == ST_OK) {
		int64_t count[4] = {0, 0, 0, 0}, mul_pes = 0, multiplies = 0;
		for (size_t i = 0; i < nl.n; i++) {
			const cg_node *nd = &nl.nodes[i];
			count[nd->kind]++;
			/* Each multiplying PE multiplies once per point of its kernel. */
			if (nd->kind == CG_PE && nd->pe.op == CG_OP_MUL && nd->kernel >= 0 && (size_t)nd->kernel < nl.nkernels) {
				mul_pes++;
				int64_t pts = nl.kernel_points[nd->kernel];
				multiplies = pts > INT64_MAX - multiplies ? INT64_MAX : multiplies + pts;
			}
		}
		st_named_attr e[14];
		size_t n = 0;
#define STAT(k, v) e[n++] = (st_named_attr){st_ident_get_c(ctx, k), i64(ctx, v)}
		STAT("pe", count[CG_PE]);
		STAT("mem", count[CG_MEM]);
		STAT("io", count[CG_IO]);
		STAT("reg", count[CG_REG]);
		STAT("mul_pes", mul_pes);
		STAT("multiplies", multiplies);
		STAT("wires", r.wires_used);
		STAT("routing_only_tiles", r.routing_only_tiles);
		STAT("route_iterations", r.iterations);
		STAT("latency", st_acg_int(graph, "latency", 0));
		STAT("schedule_ms", (int64_t)(t1 - t0 + 0.5));
		STAT("netlist_ms", (int64_t)(t2 - t1 + 0.5));
		STAT("place_ms", (int64_t)(t3 - t2 + 0.5));
		STAT("route_ms", (int64_t)(t4 - t3 + 0.5));
#undef STAT
		st_op_set_attr(design, "stats", st_dict_attr(ctx, n, e));
	}
	st__cg_route_free(&nl, &r);
	st__cg_netlist_free(&nl);
	return st;
}

static st_status run_map(st_pass *pass, st_op *module) {
	const map_options *o = st_pass_options(pass);
	st_op *target = st_acg_find_target(module, o->target);
	if (!target)
		return ST_FAIL;
	if (!st_str_eq_c(st_attr_string(st_op_get_attr(target, "class")), "cgra"))
		return st_op_error(target, "cgra-map: target @%s is of class '%.*s', not cgra",
		                   st_ident_cstr(st_symbol_name(target)), (int)st_attr_string(st_op_get_attr(target, "class")).len,
		                   st_attr_string(st_op_get_attr(target, "class")).data);
	st_cgra_fabric *f = st_cgra_fabric_create(target);
	if (!f)
		return ST_FAIL;
	st_op *graphs[64];
	size_t ng = 0;
	st_block *b = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = st_block_first_op(b); op && ng < 64; op = st_op_next(op))
		if (is_op(op, "ub.graph"))
			graphs[ng++] = op;
	st_status st = ng ? ST_OK : st_op_error(module, "cgra-map: the module has no ub.graph (run ub-extract first)");
	for (size_t i = 0; st == ST_OK && i < ng; i++)
		st = map_graph(pass, module, graphs[i], target, f);
	st_cgra_fabric_destroy(f);
	return st;
}

static const st_pass_option_def map_opts[] = {
	{.name = "target",
	 .summary = "the acg.graph of class cgra (default: the module's only one)",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(map_options, target)},
	{.name = "schedule",
	 .summary = "options of ub-schedule (e.g. \"strategy=share-line share=a:b\")",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(map_options, schedule)},
	{.name = "seed",
	 .summary = "seed of the placer's annealing",
	 .kind = ST_PASS_OPT_INT,
	 .default_value = "1",
	 .offset = offsetof(map_options, seed)},
	{.name = "quiet",
	 .summary = "no progress lines on a terminal",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(map_options, quiet)},
	{.name = "route-iters",
	 .summary = "PathFinder iterations before giving up (0: 60)",
	 .kind = ST_PASS_OPT_INT,
	 .offset = offsetof(map_options, route_iters)},
};

static const st_pass_def map_pass = {
	.name = "cgra-map",
	.summary = "Map, place and route each ub.graph on the target CGRA fabric as a cgra.design",
	.anchor = "builtin.module",
	.options = map_opts,
	.noptions = sizeof map_opts / sizeof map_opts[0],
	.options_size = sizeof(map_options),
	.run = run_map,
};

st_status st_register_cgra_passes(st_context *ctx) {
	if (st_failed(st_register_cgra_dialect(ctx)) || st_failed(st_context_register_limit(ctx, &st__cg_writes_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__cg_elements_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__cg_cycles_limit)))
		return ST_FAIL;
	return st_context_register_pass(ctx, &map_pass);
}
