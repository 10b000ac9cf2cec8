/* Reads the IR form of a memory map (ub.mem ops, `map` and `tap`
 * attributes; docs/dialects/ub.md) back into an st_ub_map, so that tools
 * building hardware and the checker work from what the IR says, whoever
 * wrote it. */
#include "ub_map_rules.h"

#include <stdio.h>
#include <string.h>

static const char *const mem_kinds[] = {"sr", "line", "ram", "rom", NULL};
static const char *const buffer_maps[] = {"wire", "chain", "ram", "rom", "tap", NULL};

static int index_of(st_attr *a, const char *const *names) {
	for (int i = 0; a && names[i]; i++)
		if (st_str_eq_c(st_attr_string(a), names[i]))
			return i;
	return -1;
}

static int64_t int_attr(st_op *op, const char *name, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : dflt;
}

static int64_t dict_int(st_attr *d, const char *name) {
	st_attr *a = st_attr_dict_get_c(d, name);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : 0;
}

/* A gated chain's box, `gate = [lo..., hi...]` (ub_map.h). */
static st_status read_gate(st_op *op, st_ub_buffer_info *info) {
	st_attr *a = st_op_get_attr(op, "gate");
	if (!a)
		return ST_OK;
	size_t n = st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY ? st_attr_dense_array_size(a) : 0;
	if (!n || n % 2 || n > 2 * ST_UB_MAP_MAX_LEVELS)
		return st_op_error(op, "ub-map: 'gate' must be an array of 2 x n integers (lower and upper bounds), n <= %d",
		                   ST_UB_MAP_MAX_LEVELS);
	info->ngate = (unsigned)(n / 2);
	for (unsigned d = 0; d < info->ngate; d++) {
		info->gate_lo[d] = st_attr_dense_array_int(a, d);
		info->gate_hi[d] = st_attr_dense_array_int(a, info->ngate + d);
	}
	return ST_OK;
}

/* The verifier has checked the dictionary's shape. */
static void read_ctrl(st_attr *d, st_ub_ctrl *c) {
	static const char *const vecs[] = {"extent", "cycle_stride", "addr_stride"};
	int64_t *dst[] = {c->extent, c->cycle_stride, c->addr_stride};
	static const char *const units[] = {"sram", "agg", "tb", NULL};
	int u = index_of(st_attr_dict_get_c(d, "unit"), units);
	st_attr *clock = st_attr_dict_get_c(d, "clock");
	c->unit = u < 0 ? ST_UB_UNIT_SRAM : (st_ub_ctrl_unit)u;
	c->write_clock = clock && st_str_eq_c(st_attr_string(clock), "write");
	static const char *const phases[] = {"", "init", "accumulate", "readout", NULL};
	int ph = index_of(st_attr_dict_get_c(d, "phase"), phases);
	c->phase = ph < 0 ? ST_UB_PHASE_NONE : (st_ub_ctrl_phase)ph;
	c->write = st_str_eq_c(st_attr_string(st_attr_dict_get_c(d, "dir")), "write");
	c->port = (int)dict_int(d, "port");
	for (size_t v = 0; v < 3; v++) {
		st_attr *a = st_attr_dict_get_c(d, vecs[v]);
		c->levels = (unsigned)st_attr_dense_array_size(a);
		for (unsigned i = 0; i < c->levels; i++)
			dst[v][i] = st_attr_dense_array_int(a, i);
	}
	c->cycle_offset = dict_int(d, "cycle_offset");
	c->addr_offset = dict_int(d, "addr_offset");
	c->wrap = dict_int(d, "wrap");
	c->base = dict_int(d, "base");
}

static st_status read_mem(st__ub_mapper *mp, st_op *op, int bi) {
	st_ub_mem *mem = st__ub_map_add_mem(mp, (size_t)bi, (st_ub_mem_kind)index_of(st_op_get_attr(op, "kind"), mem_kinds));
	if (!mem)
		return ST_FAIL;
	st_str name = st_attr_string(st_op_get_attr(op, "name")), node = st_attr_string(st_op_get_attr(op, "node"));
	snprintf(mem->name, sizeof mem->name, "%.*s", (int)name.len, name.data);
	snprintf(mem->node, sizeof mem->node, "%.*s", (int)node.len, node.data);
	mem->words = int_attr(op, "words", 0);
	mem->depth = int_attr(op, "depth", mem->words);
	mem->from = int_attr(op, "from", 0);
	mem->to = int_attr(op, "to", 0);
	mem->fetch = int_attr(op, "fetch", 1);
	mem->tiles = int_attr(op, "tiles", 1);
	mem->copies = int_attr(op, "copies", 1);
	st_attr *seg = st_op_get_attr(op, "segments");
	if (seg && (st_attr_get_kind(seg) != ST_ATTR_DENSE_ARRAY || st_attr_dense_array_size(seg) % 3))
		return st_op_error(op, "'segments' must be an array of from, to, base triples");
	size_t ns = seg ? st_attr_dense_array_size(seg) / 3 : 0;
	if (ns) {
		mem->segments = st_ctx_alloc(mp->map->ctx, ns * sizeof *mem->segments);
		if (!mem->segments)
			return ST_FAIL;
		mem->nsegments = ns;
		for (size_t i = 0; i < ns; i++)
			mem->segments[i] = (st_ub_segment){st_attr_dense_array_int(seg, 3 * i), st_attr_dense_array_int(seg, 3 * i + 1),
			                                   st_attr_dense_array_int(seg, 3 * i + 2)};
	}
	st_attr *ctrls = st_op_get_attr(op, "ctrls");
	size_t nc = st_attr_array_size(ctrls);
	st_ub_ctrl *c = nc ? st__ub_map_add_ctrls(mp, mem, nc) : NULL;
	if (nc && !c)
		return ST_FAIL;
	for (size_t i = 0; i < nc; i++) {
		read_ctrl(st_attr_array_elt(ctrls, i), &c[i]);
		if (c[i].port < 0 || (size_t)c[i].port >= mp->map->nports)
			return st_op_error(op, "controller #%zu serves port %d; the graph has %zu", i, c[i].port, mp->map->nports);
	}
	return ST_OK;
}

static st_status read_graph(st__ub_mapper *mp, st_op *graph) {
	st_ub_map *map = mp->map;
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	size_t nb = 0, np = 0;
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (st_ub_is_buffer(x)) {
			int k = index_of(st_op_get_attr(x, "map"), buffer_maps);
			if (k < 0)
				return st_op_error(x, "buffer '%.*s' is not mapped (run ub-map)",
				                   (int)st_attr_string(st_op_get_attr(x, "name")).len,
				                   st_attr_string(st_op_get_attr(x, "name")).data);
			map->buffers[nb] = (st_ub_buffer_info){.op = x, .map = (st_ub_buffer_map)k, .capacity = int_attr(x, "capacity", -1)};
			if (st_failed(read_gate(x, &map->buffers[nb])))
				return ST_FAIL;
			nb++;
		} else if (st_ub_is_port(x)) {
			st_attr *lt = st_op_get_attr(x, "lane_taps");
			size_t n = lt && st_attr_get_kind(lt) == ST_ATTR_DENSE_ARRAY ? st_attr_dense_array_size(lt) : 0;
			if (lt && (!n || n > 64 || st_op_get_attr(x, "tap")))
				return st_op_error(x, "ub-map: 'lane_taps' must be an array of 1 to 64 positions, on a port without "
				                      "'tap'");
			int64_t v[64];
			for (size_t i = 0; i < n; i++)
				v[i] = st_attr_dense_array_int(lt, i);
			if (!st_ub_map_set_lane_taps(map, np, (unsigned)n, v))
				return ST_FAIL;
			map->taps[np++] = int_attr(x, "tap", -1);
		}
	}
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (!st_ub_is_mem(x))
			continue;
		st_str n = st_attr_string(st_op_get_attr(x, "buffer"));
		int bi = -1;
		for (size_t i = 0; i < nb && bi < 0; i++)
			if (st_str_eq(st_attr_string(st_op_get_attr(map->buffers[i].op, "name")), n))
				bi = (int)i;
		if (st_failed(read_mem(mp, x, bi)))
			return ST_FAIL;
		st_ub_mem *mem = &map->mems[map->nmems - 1];
		if (mem->kind == ST_UB_MEM_SR && mem->to > map->buffers[bi].chain)
			map->buffers[bi].chain = mem->to;
		for (size_t s = 0; s < mem->nsegments; s++)
			if (mem->segments[s].to > map->buffers[bi].chain)
				map->buffers[bi].chain = mem->segments[s].to;
	}
	return ST_OK;
}

st_status st_ub_map_read_ir(st_op *graph, st_ub_map **out) {
	st_context *ctx = st_op_context(graph);
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	size_t nb = 0, np = 0;
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		nb += st_ub_is_buffer(x);
		np += st_ub_is_port(x);
	}
	*out = NULL;
	st_ub_map *map = st_ctx_alloc(ctx, sizeof *map);
	if (!map)
		return ST_FAIL;
	memset(map, 0, sizeof *map);
	map->ctx = ctx;
	map->nbuffers = nb;
	map->nports = np;
	map->buffers = st_ctx_alloc(ctx, (nb + 1) * sizeof *map->buffers);
	map->taps = st_ctx_alloc(ctx, (np + 1) * sizeof *map->taps);
	if (map->buffers)
		memset(map->buffers, 0, (nb + 1) * sizeof *map->buffers);
	st__ub_mapper mp = {.map = map};
	if (!map->buffers || !map->taps || st_failed(read_graph(&mp, graph))) {
		st_ub_map_free(map);
		return ST_FAIL;
	}
	*out = map;
	return ST_OK;
}
