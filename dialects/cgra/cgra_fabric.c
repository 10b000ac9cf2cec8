/* The fabric model: an `.acg` grid of class cgra expanded into its
 * routing-resource graph (docs/cgra.md, "Fabric model").  Every tile has a
 * switch box driving `tracks` wires of each track class out of each side
 * that has a neighbour, connection boxes feeding its input pins from the
 * wires that arrive, and `sb_regs` register sites per class.  Which
 * incoming track a switch box joins to which outgoing one is the grid's
 * `switchbox` topology: disjoint (same track), Wilton's (Wilton 1997) or
 * Imran's (Masud and Wilton 1999), as Canal defines them for Amber. */
#include "cgra_private.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char side_letter[4] = {'N', 'E', 'S', 'W'};
static const int64_t side_dr[4] = {-1, 0, 1, 0}, side_dc[4] = {0, 1, 0, -1};

static int opposite(int s) { return (s + 2) & 3; }

/* ------------------------------------------------------------ topologies */

/* How a switch box maps track i arriving on side `from` to a track leaving
 * on side `to` (w tracks per side).  Each table lists the side pairs and
 * the track function one way; the other way is its inverse. */
typedef enum track_fn { T_ID, T_NEG, T_INC, T_DEC, T_NEG2, T_NEGM2 } track_fn;
typedef struct sb_rule {
	int from, to;
	track_fn fn;
} sb_rule;

enum { NN = ST_CGRA_NORTH, EE = ST_CGRA_EAST, SS = ST_CGRA_SOUTH, WW = ST_CGRA_WEST };

static const sb_rule wilton_rules[] = {
	{WW, EE, T_ID}, {SS, NN, T_ID}, {WW, SS, T_NEG}, {SS, EE, T_INC}, {EE, NN, T_NEG2}, {NN, WW, T_INC},
};
static const sb_rule imran_rules[] = {
	{WW, NN, T_NEG}, {NN, EE, T_INC}, {SS, EE, T_NEGM2}, {WW, SS, T_DEC}, {WW, EE, T_ID}, {SS, NN, T_ID},
};

static int64_t pmod(int64_t a, int64_t w) { return ((a % w) + w) % w; }

static int64_t apply_fn(track_fn fn, int64_t t, int64_t w, bool inverse) {
	switch (fn) {
	case T_ID:
		return t;
	case T_NEG:
		return pmod(w - t, w);
	case T_INC:
		return pmod(inverse ? t - 1 : t + 1, w);
	case T_DEC:
		return pmod(inverse ? t + 1 : t - 1, w);
	case T_NEG2:
		return pmod(2 * w - 2 - t, w);
	case T_NEGM2:
		return pmod(w - t - 2, w);
	}
	return t;
}

/* The track leaving on `to` that track i arriving on `from` reaches, or -1
 * when the topology joins no track of these two sides. */
static int64_t sb_track(int topology, int from, int to, int64_t i, int64_t w) {
	if (from == to)
		return -1;
	if (topology == 0)
		return i;
	const sb_rule *rules = topology == 1 ? wilton_rules : imran_rules;
	for (size_t k = 0; k < 6; k++) {
		if (rules[k].from == from && rules[k].to == to)
			return apply_fn(rules[k].fn, i, w, false);
		if (rules[k].from == to && rules[k].to == from)
			return apply_fn(rules[k].fn, i, w, true);
	}
	return -1;
}

const st_limit_def st__cgra_nodes_limit = {
	.name = "cgra-fabric-nodes",
	.summary = "routing-resource nodes of a CGRA fabric (wires, pins, register sites)",
	.value = 1 << 22,
	.max = 1 << 26,
};

/* --------------------------------------------------------------- reading */

static int64_t param_int(st_op *op, const char *key, int64_t dflt, int64_t max, bool *bad) {
	st_attr *a = st_acg_param(op, key);
	if (!a)
		return dflt;
	if (st_attr_get_kind(a) != ST_ATTR_INTEGER || st_attr_is_bool(a) || st_attr_int_value(a) < 0 ||
	    st_attr_int_value(a) > max) {
		st_op_error(op, "'param %s' of the CGRA fabric must be an integer from 0 to %lld", key, (long long)max);
		*bad = true;
		return dflt;
	}
	return st_attr_int_value(a);
}

static st_op *find_grid(st_op *target) {
	st_region *r = st_op_num_regions(target) ? st_op_region(target, 0) : NULL;
	st_block *b = r ? st_region_first_block(r) : NULL;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "acg.grid"))
			return op;
	return NULL;
}

static int32_t class_of(const st_cgra_fabric *f, int32_t width) {
	for (int32_t k = 0; k < f->nclasses; k++)
		if (f->cls_width[k] == width)
			return k;
	return -1;
}

static st_status read_tiles(st_cgra_fabric *f) {
	int64_t R = f->rows + 2, C = f->cols + 2;
	f->tile_index = st_ctx_alloc(f->ctx, (size_t)(R * C) * sizeof *f->tile_index);
	if (!f->tile_index)
		return ST_FAIL;
	size_t n = 0;
	for (int64_t r = -1; r <= f->rows; r++)
		for (int64_t c = -1; c <= f->cols; c++)
			n += st_acg_grid_tile_at(f->grid, r, c) != NULL;
	f->tiles = st_ctx_alloc(f->ctx, (n + 1) * sizeof *f->tiles);
	if (!f->tiles)
		return ST_FAIL;
	f->tiles_cap = n;
	bool bad = false;
	for (int64_t r = -1; r <= f->rows; r++)
		for (int64_t c = -1; c <= f->cols; c++) {
			st_op *k = st_acg_grid_tile_at(f->grid, r, c);
			f->tile_index[(r + 1) * C + (c + 1)] = k ? (int32_t)f->ntiles : -1;
			if (!k)
				continue;
			st_cgra_tile *t = &f->tiles[f->ntiles++];
			*t = (st_cgra_tile){.row = r, .col = c, .node = k};
			switch (st_acg_node_kind(k)) {
			case ST_ACG_COMPUTE:
				t->kind = ST_CGRA_PE;
				t->data_in = (int32_t)param_int(k, "data_in", 2, 64, &bad);
				t->data_out = (int32_t)param_int(k, "data_out", 1, 64, &bad);
				break;
			case ST_ACG_STORAGE:
				t->kind = ST_CGRA_MEM;
				t->data_in = (int32_t)st_acg_int(k, "ports_in", 1);
				t->data_out = (int32_t)st_acg_int(k, "ports_out", 1);
				break;
			default:
				t->kind = ST_CGRA_IO;
				t->data_in = (int32_t)st_acg_int(k, "ports_in", 1);
				t->data_out = (int32_t)st_acg_int(k, "ports_out", 1);
				break;
			}
			t->bit_in = (int32_t)param_int(k, "bit_in", 0, 64, &bad);
			t->bit_out = (int32_t)param_int(k, "bit_out", 0, 64, &bad);
			if (bad)
				return ST_FAIL;
			if ((t->bit_in || t->bit_out) && class_of(f, 1) < 0)
				return st_op_error(k, "tile kind '%s' has 1-bit ports but the grid has no 1-bit tracks",
				                   st_ident_cstr(st_symbol_name(k)));
			if (t->data_in > 64 || t->data_out > 64 || t->bit_in > 64 || t->bit_out > 64)
				return st_op_error(k, "tile kind '%s' has more than 64 ports of one kind",
				                   st_ident_cstr(st_symbol_name(k)));
		}
	return ST_OK;
}

static int32_t neighbour(const st_cgra_fabric *f, const st_cgra_tile *t, int side) {
	return st_cgra_fabric_tile_at(f, t->row + side_dr[side], t->col + side_dc[side]);
}

/* Node numbering: per tile, per class its wires side by side (sides with a
 * neighbour only), then the tile's pins, then per class the register
 * sites' d and q. */
static st_status number_nodes(st_cgra_fabric *f) {
	size_t T = f->ntiles, K = (size_t)f->nclasses;
	f->wire_first = st_ctx_alloc(f->ctx, (T * K * 4 + 1) * sizeof *f->wire_first);
	f->pin_first = st_ctx_alloc(f->ctx, (T + 1) * sizeof *f->pin_first);
	f->reg_first = st_ctx_alloc(f->ctx, (T * K + 1) * sizeof *f->reg_first);
	if (!f->wire_first || !f->pin_first || !f->reg_first)
		return ST_FAIL;
	uint64_t n = 0;
	for (size_t t = 0; t < T; t++) {
		const st_cgra_tile *tl = &f->tiles[t];
		for (size_t k = 0; k < K; k++)
			for (int s = 0; s < 4; s++) {
				bool has = neighbour(f, tl, s) >= 0;
				f->wire_first[(t * K + k) * 4 + (size_t)s] = has ? (int32_t)n : -1;
				n += has ? (uint64_t)f->cls_tracks[k] : 0;
			}
		f->pin_first[t] = (int32_t)n;
		n += (uint64_t)(tl->data_in + tl->bit_in + tl->data_out + tl->bit_out);
		for (size_t k = 0; k < K; k++) {
			f->reg_first[t * K + k] = (int32_t)n;
			n += 2 * (uint64_t)f->sb_regs;
		}
		int64_t cap = st_context_limit(f->ctx, &st__cgra_nodes_limit);
		if ((int64_t)n > cap) {
			char hint[160];
			return st_op_error(f->grid, "the fabric has more than %lld routing nodes %s", (long long)cap,
			                   st_limit_hint(f->ctx, &st__cgra_nodes_limit, hint, sizeof hint));
		}
	}
	f->nnodes = (size_t)n;
	f->nodes = st_ctx_alloc(f->ctx, (f->nnodes + 1) * sizeof *f->nodes);
	if (!f->nodes)
		return ST_FAIL;
	for (size_t t = 0; t < T; t++) {
		const st_cgra_tile *tl = &f->tiles[t];
		for (size_t k = 0; k < K; k++)
			for (int s = 0; s < 4; s++) {
				int32_t first = f->wire_first[(t * K + k) * 4 + (size_t)s];
				for (int32_t i = 0; first >= 0 && i < f->cls_tracks[k]; i++)
					f->nodes[first + i] = (st_cgra_node){ST_CGRA_WIRE, (int32_t)t, f->cls_width[k], s, i};
			}
		int32_t p = f->pin_first[t];
		const int32_t counts[4] = {tl->data_in, tl->bit_in, tl->data_out, tl->bit_out};
		for (int g = 0; g < 4; g++)
			for (int32_t i = 0; i < counts[g]; i++)
				f->nodes[p++] = (st_cgra_node){g < 2 ? ST_CGRA_PIN_IN : ST_CGRA_PIN_OUT, (int32_t)t,
				                               g % 2 ? 1 : f->data_width, -1, i};
		for (size_t k = 0; k < K; k++)
			for (int32_t i = 0; i < f->sb_regs; i++) {
				int32_t d = f->reg_first[t * K + k] + 2 * i;
				f->nodes[d] = (st_cgra_node){ST_CGRA_REG_D, (int32_t)t, f->cls_width[k], -1, i};
				f->nodes[d + 1] = (st_cgra_node){ST_CGRA_REG_Q, (int32_t)t, f->cls_width[k], -1, i};
			}
	}
	return ST_OK;
}

/* ------------------------------------------------------------------ edges */

/* The sources at tile t a width-`w` sink can take without a wire: its
 * output pins and register outputs of that width. */
static size_t local_sources(const st_cgra_fabric *f, size_t t, int32_t w, int32_t *out) {
	const st_cgra_tile *tl = &f->tiles[t];
	int32_t src[160];
	size_t n = 0;
	int32_t p = f->pin_first[t] + tl->data_in + tl->bit_in;
	for (int32_t i = 0; w == f->data_width && i < tl->data_out; i++)
		src[n++] = p + i;
	for (int32_t i = 0; w == 1 && i < tl->bit_out; i++)
		src[n++] = p + tl->data_out + i;
	int32_t k = class_of(f, w);
	for (int32_t i = 0; k >= 0 && i < f->sb_regs && n < sizeof src / sizeof src[0]; i++)
		src[n++] = f->reg_first[t * (size_t)f->nclasses + (size_t)k] + 2 * i + 1;
	if (out)
		memcpy(out, src, n * sizeof *src);
	return n;
}

/* The wire arriving at tile t from side s on track i of class k, or -1. */
static int32_t arriving(const st_cgra_fabric *f, size_t t, int s, size_t k, int32_t i) {
	int32_t nb = neighbour(f, &f->tiles[t], s);
	if (nb < 0)
		return -1;
	int32_t first = f->wire_first[((size_t)nb * (size_t)f->nclasses + k) * 4 + (size_t)opposite(s)];
	return first < 0 ? -1 : first + i;
}

/* The mux inputs of node v in their fixed order (out NULL: count only). */
static size_t fanin_of(const st_cgra_fabric *f, int32_t v, int32_t *out) {
	const st_cgra_node *nd = &f->nodes[v];
	size_t t = (size_t)nd->tile, n = 0;
	int32_t k = class_of(f, nd->width);
	if (nd->kind == ST_CGRA_WIRE) {
		int64_t w = f->cls_tracks[k];
		for (int s = 0; s < 4; s++)
			for (int32_t i = 0; i < f->cls_tracks[k]; i++) {
				if (sb_track(f->topology, s, nd->side, i, w) != nd->index)
					continue;
				int32_t a = arriving(f, t, s, (size_t)k, i);
				if (a < 0)
					continue;
				if (out)
					out[n] = a;
				n++;
			}
		return n + local_sources(f, t, nd->width, out ? out + n : NULL);
	}
	if (nd->kind != ST_CGRA_PIN_IN && nd->kind != ST_CGRA_REG_D)
		return 0;
	for (int s = 0; k >= 0 && s < 4; s++)
		for (int32_t i = 0; i < f->cls_tracks[k]; i++) {
			int32_t a = arriving(f, t, s, (size_t)k, i);
			if (a < 0)
				continue;
			if (out)
				out[n] = a;
			n++;
		}
	return n + local_sources(f, t, nd->width, out ? out + n : NULL);
}

static st_status build_edges(st_cgra_fabric *f) {
	size_t V = f->nnodes;
	f->in_start = st_ctx_alloc(f->ctx, (V + 1) * sizeof *f->in_start);
	f->out_start = st_ctx_alloc(f->ctx, (V + 1) * sizeof *f->out_start);
	if (!f->in_start || !f->out_start)
		return ST_FAIL;
	uint64_t E = 0;
	for (size_t v = 0; v < V; v++) {
		f->in_start[v] = (uint32_t)E;
		E += fanin_of(f, (int32_t)v, NULL);
		if (E > UINT32_MAX / 2)
			return st_op_error(f->grid, "the fabric has more routing edges than the model holds");
	}
	f->in_start[V] = (uint32_t)E;
	f->in_edges = st_ctx_alloc(f->ctx, (size_t)(E + 1) * sizeof *f->in_edges);
	f->out_edges = st_ctx_alloc(f->ctx, (size_t)(E + 1) * sizeof *f->out_edges);
	if (!f->in_edges || !f->out_edges)
		return ST_FAIL;
	memset(f->out_start, 0, (V + 1) * sizeof *f->out_start);
	for (size_t v = 0; v < V; v++) {
		fanin_of(f, (int32_t)v, f->in_edges + f->in_start[v]);
		for (uint32_t e = f->in_start[v]; e < f->in_start[v + 1]; e++)
			f->out_start[f->in_edges[e] + 1]++;
	}
	for (size_t v = 0; v < V; v++)
		f->out_start[v + 1] += f->out_start[v];
	uint32_t *fill = st_ctx_alloc(f->ctx, (V + 1) * sizeof *fill);
	if (!fill)
		return ST_FAIL;
	memcpy(fill, f->out_start, (V + 1) * sizeof *fill);
	for (size_t v = 0; v < V; v++)
		for (uint32_t e = f->in_start[v]; e < f->in_start[v + 1]; e++)
			f->out_edges[fill[f->in_edges[e]]++] = (int32_t)v;
	st_ctx_free(f->ctx, fill, (V + 1) * sizeof *fill);
	return ST_OK;
}

/* ------------------------------------------------------------------ build */

st_cgra_fabric *st_cgra_fabric_create(st_op *target) {
	st_context *ctx = st_op_context(target);
	st_op *grid = find_grid(target);
	if (!grid) {
		st_op_error(target, "a CGRA target needs a grid of tiles");
		return NULL;
	}
	st_cgra_fabric *f = st_ctx_alloc(ctx, sizeof *f);
	if (!f)
		return NULL;
	*f = (st_cgra_fabric){.ctx = ctx, .target = target, .grid = grid};
	f->rows = st_acg_int(grid, "rows", 0);
	f->cols = st_acg_int(grid, "cols", 0);
	st_attr *tracks = st_op_get_attr(grid, "tracks");
	size_t nt = tracks ? st_attr_dense_array_size(tracks) / 2 : 0;
	st_str sb = st_attr_string(st_op_get_attr(grid, "switchbox"));
	f->topology = st_str_eq_c(sb, "disjoint") ? 0 : st_str_eq_c(sb, "imran") ? 2 : 1;
	bool bad = false;
	f->sb_regs = (int32_t)param_int(grid, "sb_regs", 0, 64, &bad);
	f->max_hops = (int32_t)param_int(grid, "max_hops", 0, 1 << 20, &bad);
	if (bad)
		goto fail;
	if (nt > ST__CGRA_MAX_CLASSES) {
		st_op_error(grid, "a CGRA grid has at most %d track classes", ST__CGRA_MAX_CLASSES);
		goto fail;
	}
	for (size_t i = 0; i < nt; i++) {
		int64_t w = st_attr_dense_array_int(tracks, 2 * i), n = st_attr_dense_array_int(tracks, 2 * i + 1);
		if (w > 64 || n > 64) {
			st_op_error(grid, "a CGRA track class is at most 64 bits wide and 64 tracks per side, not %lld x %lld",
			            (long long)w, (long long)n);
			goto fail;
		}
		for (int32_t k = 0; k < f->nclasses; k++)
			if (f->cls_width[k] == w) {
				st_op_error(grid, "the grid has two track classes of %lld bits", (long long)w);
				goto fail;
			}
		f->cls_width[f->nclasses] = (int32_t)w;
		f->cls_tracks[f->nclasses++] = (int32_t)n;
		f->data_width = f->data_width > (int32_t)w ? f->data_width : (int32_t)w;
	}
	if (st_failed(read_tiles(f)) || st_failed(number_nodes(f)) || st_failed(build_edges(f)))
		goto fail;
	return f;
fail:
	st_cgra_fabric_destroy(f);
	return NULL;
}

void st_cgra_fabric_destroy(st_cgra_fabric *f) {
	if (!f)
		return;
	st_context *ctx = f->ctx;
	size_t T = f->ntiles, K = (size_t)f->nclasses, V = f->nnodes;
	if (f->tile_index)
		st_ctx_free(ctx, f->tile_index, (size_t)((f->rows + 2) * (f->cols + 2)) * sizeof *f->tile_index);
	/* ntiles may be short of the allocation after a failure while reading
	 * the tiles; the arrays below were allocated only once all were read. */
	if (f->tiles)
		st_ctx_free(ctx, f->tiles, (f->tiles_cap + 1) * sizeof *f->tiles);
	if (f->wire_first)
		st_ctx_free(ctx, f->wire_first, (T * K * 4 + 1) * sizeof *f->wire_first);
	if (f->pin_first)
		st_ctx_free(ctx, f->pin_first, (T + 1) * sizeof *f->pin_first);
	if (f->reg_first)
		st_ctx_free(ctx, f->reg_first, (T * K + 1) * sizeof *f->reg_first);
	if (f->nodes)
		st_ctx_free(ctx, f->nodes, (V + 1) * sizeof *f->nodes);
	size_t E = f->in_start && f->in_edges ? f->in_start[V] : 0;
	if (f->in_start)
		st_ctx_free(ctx, f->in_start, (V + 1) * sizeof *f->in_start);
	if (f->out_start)
		st_ctx_free(ctx, f->out_start, (V + 1) * sizeof *f->out_start);
	if (f->in_edges)
		st_ctx_free(ctx, f->in_edges, (E + 1) * sizeof *f->in_edges);
	if (f->out_edges)
		st_ctx_free(ctx, f->out_edges, (E + 1) * sizeof *f->out_edges);
	st_ctx_free(ctx, f, sizeof *f);
}

/* ---------------------------------------------------------------- queries */

st_op *st_cgra_fabric_grid(const st_cgra_fabric *f) { return f->grid; }
st_op *st_cgra_fabric_target(const st_cgra_fabric *f) { return f->target; }
int64_t st_cgra_fabric_rows(const st_cgra_fabric *f) { return f->rows; }
int64_t st_cgra_fabric_cols(const st_cgra_fabric *f) { return f->cols; }
int32_t st_cgra_fabric_data_width(const st_cgra_fabric *f) { return f->data_width; }
size_t st_cgra_fabric_num_track_classes(const st_cgra_fabric *f) { return (size_t)f->nclasses; }
void st_cgra_fabric_track_class(const st_cgra_fabric *f, size_t i, int32_t *width, int32_t *tracks) {
	*width = i < (size_t)f->nclasses ? f->cls_width[i] : 0;
	*tracks = i < (size_t)f->nclasses ? f->cls_tracks[i] : 0;
}
int32_t st_cgra_fabric_sb_regs(const st_cgra_fabric *f) { return f->sb_regs; }
int32_t st_cgra_fabric_max_hops(const st_cgra_fabric *f) { return f->max_hops; }
size_t st_cgra_fabric_num_tiles(const st_cgra_fabric *f) { return f->ntiles; }
const st_cgra_tile *st_cgra_fabric_tile(const st_cgra_fabric *f, size_t i) {
	return i < f->ntiles ? &f->tiles[i] : NULL;
}

int32_t st_cgra_fabric_tile_at(const st_cgra_fabric *f, int64_t row, int64_t col) {
	if (row < -1 || row > f->rows || col < -1 || col > f->cols)
		return -1;
	return f->tile_index[(row + 1) * (f->cols + 2) + (col + 1)];
}

size_t st_cgra_fabric_count(const st_cgra_fabric *f, st_cgra_tile_kind kind) {
	size_t n = 0;
	for (size_t i = 0; i < f->ntiles; i++)
		n += f->tiles[i].kind == kind;
	return n;
}

size_t st_cgra_fabric_num_nodes(const st_cgra_fabric *f) { return f->nnodes; }
const st_cgra_node *st_cgra_fabric_node(const st_cgra_fabric *f, int32_t id) {
	return id >= 0 && (size_t)id < f->nnodes ? &f->nodes[id] : NULL;
}

size_t st_cgra_fabric_fanout(const st_cgra_fabric *f, int32_t id, const int32_t **out) {
	*out = f->out_edges + f->out_start[id];
	return f->out_start[id + 1] - f->out_start[id];
}

size_t st_cgra_fabric_fanin(const st_cgra_fabric *f, int32_t id, const int32_t **in) {
	*in = f->in_edges + f->in_start[id];
	return f->in_start[id + 1] - f->in_start[id];
}

int32_t st_cgra_fabric_edge_index(const st_cgra_fabric *f, int32_t from, int32_t to) {
	if (from < 0 || to < 0 || (size_t)from >= f->nnodes || (size_t)to >= f->nnodes)
		return -1;
	for (uint32_t e = f->in_start[to]; e < f->in_start[to + 1]; e++)
		if (f->in_edges[e] == from)
			return (int32_t)(e - f->in_start[to]);
	return -1;
}

int32_t st_cgra_fabric_pin(const st_cgra_fabric *f, int32_t tile, bool input, int32_t width, int32_t index) {
	if (tile < 0 || (size_t)tile >= f->ntiles || index < 0)
		return -1;
	const st_cgra_tile *t = &f->tiles[tile];
	int32_t p = f->pin_first[tile];
	bool bit = width == 1 && f->data_width != 1;
	int32_t count = input ? (bit ? t->bit_in : t->data_in) : (bit ? t->bit_out : t->data_out);
	if (index >= count)
		return -1;
	if (!input)
		p += t->data_in + t->bit_in;
	return p + (bit ? (input ? t->data_in : t->data_out) : 0) + index;
}

int32_t st_cgra_fabric_wire(const st_cgra_fabric *f, int32_t tile, int32_t width, int32_t side, int32_t track) {
	int32_t k = class_of(f, width);
	if (tile < 0 || (size_t)tile >= f->ntiles || k < 0 || side < 0 || side > 3 || track < 0 ||
	    track >= f->cls_tracks[k])
		return -1;
	int32_t first = f->wire_first[((size_t)tile * (size_t)f->nclasses + (size_t)k) * 4 + (size_t)side];
	return first < 0 ? -1 : first + track;
}

int32_t st_cgra_fabric_reg(const st_cgra_fabric *f, int32_t tile, int32_t width, int32_t site, bool q) {
	int32_t k = class_of(f, width);
	if (tile < 0 || (size_t)tile >= f->ntiles || k < 0 || site < 0 || site >= f->sb_regs)
		return -1;
	return f->reg_first[(size_t)tile * (size_t)f->nclasses + (size_t)k] + 2 * site + (q ? 1 : 0);
}

static uint64_t fnv(uint64_t h, int64_t v) {
	for (int i = 0; i < 8; i++) {
		h ^= (uint64_t)(v >> (8 * i)) & 0xff;
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t st_cgra_fabric_fingerprint(const st_cgra_fabric *f) {
	uint64_t h = 0xcbf29ce484222325ull;
	h = fnv(fnv(fnv(fnv(h, f->rows), f->cols), f->topology), f->sb_regs);
	for (int32_t k = 0; k < f->nclasses; k++)
		h = fnv(fnv(h, f->cls_width[k]), f->cls_tracks[k]);
	for (size_t t = 0; t < f->ntiles; t++) {
		const st_cgra_tile *tl = &f->tiles[t];
		h = fnv(fnv(fnv(h, tl->row), tl->col), tl->kind);
		h = fnv(fnv(fnv(fnv(h, tl->data_in), tl->bit_in), tl->data_out), tl->bit_out);
	}
	return h;
}

int64_t st_cgra_fabric_distance(const st_cgra_fabric *f, int32_t a, int32_t b) {
	int64_t dr = f->tiles[a].row - f->tiles[b].row, dc = f->tiles[a].col - f->tiles[b].col;
	return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/* ------------------------------------------------------------------ names */

size_t st_cgra_fabric_node_name(const st_cgra_fabric *f, int32_t id, char *buf, size_t n) {
	const st_cgra_node *nd = st_cgra_fabric_node(f, id);
	if (!nd)
		return (size_t)snprintf(buf, n, "?");
	const st_cgra_tile *t = &f->tiles[nd->tile];
	int k = snprintf(buf, n, "(%" PRId64 ",%" PRId64 ").", t->row, t->col);
	size_t at = k < 0 ? 0 : (size_t)k < n ? (size_t)k : n;
	char *p = buf + at;
	size_t left = n - at;
	bool bit = nd->width == 1 && f->data_width != 1;
	switch (nd->kind) {
	case ST_CGRA_WIRE:
		k = snprintf(p, left, "%c%d.%d", side_letter[nd->side], nd->width, nd->index);
		break;
	case ST_CGRA_PIN_IN:
		k = snprintf(p, left, "%s%d", bit ? "bit" : "data", nd->index);
		break;
	case ST_CGRA_PIN_OUT:
		k = snprintf(p, left, "%s%d", bit ? "outb" : "out", nd->index);
		break;
	default:
		k = snprintf(p, left, "reg%d.%d.%c", nd->width, nd->index, nd->kind == ST_CGRA_REG_D ? 'd' : 'q');
		break;
	}
	return at + (k < 0 ? 0 : (size_t)k);
}

/* A decimal number at s[*i] (with an optional '-'); false when there is none
 * or it does not fit. */
static bool scan_int(st_str s, size_t *i, int64_t *v) {
	bool neg = *i < s.len && s.data[*i] == '-';
	size_t j = *i + neg;
	int64_t x = 0;
	if (j >= s.len || s.data[j] < '0' || s.data[j] > '9')
		return false;
	for (; j < s.len && s.data[j] >= '0' && s.data[j] <= '9'; j++) {
		if (x > 100000000)
			return false;
		x = x * 10 + (s.data[j] - '0');
	}
	*v = neg ? -x : x;
	*i = j;
	return true;
}

static bool scan_lit(st_str s, size_t *i, const char *lit) {
	size_t n = strlen(lit);
	if (*i + n > s.len || memcmp(s.data + *i, lit, n))
		return false;
	*i += n;
	return true;
}

int32_t st_cgra_fabric_lookup(const st_cgra_fabric *f, st_str s) {
	size_t i = 0;
	int64_t r, c, a, b;
	if (!scan_lit(s, &i, "(") || !scan_int(s, &i, &r) || !scan_lit(s, &i, ",") || !scan_int(s, &i, &c) ||
	    !scan_lit(s, &i, ")."))
		return -1;
	int32_t t = st_cgra_fabric_tile_at(f, r, c);
	if (t < 0 || i >= s.len)
		return -1;
	int32_t id = -1;
	const char *sl = memchr(side_letter, s.data[i], 4);
	if (sl && i + 1 < s.len && s.data[i + 1] >= '0' && s.data[i + 1] <= '9') {
		i++;
		if (!scan_int(s, &i, &a) || !scan_lit(s, &i, ".") || !scan_int(s, &i, &b))
			return -1;
		int32_t k = class_of(f, (int32_t)a);
		int32_t first = k < 0 ? -1 : f->wire_first[((size_t)t * (size_t)f->nclasses + (size_t)k) * 4 +
		                                           (size_t)(sl - side_letter)];
		id = first >= 0 && b >= 0 && b < f->cls_tracks[k] ? first + (int32_t)b : -1;
	} else if (scan_lit(s, &i, "data") || scan_lit(s, &i, "bit")) {
		bool bit = s.data[i - 1] == 't';
		id = scan_int(s, &i, &a) ? st_cgra_fabric_pin(f, t, true, bit ? 1 : f->data_width, (int32_t)a) : -1;
	} else if (scan_lit(s, &i, "outb")) {
		id = scan_int(s, &i, &a) ? st_cgra_fabric_pin(f, t, false, 1, (int32_t)a) : -1;
	} else if (scan_lit(s, &i, "out")) {
		id = scan_int(s, &i, &a) ? st_cgra_fabric_pin(f, t, false, f->data_width, (int32_t)a) : -1;
	} else if (scan_lit(s, &i, "reg")) {
		if (!scan_int(s, &i, &a) || !scan_lit(s, &i, ".") || !scan_int(s, &i, &b) || !scan_lit(s, &i, ".") ||
		    i + 1 != s.len || (s.data[i] != 'd' && s.data[i] != 'q'))
			return -1;
		id = st_cgra_fabric_reg(f, t, (int32_t)a, (int32_t)b, s.data[i] == 'q');
		i++;
	}
	return i == s.len ? id : -1;
}
