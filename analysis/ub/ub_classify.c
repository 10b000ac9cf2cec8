/* The kind of each buffer, after the source's table 4.3 (usage x index
 * pattern -> memory type), decided from the scheduled ports and the
 * capacity (docs/unified-buffers.md, "Classification"):
 *
 *   tap, rom      constant tables, set by ub-extract (the graph no longer
 *                 shows how the kernels index them); a ROM holds its table
 *   accumulation  a statement reads and writes the buffer (read-modify-write)
 *   wire          capacity 0
 *   double        on a coarse-grained schedule (the graph has a `period`):
 *                 the writer fills tile after tile (its outermost loop), each
 *                 tile is whole before its first read and is drained before
 *                 the tile after next starts, and some tile is read while the
 *                 next one is written: ping-pong halves of one tile each, so
 *                 the capacity is two tiles (the exact live count is kept as
 *                 `live`)
 *   tap           single-init: every value is written before the first read
 *                 (weights, or any buffer of a sequential schedule)
 *   line          a value is read more than once (stencil reuse)
 *   stream        each value is read once, later than written (a FIFO) */
#include "ub_analysis_private.h"

#include <isl/union_map.h>
#include <isl/union_set.h>
#include <string.h>

typedef struct elem_use {
	int64_t w, first, last; /* INT64_MIN/MAX when absent */
	int32_t reads;
} elem_use;

typedef struct tile_use {
	int64_t min_w, max_w, first_r, last_r;
} tile_use;

typedef struct walk {
	elem_use *u;
	tile_use *tiles;
	int64_t tile_lo;
	bool write;
} walk;

static bool note(void *ud, int64_t e, int64_t t, const int64_t *x) {
	walk *w = ud;
	elem_use *u = &w->u[e];
	if (w->write) {
		u->w = t;
		if (w->tiles) {
			tile_use *k = &w->tiles[x[0] - w->tile_lo];
			k->min_w = t < k->min_w ? t : k->min_w;
			k->max_w = t > k->max_w ? t : k->max_w;
		}
		return true;
	}
	u->first = t < u->first ? t : u->first;
	u->last = t > u->last ? t : u->last;
	u->reads++;
	return true;
}

/* The reads of each element the writer stores, per tile of the writer. */
static bool gather(void *ud, int64_t e, int64_t t, const int64_t *x) {
	walk *w = ud;
	tile_use *k = &w->tiles[x[0] - w->tile_lo];
	(void)t;
	if (w->u[e].reads) {
		k->first_r = w->u[e].first < k->first_r ? w->u[e].first : k->first_r;
		k->last_r = w->u[e].last > k->last_r ? w->u[e].last : k->last_r;
	}
	return true;
}

static size_t elements(const st_ub_model_buffer *b) {
	size_t n = 1;
	for (unsigned d = 0; d < b->rank; d++)
		n *= (size_t)b->shape[d];
	return n;
}

/* The double-buffer pattern over the writer's tiles (see above). */
static bool ping_pong(const tile_use *t, int64_t n) {
	bool overlap = false;
	for (int64_t k = 0; k < n; k++) {
		if (t[k].first_r <= t[k].max_w || t[k].first_r == INT64_MAX)
			return false;
		if (k + 2 < n && t[k].last_r > t[k + 2].min_w)
			return false;
		overlap = overlap || (k + 1 < n && t[k + 1].min_w < t[k].last_r);
	}
	return overlap;
}

/* The earliest or latest cycle of port p (an affine function of a box is
 * extreme at a corner). */
static int64_t sched_extreme(const st_ub_model_port *p, bool latest) {
	int64_t t = p->sched.c[0];
	for (unsigned d = 0; d < p->ndims; d++) {
		int64_t c = p->sched.c[1 + d];
		t += c * ((c > 0) == latest ? p->hi[d] : p->lo[d]);
	}
	return t;
}

/* Whether two read points (of any ports) reach the same element: the
 * reads' access relation composed with its inverse is more than the
 * identity.  isl decides it on the boxes without enumerating them. */
static bool reread(const st_ub_model *m, size_t bi) {
	isl_union_map *r = NULL;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi || p->write)
			continue;
		isl_union_map *u = isl_union_map_from_map(
			isl_map_intersect_domain(isl_map_copy(p->access), isl_set_copy(p->domain)));
		r = r ? isl_union_map_union(r, u) : u;
	}
	if (!r)
		return false;
	isl_union_map *back = isl_union_map_reverse(isl_union_map_copy(r));
	isl_union_map *same = isl_union_map_apply_range(r, back);
	isl_union_map *id = isl_union_set_identity(isl_union_map_domain(isl_union_map_copy(same)));
	same = isl_union_map_subtract(same, id);
	bool any = isl_union_map_is_empty(same) == isl_bool_false;
	isl_union_map_free(same);
	return any;
}

/* The double-buffer test walks every access of the buffer, so it runs
 * only on coarse-grained schedules (a graph with a `period`): stencil
 * graphs of a 1080p frame keep their cost at one walk (ub-capacity's). */
static bool double_buffer(st_ub_model *m, size_t bi, const st_ub_model_port *writer, int64_t ntiles) {
	const st_ub_model_buffer *b = &m->buffers[bi];
	size_t n = elements(b);
	walk w = {.u = st_ctx_alloc(m->ctx, n * sizeof *w.u), .tile_lo = writer->lo[0]};
	w.tiles = st_ctx_alloc(m->ctx, (size_t)ntiles * sizeof *w.tiles);
	bool yes = false;
	if (w.u && w.tiles) {
		for (size_t e = 0; e < n; e++)
			w.u[e] = (elem_use){INT64_MIN, INT64_MAX, INT64_MIN, 0};
		for (int64_t k = 0; k < ntiles; k++)
			w.tiles[k] = (tile_use){INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN};
		w.write = true;
		st_ub_model_port_each(m, writer, note, &w);
		w.write = false;
		for (size_t k = 0; k < m->nports; k++)
			if (m->ports[k].buffer == (int)bi && !m->ports[k].write)
				st_ub_model_port_each(m, &m->ports[k], note, &w);
		st_ub_model_port_each(m, writer, gather, &w);
		yes = ping_pong(w.tiles, ntiles);
	}
	if (w.u)
		st_ctx_free(m->ctx, w.u, n * sizeof *w.u);
	if (w.tiles)
		st_ctx_free(m->ctx, w.tiles, (size_t)ntiles * sizeof *w.tiles);
	return yes;
}

static const char *classify(st_ub_model *m, size_t bi, int64_t *cap, int64_t *live) {
	const st_ub_model_port *writer = NULL;
	size_t nwriters = 0;
	int64_t last_w = INT64_MIN, first_r = INT64_MAX;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi)
			continue;
		if (p->write) {
			writer = p;
			nwriters++;
			last_w = sched_extreme(p, true) > last_w ? sched_extreme(p, true) : last_w;
		} else if (sched_extreme(p, false) < first_r) {
			first_r = sched_extreme(p, false);
		}
	}
	if (st_ub_is_accumulation(m, bi))
		return "accumulation";
	if (*cap == 0)
		return "wire";
	st_attr *period = st_op_get_attr(m->graph, "period");
	int64_t ntiles = nwriters == 1 && writer->ndims >= 2 ? writer->hi[0] - writer->lo[0] + 1 : 0;
	if (period && ntiles > 1 && double_buffer(m, bi, writer, ntiles)) {
		int64_t tile = 1;
		for (unsigned d = 1; d < writer->ndims; d++)
			tile *= writer->hi[d] - writer->lo[d] + 1;
		*live = *cap;
		*cap = 2 * tile > *cap ? 2 * tile : *cap;
		return "double";
	}
	if (last_w < first_r)
		return "tap";
	return reread(m, bi) ? "line" : "stream";
}

st_status st_ub_classify(st_ub_model *m, int64_t *caps) {
	st_type *i64 = st_integer_type(m->ctx, 64, ST_SIGNLESS);
	for (size_t b = 0; b < m->nbuffers; b++) {
		st_op *op = m->buffers[b].op;
		st_attr *preset = st_op_get_attr(op, "kind");
		if (preset && st_attr_get_kind(preset) == ST_ATTR_STRING &&
		    (st_str_eq_c(st_attr_string(preset), "tap") || st_str_eq_c(st_attr_string(preset), "rom"))) {
			bool ported = false;
			for (size_t k = 0; k < m->nports; k++)
				ported = ported || m->ports[k].buffer == (int)b;
			if (!ported) {
				/* A table the kernels hold: a ROM stores it whole. */
				caps[b] = st_str_eq_c(st_attr_string(preset), "rom") ? (int64_t)elements(&m->buffers[b]) : 0;
				continue;
			}
		}
		int64_t live = -1;
		const char *kind = classify(m, b, &caps[b], &live);
		st_op_set_attr(op, "kind", st_string_attr(m->ctx, st_str_c(kind)));
		if (live >= 0)
			st_op_set_attr(op, "live", st_integer_attr(m->ctx, i64, live));
	}
	return ST_OK;
}
