/* The memory mapper's analysis: which buffers are wires, which are delay
 * lines (one write port, every read port at a fixed distance in writes
 * behind it) and which need random access; the elements themselves are
 * built by ub_map_place.c.  A stream's taps come in closed form
 * (ub_map_closed.c); the scans below serve the rest and gated chains.  Distances are counted in writes, not cycles,
 * so a stage that writes 62 of every 64 cycles still gets a chain exactly
 * as long as its capacity (126 words for the cascade's conv1). */
#include "ub_map_rules.h"

#include <stdlib.h>
#include <string.h>

static int64_t linear_index(const st_ub_model_buffer *b, const st_ub_model_port *p, const int64_t *x) {
	return st_ub_element(b->shape, b->rank, p->acc, p->ndims, x);
}

static size_t box_points(const st_ub_model_port *p) {
	size_t n = 1;
	for (unsigned d = 0; d < p->ndims; d++)
		n *= (size_t)(p->hi[d] - p->lo[d] + 1);
	return n;
}

size_t st__ub_writes_before(const int64_t *wt, size_t n, int64_t t, size_t *hint) {
	size_t lo = 0, hi = n;
	if (*hint <= n && (*hint == 0 || wt[*hint - 1] < t)) {
		lo = *hint;
		while (lo < n && wt[lo] < t && lo - *hint < 8)
			lo++;
		if (lo == n || wt[lo] >= t)
			return *hint = lo;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (wt[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return *hint = lo;
}

/* A chain counts transfers: the values a port writes in one cycle (its
 * lanes, e.g. the 3 channels of a pixel) share a rank, so that each lane
 * is a delay line of the same distances. */
typedef struct chain_scan {
	int32_t *rank; /* per element: its transfer in write order, -1: never written */
	int64_t *wt;   /* per transfer, in order: its cycle */
	size_t nelems, nwrites; /* nwrites: points of the write port (wt's size) */
	size_t ntransfers;
} chain_scan;

/* Walks port p's domain a row (the innermost loop) at a time, stepping the
 * element and the cycle by their constant increments: this loop is the
 * mapper's whole cost on a large tile. */
typedef struct row_walk {
	int64_t x[ST_UB_MAX_DIMS];
	int64_t de, dt, n; /* per inner step; points per row */
} row_walk;

static void row_start(const st_ub_model_buffer *b, const st_ub_model_port *p, row_walk *r) {
	unsigned in = p->ndims - 1;
	memcpy(r->x, p->lo, sizeof r->x);
	r->de = 0;
	int64_t s = 1;
	for (unsigned d = b->rank; d-- > 0;) {
		r->de += p->acc[d].c[1 + in] * s;
		s *= b->shape[d];
	}
	r->dt = p->sched.c[1 + in];
	r->n = p->hi[in] - p->lo[in] + 1;
}

/* The next row's first point; false after the last row. */
static bool row_next(const st_ub_model_port *p, row_walk *r) {
	return p->ndims > 1 && st_ub_next_point(p->ndims - 1, p->lo, p->hi, r->x);
}

/* Write order of the one write port w; false when its schedule decreases
 * along the domain's row-major order (not a stream). */
static bool scan_writes(st_ub_model *m, size_t w, chain_scan *s) {
	const st_ub_model_port *p = &m->ports[w];
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	row_walk r;
	size_t i = 0;
	if (p->ndims == 0 || s->nwrites > INT32_MAX)
		return false;
	row_start(b, p, &r);
	do {
		int64_t e = linear_index(b, p, r.x), t = st_ub_aff_eval(&p->sched, p->ndims, r.x);
		for (int64_t j = 0; j < r.n; j++, e += r.de, t += r.dt) {
			if ((i && t < s->wt[i - 1]) || s->rank[e] >= 0)
				return false;
			if (!i || t > s->wt[i - 1])
				s->wt[i++] = t;
			s->rank[e] = (int32_t)(i - 1);
		}
	} while (row_next(p, &r));
	s->ntransfers = i;
	return true;
}

/* Past this many lanes a read's taps must agree (else: random access). */
#define MAX_LANE_TAPS 64

/* The chain position read port k taps: the same for every point of a lane
 * instance (tap[l] for lane l, nl of them); false when there is none.
 * With a gate (gate[i]: gated transfers before transfer i), distances
 * count gated transfers and an ungated value is read only as it is
 * written (position 0). */
static bool scan_read(st_ub_model *m, size_t k, const chain_scan *s, const int64_t *gate, int64_t *tap, unsigned nl) {
	const st_ub_model_port *p = &m->ports[k];
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	size_t hint = 0;
	row_walk r;
	if (p->ndims == 0)
		return false;
	for (unsigned l = 0; l < nl; l++)
		tap[l] = -1;
	row_start(b, p, &r);
	unsigned in = p->ndims - 1;
	do {
		int64_t e = linear_index(b, p, r.x), t = st_ub_aff_eval(&p->sched, p->ndims, r.x);
		unsigned lane = st_ub_port_lane(p, r.x);
		/* Along an innermost lane dimension the lane steps with the row. */
		unsigned dl = st_ub_is_lane_dim(p, in) ? 1 : 0;
		for (int64_t j = 0; j < r.n; j++, e += r.de, t += r.dt, lane += dl) {
			int32_t w = s->rank[e];
			if (w < 0)
				return false;
			size_t before = st__ub_writes_before(s->wt, s->ntransfers, t, &hint);
			int64_t d = (int64_t)before - w;
			if (gate && gate[w + 1] > gate[w])
				d = gate[before] - gate[w];
			else if (gate)
				d = s->wt[w] == t ? 0 : -1;
			if (d < 0 || (tap[lane] >= 0 && d != tap[lane]))
				return false;
			tap[lane] = d;
		}
	} while (row_next(p, &r));
	return true;
}

/* Whether every read of port k is of a value written in the same cycle. */
static bool reads_at_write(st_ub_model *m, size_t k, const chain_scan *s) {
	const st_ub_model_port *p = &m->ports[k];
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	memcpy(x, p->lo, sizeof x);
	do {
		int32_t w = s->rank[linear_index(b, p, x)];
		if (w < 0 || s->wt[w] != st_ub_aff_eval(&p->sched, p->ndims, x))
			return false;
	} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	return true;
}

static bool in_box(const int64_t *lo, const int64_t *hi, unsigned n, const int64_t *x) {
	for (unsigned d = 0; d < n; d++)
		if (x[d] < lo[d] || x[d] > hi[d])
			return false;
	return true;
}

static void grow_box(int64_t *lo, int64_t *hi, unsigned n, const int64_t *x, bool first) {
	for (unsigned d = 0; d < n; d++) {
		lo[d] = first || x[d] < lo[d] ? x[d] : lo[d];
		hi[d] = first || x[d] > hi[d] ? x[d] : hi[d];
	}
}

/* The elements (per buffer dimension) that port p touches at point x. */
static void element_coords(const st_ub_model_buffer *b, const st_ub_model_port *p, const int64_t *x, int64_t *c) {
	for (unsigned d = 0; d < b->rank; d++)
		c[d] = st_ub_aff_eval(&p->acc[d], p->ndims, x);
}

/* The candidate gate of a chain (ub_map.h): the write points whose
 * element lies in the bounding box of the elements that reads at a
 * nonzero distance touch.  False when they do not form a box of the write
 * domain; else info's box is set. */
static bool find_gate(st_ub_model *m, size_t bi, size_t w, const chain_scan *s, st_ub_buffer_info *info) {
	const st_ub_model_buffer *b = &m->buffers[bi];
	const st_ub_model_port *wp = &m->ports[w];
	int64_t elo[ST_UB_MAX_DIMS], ehi[ST_UB_MAX_DIMS], c[ST_UB_MAX_DIMS], x[ST_UB_MAX_DIMS];
	bool any = false;
	if (wp->ndims > ST_UB_MAP_MAX_LEVELS)
		return false;
	for (size_t k = 0; k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi || p->write || p->ndims == 0 || reads_at_write(m, k, s))
			continue;
		memcpy(x, p->lo, sizeof x);
		do {
			element_coords(b, p, x, c);
			grow_box(elo, ehi, b->rank, c, !any);
			any = true;
		} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	}
	size_t n = 0;
	memcpy(x, wp->lo, sizeof x);
	do {
		element_coords(b, wp, x, c);
		if (any && in_box(elo, ehi, b->rank, c))
			grow_box(info->gate_lo, info->gate_hi, wp->ndims, x, !n++);
	} while (st_ub_next_point(wp->ndims, wp->lo, wp->hi, x));
	size_t vol = 1;
	for (unsigned d = 0; n && d < wp->ndims; d++)
		vol *= (size_t)(info->gate_hi[d] - info->gate_lo[d] + 1);
	return n && n == vol;
}

/* gate[i]: the transfers before transfer i in the box lo..hi; false when
 * a transfer's lanes disagree or every write is in it. */
static bool gate_counts(st_ub_model *m, size_t w, const chain_scan *s, const int64_t *lo, const int64_t *hi,
                        int64_t *gate) {
	const st_ub_model_port *wp = &m->ports[w];
	const st_ub_model_buffer *b = &m->buffers[wp->buffer];
	int64_t x[ST_UB_MAX_DIMS];
	size_t n = 0;
	for (size_t i = 0; i <= s->ntransfers; i++)
		gate[i] = -1;
	memcpy(x, wp->lo, sizeof x);
	do {
		int64_t g = in_box(lo, hi, wp->ndims, x);
		int32_t r = s->rank[linear_index(b, wp, x)];
		if (gate[r] >= 0 && gate[r] != g)
			return false;
		gate[r] = g;
		n += (size_t)g;
	} while (st_ub_next_point(wp->ndims, wp->lo, wp->hi, x));
	int64_t sum = 0;
	for (size_t i = 0; i <= s->ntransfers; i++) {
		int64_t g = i < s->ntransfers ? gate[i] : 0;
		gate[i] = sum;
		sum += g;
	}
	return n < s->nwrites;
}

/* Sets the taps of buffer bi's read ports from the scan; false when one
 * has no fixed position (per lane), or out of memory (*oom). */
static bool chain_taps(st__ub_mapper *mp, size_t bi, const chain_scan *s, const int64_t *gate, bool *oom) {
	st_ub_model *m = mp->model;
	bool ok = true;
	for (size_t k = 0; ok && k < m->nports; k++) {
		const st_ub_model_port *p = &m->ports[k];
		if (p->buffer != (int)bi || p->write)
			continue;
		int64_t tap[MAX_LANE_TAPS];
		unsigned nl = st_ub_port_lanes(p, MAX_LANE_TAPS);
		ok = nl <= MAX_LANE_TAPS && scan_read(m, k, s, gate, tap, nl);
		bool same = true;
		for (unsigned l = 1; ok && l < nl; l++)
			same = same && tap[l] == tap[0];
		mp->map->taps[k] = ok && same ? tap[0] : -1;
		if (ok && !st_ub_map_set_lane_taps(mp->map, k, same ? 0 : nl, same ? NULL : tap))
			ok = !(*oom = true);
	}
	return ok;
}

static int cmp_i64(const void *a, const void *b) {
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* A gated chain when its gate gives every read a fixed position (on a
 * memory without wide fetch, whose counters can skip writes).  The
 * candidate box may end too early (the unsharp's last output row reads
 * while the input's last row, outside the box, is written): dimensions
 * are widened to the whole domain, fewest first, until the distances are
 * constant. */
static bool gated_chain(st__ub_mapper *mp, size_t bi, size_t w, const chain_scan *s, bool *oom) {
	st_ub_buffer_info *info = &mp->map->buffers[bi];
	const st_ub_model_port *wp = &mp->model->ports[w];
	if (mp->target->fetch > 1 || !find_gate(mp->model, bi, w, s, info))
		return false;
	int64_t *gate = st_ctx_alloc(mp->model->ctx, (s->ntransfers + 1) * sizeof *gate);
	*oom = !gate;
	int64_t lo[ST_UB_MAP_MAX_LEVELS], hi[ST_UB_MAP_MAX_LEVELS];
	unsigned nd = wp->ndims, full = (1u << nd) - 1;
	bool ok = false;
	for (unsigned wide = 0; gate && !ok && wide <= nd; wide++)
		for (unsigned mask = 0; !ok && mask < full; mask++) {
			unsigned bits = 0;
			for (unsigned d = 0; d < nd; d++)
				bits += mask >> d & 1;
			if (bits != wide)
				continue;
			for (unsigned d = 0; d < nd; d++) {
				lo[d] = mask >> d & 1 ? wp->lo[d] : info->gate_lo[d];
				hi[d] = mask >> d & 1 ? wp->hi[d] : info->gate_hi[d];
			}
			ok = gate_counts(mp->model, w, s, lo, hi, gate) && chain_taps(mp, bi, s, gate, oom);
		}
	if (ok) {
		memcpy(info->gate_lo, lo, nd * sizeof *lo);
		memcpy(info->gate_hi, hi, nd * sizeof *hi);
	}
	info->ngate = ok ? nd : 0;
	if (gate)
		st_ctx_free(mp->model->ctx, gate, (s->ntransfers + 1) * sizeof *gate);
	return ok;
}

/* Sets the taps of buffer bi's read ports and returns true when it is a
 * delay line written by port *w. */
static bool find_chain(st__ub_mapper *mp, size_t bi, size_t *w, bool *oom) {
	st_ub_model *m = mp->model;
	size_t nw = 0;
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && m->ports[k].write) {
			*w = k;
			nw++;
		}
	if (nw != 1)
		return false;
	int closed = mp->scan ? -1 : st__ub_chain_closed(mp, bi, *w);
	if (closed >= 0)
		return closed == 1;
	chain_scan s = {0};
	const st_ub_model_buffer *b = &m->buffers[bi];
	s.nelems = 1;
	for (unsigned d = 0; d < b->rank; d++)
		s.nelems *= (size_t)b->shape[d];
	s.nwrites = box_points(&m->ports[*w]);
	s.rank = st_ctx_alloc(m->ctx, s.nelems * sizeof *s.rank);
	s.wt = st_ctx_alloc(m->ctx, s.nwrites * sizeof *s.wt);
	bool ok = s.rank && s.wt;
	*oom = !ok;
	if (ok) {
		memset(s.rank, 0xff, s.nelems * sizeof *s.rank);
		ok = scan_writes(m, *w, &s);
	}
	/* A wide SRAM's aggregator packs values one a write: no lanes. */
	ok = ok && (s.ntransfers == s.nwrites || mp->target->fetch <= 1);
	ok = ok && (gated_chain(mp, bi, *w, &s, oom) || (!*oom && chain_taps(mp, bi, &s, NULL, oom)));
	if (s.rank)
		st_ctx_free(m->ctx, s.rank, s.nelems * sizeof *s.rank);
	if (s.wt)
		st_ctx_free(m->ctx, s.wt, s.nwrites * sizeof *s.wt);
	for (size_t k = 0; !ok && k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi) {
			mp->map->taps[k] = -1;
			st_ub_map_set_lane_taps(mp->map, k, 0, NULL);
		}
	return ok;
}

static st_status map_buffer(st__ub_mapper *mp, size_t bi) {
	st_ub_model *m = mp->model;
	st_ub_buffer_info *info = &mp->map->buffers[bi];
	st_op *op = m->buffers[bi].op;
	info->op = op;
	st_attr *cap = st_op_get_attr(op, "capacity");
	info->capacity = cap ? st_attr_int_value(cap) : -1;
	st_attr *kind = st_op_get_attr(op, "kind");
	/* Register files take a tap buffer whole (its reads need no PE
	 * registers: a read at a moving index, a depthwise layer's weight per
	 * channel, is an address). */
	if (kind && st_str_eq_c(st_attr_string(kind), "tap")) {
		bool written = false;
		for (size_t k = 0; k < m->nports; k++)
			written |= m->ports[k].buffer == (int)bi && m->ports[k].write;
		info->map = mp->ram_registers && written ? ST_UB_MAP_RAM : ST_UB_MAP_TAP;
		return info->map == ST_UB_MAP_RAM ? st__ub_place_ram(mp, bi, false) : ST_OK;
	}
	if (kind && st_str_eq_c(st_attr_string(kind), "rom")) {
		info->map = ST_UB_MAP_ROM;
		return st__ub_place_ram(mp, bi, true);
	}
	/* Rewritten elements: not a delay line (one value per element) but a
	 * memory addressed by the access maps, whose window counts values. */
	if (st_ub_is_accumulation(m, bi)) {
		info->map = ST_UB_MAP_RAM;
		return st__ub_place_ram(mp, bi, false);
	}
	if (info->capacity == 0) {
		for (size_t k = 0; k < m->nports; k++)
			if (m->ports[k].buffer == (int)bi && !m->ports[k].write)
				mp->map->taps[k] = 0;
		info->map = ST_UB_MAP_WIRE;
		return ST_OK;
	}
	size_t w = 0;
	bool oom = false;
	if (!find_chain(mp, bi, &w, &oom)) {
		if (oom)
			return ST_FAIL;
		info->map = ST_UB_MAP_RAM;
		return st__ub_place_ram(mp, bi, false);
	}
	/* The distinct positions tapped, 0 (the write) included. */
	size_t room = 1;
	for (size_t k = 0; k < m->nports; k++)
		room += mp->map->lane_taps && mp->map->lane_taps[k] ? mp->map->nlane_taps[k] : 1;
	int64_t *taps = st_ctx_alloc(m->ctx, room * sizeof *taps);
	if (!taps)
		return ST_FAIL;
	size_t ntaps = 0;
	taps[ntaps++] = 0;
	for (size_t k = 0; k < m->nports; k++) {
		if (m->ports[k].buffer != (int)bi || m->ports[k].write)
			continue;
		unsigned nl = mp->map->lane_taps && mp->map->lane_taps[k] ? mp->map->nlane_taps[k] : 1;
		for (unsigned l = 0; l < nl; l++) {
			int64_t t = st_ub_map_tap(mp->map, k, l);
			bool seen = false;
			for (size_t i = 0; i < ntaps && !seen; i++)
				seen = taps[i] == t;
			if (!seen)
				taps[ntaps++] = t;
		}
	}
	qsort(taps, ntaps, sizeof taps[0], cmp_i64);
	info->chain = taps[ntaps - 1];
	info->map = info->chain ? ST_UB_MAP_CHAIN : ST_UB_MAP_WIRE;
	st_status st = info->chain ? st__ub_place_chain(mp, bi, w, taps, ntaps) : ST_OK;
	st_ctx_free(m->ctx, taps, room * sizeof *taps);
	return st;
}

st_ub_mem *st__ub_map_add_mem(st__ub_mapper *mp, size_t bi, st_ub_mem_kind kind) {
	st_ub_map *map = mp->map;
	if (!st_ctx_grow(map->ctx, (void **)&map->mems, &map->cap_mems, NULL, sizeof *map->mems, map->nmems + 1))
		return NULL;
	st_ub_mem *mem = &map->mems[map->nmems++];
	memset(mem, 0, sizeof *mem);
	mem->kind = kind;
	mem->buffer = (int)bi;
	mem->tiles = mem->copies = mem->fetch = 1;
	return mem;
}

/* Controllers and segments are few per element: exact-size arrays. */
st_ub_ctrl *st__ub_map_add_ctrls(st__ub_mapper *mp, st_ub_mem *mem, size_t n) {
	st_context *ctx = mp->map->ctx;
	st_ub_ctrl *c = st_ctx_realloc(ctx, mem->ctrls, mem->nctrls * sizeof *c, (mem->nctrls + n) * sizeof *c);
	if (!c)
		return NULL;
	mem->ctrls = c;
	memset(c + mem->nctrls, 0, n * sizeof *c);
	mem->nctrls += n;
	return c + mem->nctrls - n;
}

void st__ub_ctrl_of_box(const st_ub_model *m, size_t k, const int64_t *lo, const int64_t *hi, const int64_t *as,
                        int64_t aoff, st_ub_ctrl *c) {
	const st_ub_model_port *p = &m->ports[k];
	c->write = p->write;
	c->port = (int)k;
	c->levels = p->ndims;
	c->cycle_offset = st_ub_aff_eval(&p->sched, p->ndims, lo);
	c->addr_offset = aoff;
	for (unsigned d = 0; d < p->ndims; d++) {
		c->extent[d] = hi[d] - lo[d] + 1;
		c->cycle_stride[d] = p->sched.c[1 + d];
		c->addr_stride[d] = as ? as[d] : 0;
	}
	st_ub_levels_in_time(c->levels, c->extent, c->cycle_stride, c->addr_stride);
}

void st_ub_levels_in_time(unsigned levels, int64_t *extent, int64_t *cycle_stride, int64_t *addr_stride) {
	unsigned at[ST_UB_MAP_MAX_LEVELS], n = 0;
	for (unsigned i = 0; i < levels && i < ST_UB_MAP_MAX_LEVELS; i++)
		if (cycle_stride[i])
			at[n++] = i;
	/* Insertion sort of the moving levels, in the slots they occupy. */
	for (unsigned j = 1; j < n; j++)
		for (unsigned k = j; k > 0 && cycle_stride[at[k - 1]] < cycle_stride[at[k]]; k--) {
			unsigned a = at[k - 1], b = at[k];
			int64_t e = extent[a], c = cycle_stride[a], s = addr_stride[a];
			extent[a] = extent[b], cycle_stride[a] = cycle_stride[b], addr_stride[a] = addr_stride[b];
			extent[b] = e, cycle_stride[b] = c, addr_stride[b] = s;
		}
}

void st__ub_ctrl_of_port(const st_ub_model *m, size_t k, const int64_t *as, int64_t aoff, st_ub_ctrl *c) {
	st__ub_ctrl_of_box(m, k, m->ports[k].lo, m->ports[k].hi, as, aoff, c);
}

bool st_ub_map_set_lane_taps(st_ub_map *m, size_t k, unsigned n, const int64_t *v) {
	if (m->lane_taps && m->lane_taps[k]) {
		st_ctx_free(m->ctx, m->lane_taps[k], m->nlane_taps[k] * sizeof **m->lane_taps);
		m->lane_taps[k] = NULL;
		m->nlane_taps[k] = 0;
	}
	if (!v || !n)
		return true;
	if (!m->lane_taps) {
		size_t np = m->nports + 1;
		int64_t **lt = st_ctx_alloc(m->ctx, np * sizeof *lt);
		unsigned *nlt = st_ctx_alloc(m->ctx, np * sizeof *nlt);
		if (!lt || !nlt) {
			if (lt)
				st_ctx_free(m->ctx, lt, np * sizeof *lt);
			if (nlt)
				st_ctx_free(m->ctx, nlt, np * sizeof *nlt);
			return false;
		}
		memset(lt, 0, np * sizeof *lt);
		memset(nlt, 0, np * sizeof *nlt);
		m->lane_taps = lt;
		m->nlane_taps = nlt;
	}
	if (!(m->lane_taps[k] = st_ctx_alloc(m->ctx, n * sizeof *v)))
		return false;
	memcpy(m->lane_taps[k], v, n * sizeof *v);
	m->nlane_taps[k] = n;
	return true;
}

void st_ub_map_free(st_ub_map *m) {
	if (!m)
		return;
	st_context *ctx = m->ctx;
	for (size_t k = 0; m->lane_taps && k < m->nports; k++)
		st_ub_map_set_lane_taps(m, k, 0, NULL);
	if (m->lane_taps)
		st_ctx_free(ctx, m->lane_taps, (m->nports + 1) * sizeof *m->lane_taps);
	if (m->nlane_taps)
		st_ctx_free(ctx, m->nlane_taps, (m->nports + 1) * sizeof *m->nlane_taps);
	for (size_t i = 0; i < m->nmems; i++) {
		st_ctx_free(ctx, m->mems[i].ctrls, m->mems[i].nctrls * sizeof *m->mems[i].ctrls);
		st_ctx_free(ctx, m->mems[i].segments, m->mems[i].nsegments * sizeof *m->mems[i].segments);
	}
	if (m->mems)
		st_ctx_free(ctx, m->mems, m->cap_mems * sizeof *m->mems);
	if (m->buffers)
		st_ctx_free(ctx, m->buffers, (m->nbuffers + 1) * sizeof *m->buffers);
	if (m->taps)
		st_ctx_free(ctx, m->taps, (m->nports + 1) * sizeof *m->taps);
	st_ctx_free(ctx, m, sizeof *m);
}

st_status st_ub_map_graph(st_op *graph, const st_ub_map_options *opt, st_ub_map **out) {
	*out = NULL;
	st_context *ctx = st_op_context(graph);
	st_ub_model *model = st_ub_model_build(graph);
	if (!model)
		return ST_FAIL;
	st__ub_target target = {.name = "mem", .fetch = 1};
	st_ub_map *map = st_ctx_alloc(ctx, sizeof *map);
	if (map) {
		memset(map, 0, sizeof *map);
		map->ctx = ctx;
		map->nbuffers = model->nbuffers;
		map->nports = model->nports;
		map->buffers = st_ctx_alloc(ctx, (map->nbuffers + 1) * sizeof *map->buffers);
		map->taps = st_ctx_alloc(ctx, (map->nports + 1) * sizeof *map->taps);
	}
	st_status st = map && map->buffers && map->taps ? ST_OK : ST_FAIL;
	if (st == ST_OK && opt && opt->target)
		st = st__ub_target_read(opt->target, opt->node, graph, &target);
	st__ub_mapper mp = {.model = model, .map = map, .target = &target, .sr_max = opt && opt->sr_max ? opt->sr_max : 4,
	                     .scan = opt && opt->scan, .ram_registers = opt && opt->ram_registers};
	if (st == ST_OK) {
		memset(map->buffers, 0, (map->nbuffers + 1) * sizeof *map->buffers);
		for (size_t k = 0; k < map->nports; k++)
			map->taps[k] = -1;
	}
	for (size_t b = 0; st == ST_OK && b < model->nbuffers; b++)
		st = map_buffer(&mp, b);
	if (st == ST_OK)
		st = st__ub_coalesce(&mp);
	if (st == ST_OK && target.count && mp.tiles_used > target.count)
		st = st_op_error(graph, "the graph needs %lld %s memories, the target has %lld", (long long)mp.tiles_used,
		                 target.name, (long long)target.count);
	st_ub_model_destroy(model);
	if (st == ST_OK) {
		*out = map;
		return ST_OK;
	}
	st_ub_map_free(map);
	return ST_FAIL;
}
