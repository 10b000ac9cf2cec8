/* The IR form of a memory map and the pass `ub-map` that writes it: `map`
 * on each ub.buffer, `tap` (or per lane `lane_taps`) on the read ports of
 * a delay line, and one
 * ub.mem op per physical element at the end of the graph, carrying its
 * controller vectors (docs/dialects/ub.md, "Memory mapping"). */
#include "ub_map_rules.h"
#include "strata/acg.h"

#include <string.h>

static const char *const mem_kinds[] = {"sr", "line", "ram", "rom"};
static const char *const buffer_maps[] = {"wire", "chain", "ram", "rom", "tap"};

static st_attr *i64(st_context *ctx, int64_t v) { return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v); }

static st_attr *i64s(st_context *ctx, size_t n, const int64_t *v) {
	return st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, v);
}

static st_named_attr entry(st_context *ctx, const char *name, st_attr *value) {
	return (st_named_attr){.name = st_ident_get_c(ctx, name), .value = value};
}

static const char *const ctrl_units[] = {"sram", "agg", "tb"};
static const char *const ctrl_phases[] = {"", "init", "accumulate", "readout"};

/* `unit`, `clock` and `phase` are written only when they are not the
 * default (the memory itself, counting cycles, not an accumulation). */
static st_attr *ctrl_attr(st_context *ctx, const st_ub_ctrl *c) {
	st_named_attr e[12] = {
		entry(ctx, "dir", st_string_attr(ctx, st_str_c(c->write ? "write" : "read"))),
		entry(ctx, "port", i64(ctx, c->port)),
		entry(ctx, "extent", i64s(ctx, c->levels, c->extent)),
		entry(ctx, "cycle_stride", i64s(ctx, c->levels, c->cycle_stride)),
		entry(ctx, "cycle_offset", i64(ctx, c->cycle_offset)),
		entry(ctx, "addr_stride", i64s(ctx, c->levels, c->addr_stride)),
		entry(ctx, "addr_offset", i64(ctx, c->addr_offset)),
		entry(ctx, "wrap", i64(ctx, c->wrap)),
		entry(ctx, "base", i64(ctx, c->base)),
	};
	size_t n = 9;
	if (c->unit != ST_UB_UNIT_SRAM)
		e[n++] = entry(ctx, "unit", st_string_attr(ctx, st_str_c(ctrl_units[c->unit])));
	if (c->write_clock)
		e[n++] = entry(ctx, "clock", st_string_attr(ctx, st_str_c("write")));
	if (c->phase != ST_UB_PHASE_NONE)
		e[n++] = entry(ctx, "phase", st_string_attr(ctx, st_str_c(ctrl_phases[c->phase])));
	return st_dict_attr(ctx, n, e);
}

/* The ub.mem of one element, appended to the graph's body b. */
static st_op *mem_op(st_context *ctx, st_block *b, const st_ub_map *m, const st_ub_mem *mem, st_attr *loc) {
	size_t nc = mem->nctrls, ns = 3 * mem->nsegments;
	st_attr **ctrls = st_ctx_alloc(ctx, (nc + 1) * sizeof *ctrls);
	int64_t *seg = st_ctx_alloc(ctx, (ns + 1) * sizeof *seg);
	if (!ctrls || !seg) {
		if (ctrls)
			st_ctx_free(ctx, ctrls, (nc + 1) * sizeof *ctrls);
		return NULL;
	}
	for (size_t i = 0; i < nc; i++)
		ctrls[i] = ctrl_attr(ctx, &mem->ctrls[i]);
	for (size_t i = 0; i < mem->nsegments; i++) {
		seg[3 * i] = mem->segments[i].from;
		seg[3 * i + 1] = mem->segments[i].to;
		seg[3 * i + 2] = mem->segments[i].base;
	}
	st_named_attr e[8];
	size_t n = 0;
	e[n++] = entry(ctx, "depth", i64(ctx, mem->depth));
	if (mem->kind == ST_UB_MEM_SR) {
		e[n++] = entry(ctx, "from", i64(ctx, mem->from));
		e[n++] = entry(ctx, "to", i64(ctx, mem->to));
	} else {
		e[n++] = entry(ctx, "fetch", i64(ctx, mem->fetch));
		e[n++] = entry(ctx, "tiles", i64(ctx, mem->tiles));
		e[n++] = entry(ctx, "copies", i64(ctx, mem->copies));
	}
	if (ns)
		e[n++] = entry(ctx, "segments", i64s(ctx, ns, seg));
	st_builder bld = st_builder_at_end(ctx, b, loc);
	st_op *op = st_ub_build_mem(&bld, st_str_c(mem->name), st_ub_buffer_name(m->buffers[mem->buffer].op),
	                            mem_kinds[mem->kind], st_str_c(mem->node), mem->words, nc, ctrls, n, e);
	st_ctx_free(ctx, ctrls, (nc + 1) * sizeof *ctrls);
	st_ctx_free(ctx, seg, (ns + 1) * sizeof *seg);
	return op;
}

st_status st_ub_map_write_ir(st_op *graph, const st_ub_map *m) {
	st_context *ctx = st_op_context(graph);
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	size_t k = 0;
	for (st_op *x = b ? st_block_first_op(b) : NULL, *next; x; x = next) {
		next = st_op_next(x);
		if (st_ub_is_mem(x)) {
			st_op_erase(x);
		} else if (st_ub_is_port(x)) {
			if (k < m->nports && m->taps[k] >= 0)
				st_op_set_attr(x, "tap", i64(ctx, m->taps[k]));
			else
				st_op_remove_attr(x, "tap");
			if (k < m->nports && m->lane_taps && m->lane_taps[k])
				st_op_set_attr(x, "lane_taps", i64s(ctx, m->nlane_taps[k], m->lane_taps[k]));
			else
				st_op_remove_attr(x, "lane_taps");
			k++;
		}
	}
	for (size_t i = 0; i < m->nbuffers; i++) {
		const st_ub_buffer_info *info = &m->buffers[i];
		st_op_set_attr(info->op, "map", st_string_attr(ctx, st_str_c(buffer_maps[info->map])));
		/* The gate as [lo..., hi...] over the write port's dimensions. */
		int64_t box[2 * ST_UB_MAP_MAX_LEVELS];
		memcpy(box, info->gate_lo, info->ngate * sizeof *box);
		memcpy(box + info->ngate, info->gate_hi, info->ngate * sizeof *box);
		if (info->ngate)
			st_op_set_attr(info->op, "gate", i64s(ctx, 2 * info->ngate, box));
		else
			st_op_remove_attr(info->op, "gate");
	}
	for (size_t i = 0; i < m->nmems; i++) {
		if (!mem_op(ctx, b, m, &m->mems[i], st_op_loc(m->buffers[m->mems[i].buffer].op)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* ---------------------------------------------------------------- the pass */

typedef struct ub_map_options {
	const char *target, *node;
	int64_t sr_max;
	bool scan;
} ub_map_options;

/* The module's acg.graph when there is one: mapping without a target is
 * fine, so its absence is no error (st_acg_find_target would report it). */
static st_op *target_of(st_op *top, const ub_map_options *o) {
	if (o->target && *o->target)
		return st_acg_find_target(top, o->target);
	st_block *b = st_op_num_regions(top) ? st_region_first_block(st_op_region(top, 0)) : NULL;
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x))
		if (st_str_eq_c(st_ident_str(st_op_name(x)), "acg.graph"))
			return st_acg_find_target(top, NULL);
	return NULL;
}

typedef struct map_walk {
	st_ub_map_options opt;
	st_status st;
} map_walk;

static st_walk_result map_one(st_op *op, void *ud) {
	if (!st_ub_is_graph(op))
		return ST_WALK_ADVANCE;
	map_walk *w = ud;
	st_ub_map *m = NULL;
	w->st = st_ub_map_graph(op, &w->opt, &m);
	if (w->st == ST_OK)
		w->st = st_ub_map_write_ir(op, m);
	st_ub_map_free(m);
	return w->st == ST_OK ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

static st_status run_map(st_pass *pass, st_op *op) {
	const ub_map_options *o = st_pass_options(pass);
	map_walk w = {.opt = {.sr_max = o->sr_max, .node = o->node, .scan = o->scan}, .st = ST_OK};
	if (o->sr_max < 0)
		return st_op_error(op, "ub-map: sr-max must be non-negative");
	w.opt.target = target_of(op, o);
	if (o->target && *o->target && !w.opt.target)
		return ST_FAIL;
	st_walk(op, ST_WALK_PRE, map_one, &w);
	return w.st;
}

static const st_pass_option_def map_opts[] = {
	{.name = "target",
	 .summary = "the acg.graph whose memories take the buffers (default: the module's only one, if any)",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(ub_map_options, target)},
	{.name = "node",
	 .summary = "the storage node to use (default: the first on-chip memory of a grid, else of the graph)",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(ub_map_options, node)},
	{.name = "sr-max",
	 .summary = "longest gap between taps kept in shift registers (0: 4)",
	 .kind = ST_PASS_OPT_INT,
	 .default_value = "0",
	 .offset = offsetof(ub_map_options, sr_max)},
	{.name = "scan",
	 .summary = "follow every read to find the delay lines, also where the closed form applies (the reference it is "
	            "tested against)",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(ub_map_options, scan)},
};

const st_pass_def st__ub_map_pass = {
	.name = "ub-map",
	.summary = "Map scheduled unified buffers to wires, shift registers and the target's memories",
	.options = map_opts,
	.noptions = 4,
	.options_size = sizeof(ub_map_options),
	.run = run_map,
};
