/* The mapping rules (docs/unified-buffers.md, "ub-map"): a delay line's
 * gaps become shift registers or line-memory segments, segments are packed
 * into the target's memories as its ports, depth and wide fetch allow and
 * chained when one memory is too small; other buffers become memories
 * addressed by their access maps modulo their address window, banked when
 * their reads need more ports; ROMs go to memories with a ROM mode.
 * Afterwards every controller's loops are coalesced to fit the address
 * generator. */
#include "ub_map_rules.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Words of one target memory for this buffer's elements (an element wider
 * than a word spans several banks); 0: unbounded. */
static int64_t tile_words(const st__ub_mapper *mp, size_t bi) {
	const st__ub_target *t = mp->target;
	if (!t->words)
		return 0;
	st_type *elt = st_type_element(st_value_type(st_op_result(mp->model->buffers[bi].op, 0)));
	int64_t bits = st_type_is_integer(elt) ? st_type_int_width(elt) : 32;
	int64_t span = t->data_width > 0 ? (bits + t->data_width - 1) / t->data_width : 1;
	return t->words / (span ? span : 1);
}

static int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

static void name_mem(st__ub_mapper *mp, st_ub_mem *mem, const char *what, size_t i) {
	snprintf(mem->name, sizeof mem->name, "%s_%s%zu", mp->model->buffers[mem->buffer].name, what, i);
}

/* The write points a chain shifts on: its gate, or the whole domain. */
static void chain_box(const st__ub_mapper *mp, size_t bi, size_t w, const int64_t **lo, const int64_t **hi) {
	const st_ub_buffer_info *info = &mp->map->buffers[bi];
	*lo = info->ngate ? info->gate_lo : mp->model->ports[w].lo;
	*hi = info->ngate ? info->gate_hi : mp->model->ports[w].hi;
}

/* Row-major strides of the box lo..hi of port p's domain: a write's rank
 * in write order.  Lanes (a dimension the schedule does not move along)
 * share their transfer's rank. */
static void rank_strides(const st_ub_model_port *p, const int64_t *lo, const int64_t *hi, int64_t *as) {
	int64_t s = 1;
	for (unsigned d = p->ndims; d-- > 0;) {
		bool lane = p->sched.c[1 + d] == 0;
		as[d] = lane ? 0 : s;
		s *= lane ? 1 : hi[d] - lo[d] + 1;
	}
}

static st_status add_sr(st__ub_mapper *mp, size_t bi, size_t w, int64_t from, int64_t to, size_t *nsr) {
	st_ub_mem *mem = st__ub_map_add_mem(mp, bi, ST_UB_MEM_SR);
	st_ub_ctrl *c = mem ? st__ub_map_add_ctrls(mp, mem, 1) : NULL;
	if (!c)
		return ST_FAIL;
	name_mem(mp, mem, "sr", (*nsr)++);
	snprintf(mem->node, sizeof mem->node, "reg");
	mem->words = mem->depth = to - from;
	mem->from = from;
	mem->to = to;
	const int64_t *lo, *hi;
	chain_box(mp, bi, w, &lo, &hi);
	st__ub_ctrl_of_box(mp->model, w, lo, hi, NULL, 0, c);
	return ST_OK;
}

/* Segments one memory may hold: a segment takes a write and a read port
 * (two of the ports reads and writes share), and on a single-port wide
 * SRAM two accesses every `fetch` writes. */
static size_t max_segments(const st__ub_target *t) {
	if (!t->node)
		return 1;
	int64_t n = t->ports_in < t->ports_out ? t->ports_in : t->ports_out;
	if (t->ports / 2 < n)
		n = t->ports / 2;
	if (t->fetch > 1 && t->fetch / 2 < n)
		n = t->fetch / 2;
	return n < 1 ? 1 : (size_t)n;
}

static int64_t mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }
static int64_t floor_div(int64_t a, int64_t m) { return (a - mod(a, m)) / m; }

/* Phases (write numbers mod F) at which a wide memory's single SRAM port
 * is taken by the segments already in it. */
static bool phase_used(const st_ub_mem *mem, int64_t phase) {
	for (size_t i = 0; i < mem->nctrls; i++) {
		const st_ub_ctrl *c = &mem->ctrls[i];
		if (c->unit == ST_UB_UNIT_SRAM && c->write_clock && mod(c->cycle_offset, mem->fetch) == phase)
			return true;
	}
	return false;
}

/* A wide segment of g words in memory `mem` (fetch F): the aggregator
 * starts its words at writes phi mod F and writes one to the SRAM after the
 * last; the transpose buffer loads a word e writes before its first word is
 * due.  Picks phi and e so that the SRAM's write and read fall on phases
 * no other segment of the memory uses; false when there are none. */
static bool pick_phases(const st_ub_mem *mem, int64_t g, int64_t *phi, int64_t *e) {
	int64_t F = mem->fetch;
	for (*phi = 0; *phi < F; ++*phi) {
		int64_t w = mod(*phi + F - 1, F);
		if (phase_used(mem, w))
			continue;
		/* A later load must still find its word written: e < g - F. */
		for (*e = 0; *e < F && *e < g - F; ++*e) {
			int64_t r = mod(*phi + g - 1 - *e, F);
			if (r != w && !phase_used(mem, r))
				return true;
		}
	}
	return false;
}

static int64_t firings(int64_t first, int64_t n, int64_t every) { return first < n ? (n - 1 - first) / every + 1 : 0; }

/* The four generators of a wide segment, all counting writes (n of them):
 * aggregator lane, SRAM write and read of whole fetches (a ring of G wide
 * words from wide address `wbase`), transpose-buffer lane.  After write m
 * the transpose buffer's current word holds the value g writes old. */
static void wide_ctrls(st_ub_ctrl *c, int port, int64_t n, int64_t F, int64_t g, int64_t phi, int64_t e, int64_t wbase) {
	int64_t G = (g - e) / F, m0w = mod(phi + F - 1, F), m0r = mod(phi + g - 1 - e, F);
	int64_t q0w = floor_div(m0w - phi, F), q0r = floor_div(m0r + e + 1 - g - phi, F);
	const struct {
		st_ub_ctrl_unit unit;
		bool write;
		int64_t first, every, count, aoff, wrap, base;
	} g4[4] = {
		{ST_UB_UNIT_AGG, true, 0, 1, n, mod(-phi, F), F, 0},
		{ST_UB_UNIT_SRAM, true, m0w, F, firings(m0w, n, F), mod(q0w, G), G, wbase},
		{ST_UB_UNIT_SRAM, false, m0r, F, firings(m0r, n, F), mod(q0r, G), G, wbase},
		{ST_UB_UNIT_TB, false, 0, 1, n, mod(1 - g - phi, F), F, 0},
	};
	for (int i = 0; i < 4; i++)
		c[i] = (st_ub_ctrl){.unit = g4[i].unit, .write_clock = true, .write = g4[i].write, .port = port, .levels = 1,
		                    .extent = {g4[i].count}, .cycle_stride = {g4[i].every}, .cycle_offset = g4[i].first,
		                    .addr_stride = {1}, .addr_offset = g4[i].aoff, .wrap = g4[i].wrap, .base = g4[i].base};
}

/* Puts the line segment (from, to] into the open memory (an index: adding
 * elements moves them) when it fits, else into a new one. */
static st_status add_segment(st__ub_mapper *mp, size_t bi, size_t w, int64_t from, int64_t to, size_t *open,
                             size_t *nmem) {
	const st__ub_target *t = mp->target;
	int64_t g = to - from, tw = tile_words(mp, bi), room = round_up(g, t->fetch);
	st_ub_mem *mem = *open < mp->map->nmems ? &mp->map->mems[*open] : NULL;
	int64_t phi = 0, e = 0;
	if (!mem || mem->nsegments >= max_segments(t) || (tw && mem->depth + room > tw) ||
	    (t->fetch > 1 && !pick_phases(mem, g, &phi, &e))) {
		mem = st__ub_map_add_mem(mp, bi, ST_UB_MEM_LINE);
		if (!mem)
			return ST_FAIL;
		*open = mp->map->nmems - 1;
		name_mem(mp, mem, "m", (*nmem)++);
		snprintf(mem->node, sizeof mem->node, "%s", t->name);
		mem->fetch = t->fetch;
		mp->tiles_used++;
		if (t->fetch > 1)
			pick_phases(mem, g, &phi, &e);
	}
	st_ub_segment *s = st_ctx_realloc(mp->map->ctx, mem->segments, mem->nsegments * sizeof *s,
	                                  (mem->nsegments + 1) * sizeof *s);
	st_ub_ctrl *c = s ? (mem->segments = s, st__ub_map_add_ctrls(mp, mem, t->fetch > 1 ? 4 : 2)) : NULL;
	if (!c)
		return ST_FAIL;
	s[mem->nsegments++] = (st_ub_segment){.from = from, .to = to, .base = mem->depth};
	if (t->fetch > 1) {
		const st_ub_model_port *p = &mp->model->ports[w];
		int64_t n = 1;
		for (unsigned d = 0; d < p->ndims; d++)
			n *= p->hi[d] - p->lo[d] + 1;
		wide_ctrls(c, (int)w, n, t->fetch, g, phi, e, mem->depth / t->fetch);
		mem->words += g;
		mem->depth += room;
		return ST_OK;
	}
	/* A circular buffer of g words: each write stores the value at `from`
	 * at (rank mod g) and reads (rank + 1) mod g into the output register,
	 * which then holds the value at `to` until the next write. */
	int64_t as[ST_UB_MAX_DIMS];
	const int64_t *lo, *hi;
	chain_box(mp, bi, w, &lo, &hi);
	rank_strides(&mp->model->ports[w], lo, hi, as);
	for (int i = 0; i < 2; i++) {
		st__ub_ctrl_of_box(mp->model, w, lo, hi, as, i, &c[i]);
		c[i].write = i == 0;
		c[i].wrap = g;
		c[i].base = mem->depth;
	}
	mem->words += g;
	mem->depth += room;
	return ST_OK;
}

st_status st__ub_place_chain(st__ub_mapper *mp, size_t bi, size_t w, const int64_t *taps, size_t ntaps) {
	const st__ub_target *t = mp->target;
	int64_t tw = tile_words(mp, bi);
	/* Through a wide SRAM a value spends a fetch in the aggregator and one
	 * in the transpose buffer: shorter gaps stay in registers. */
	int64_t sr_max = t->fetch > 1 && 2 * t->fetch - 1 > mp->sr_max ? 2 * t->fetch - 1 : mp->sr_max;
	size_t nsr = 0, nmem = 0, open = SIZE_MAX;
	for (size_t i = 1; i < ntaps; i++) {
		int64_t from = taps[i - 1], to = taps[i];
		if (to - from <= sr_max) {
			if (st_failed(add_sr(mp, bi, w, from, to, &nsr)))
				return ST_FAIL;
			continue;
		}
		if (tw && to - from > tw && !t->chaining)
			return st_op_error(mp->model->buffers[bi].op,
			                   "buffer '%s' needs a line of %lld words; a %s memory holds %lld and does not chain",
			                   mp->model->buffers[bi].name, (long long)(to - from), t->name, (long long)tw);
		/* Chaining: a line longer than a memory continues in the next. */
		for (int64_t a = from; a < to;) {
			int64_t b = tw && to - a > tw ? a + tw : to;
			if (st_failed(add_segment(mp, bi, w, a, b, &open, &nmem)))
				return ST_FAIL;
			if (b < to)
				open = SIZE_MAX;
			a = b;
		}
	}
	return ST_OK;
}

/* The port's address in the row-major layout of its buffer. */
static void port_address(const st_ub_model *m, size_t k, int64_t *as, int64_t *aoff) {
	const st_ub_model_port *p = &m->ports[k];
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	int64_t bs = 1;
	memset(as, 0, ST_UB_MAX_DIMS * sizeof *as);
	*aoff = 0;
	for (unsigned r = b->rank; r-- > 0;) {
		*aoff += p->acc[r].c[0] * bs;
		for (unsigned d = 0; d < p->ndims; d++)
			as[d] += p->acc[r].c[1 + d] * bs;
		bs *= b->shape[r];
	}
}

/* The phase port k serves in accumulation buffer bi: the update's kernel
 * both reads and writes the buffer; the init only writes it, the read-out
 * only reads it. */
static st_ub_ctrl_phase port_phase(const st_ub_model *m, size_t bi, size_t k) {
	const st_ub_model_port *p = &m->ports[k];
	for (size_t j = 0; p->kernel >= 0 && j < m->nports; j++)
		if (m->ports[j].buffer == (int)bi && m->ports[j].kernel == p->kernel && m->ports[j].write != p->write)
			return ST_UB_PHASE_ACCUMULATE;
	return p->write ? ST_UB_PHASE_INIT : ST_UB_PHASE_READOUT;
}

static st_status add_port_ctrl(st__ub_mapper *mp, st_ub_mem *mem, size_t k, int64_t wrap, bool acc) {
	int64_t as[ST_UB_MAX_DIMS], aoff;
	st_ub_ctrl *c = st__ub_map_add_ctrls(mp, mem, 1);
	if (!c)
		return ST_FAIL;
	port_address(mp->model, k, as, &aoff);
	st__ub_ctrl_of_port(mp->model, k, as, aoff, c);
	c->wrap = wrap;
	c->phase = acc ? port_phase(mp->model, (size_t)mem->buffer, k) : ST_UB_PHASE_NONE;
	return ST_OK;
}

/* A register file of the buffer's window: every port on it, no banks. */
static st_status place_registers(st__ub_mapper *mp, size_t bi) {
	const st_ub_model *m = mp->model;
	const st_ub_model_buffer *b = &m->buffers[bi];
	int64_t words = 1;
	for (unsigned d = 0; d < b->rank; d++)
		words *= b->shape[d];
	int64_t win = st__ub_ram_window(mp, bi, words);
	if (win < 0)
		return ST_FAIL;
	st_ub_mem *mem = st__ub_map_add_mem(mp, bi, ST_UB_MEM_RAM);
	if (!mem)
		return ST_FAIL;
	name_mem(mp, mem, "r", 0);
	snprintf(mem->node, sizeof mem->node, "reg");
	mem->words = mem->depth = win;
	mem->tiles = mem->copies = mem->fetch = 1;
	bool acc = st_ub_is_accumulation(m, bi);
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi && st_failed(add_port_ctrl(mp, mem, k, win < words ? win : 0, acc)))
			return ST_FAIL;
	return ST_OK;
}

st_status st__ub_place_ram(st__ub_mapper *mp, size_t bi, bool rom) {
	const st__ub_target *t = mp->target;
	const st_ub_model *m = mp->model;
	const st_ub_model_buffer *b = &m->buffers[bi];
	if (mp->ram_registers && !rom)
		return place_registers(mp, bi);
	size_t nw = 0, nr = 0;
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi)
			*(m->ports[k].write ? &nw : &nr) += 1;
	if (rom)
		nw = 0; /* preloaded: its writes are the configuration */
	/* Every bank takes all writes: the init's and the update's input ports
	 * must both be in one memory; reads beyond its output ports bank. */
	bool acc = st_ub_is_accumulation(m, bi);
	if (acc && t->node && (int64_t)nw > t->ports_in)
		return st_op_error(b->op, "ub-map: buffer '%s' is an accumulation whose init and accumulate phases write "
		                          "through %zu input ports; a %s memory has %lld",
		                   b->name, nw, t->name, (long long)t->ports_in);
	if (rom && t->node && !t->rom)
		return st_op_error(b->op, "buffer '%s' is a ROM; a %s memory has no ROM mode", b->name, t->name);
	if (t->node && (int64_t)nw > t->ports_in)
		return st_op_error(b->op, "buffer '%s' has %zu write ports; a %s memory has %lld", b->name, nw, t->name,
		                   (long long)t->ports_in);
	int64_t words = 1, tw = tile_words(mp, bi);
	for (unsigned d = 0; d < b->rank; d++)
		words *= b->shape[d];
	/* Setter rounds a ROM up to whole fetches.  Other buffers are
	 * addressed modulo their window when it is smaller than the buffer. */
	int64_t wrap = 0;
	if (rom) {
		words = round_up(words, t->fetch);
	} else {
		int64_t win = st__ub_ram_window(mp, bi, words);
		if (win < 0)
			return ST_FAIL;
		wrap = win < words ? win : 0;
		words = win;
	}
	int64_t tiles = tw ? (words + tw - 1) / tw : 1;
	if (tiles > 1 && !t->chaining)
		return st_op_error(b->op, "buffer '%s' needs %lld words; a %s memory holds %lld and does not chain", b->name,
		                   (long long)words, t->name, (long long)tw);
	/* Banking by replication: every bank takes all writes and serves as many
	 * reads as a memory has output ports (and ports the writes leave). */
	int64_t out = t->ports_out < t->ports - (int64_t)nw ? t->ports_out : t->ports - (int64_t)nw;
	if (t->node && nr && out < 1)
		return st_op_error(b->op, "buffer '%s' has %zu write ports and is read; a %s memory has %lld ports in all",
		                   b->name, nw, t->name, (long long)t->ports);
	size_t per = t->node && out > 0 ? (size_t)out : (nr ? nr : 1);
	size_t copies = nr ? (nr + per - 1) / per : 1;
	for (size_t i = 0; i < copies; i++) {
		st_ub_mem *mem = st__ub_map_add_mem(mp, bi, rom ? ST_UB_MEM_ROM : ST_UB_MEM_RAM);
		if (!mem)
			return ST_FAIL;
		name_mem(mp, mem, rom ? "rom" : "m", i);
		snprintf(mem->node, sizeof mem->node, "%s", t->name);
		mem->words = mem->depth = words;
		mem->tiles = tiles;
		mem->copies = (int64_t)copies;
		mem->fetch = t->fetch;
		mp->tiles_used += tiles;
		size_t ri = 0;
		for (size_t k = 0; k < m->nports; k++) {
			const st_ub_model_port *p = &m->ports[k];
			if (p->buffer != (int)bi || (p->write && rom))
				continue;
			bool mine = p->write || (ri >= i * per && ri < (i + 1) * per);
			ri += !p->write;
			if (mine && st_failed(add_port_ctrl(mp, mem, k, wrap, acc)))
				return ST_FAIL;
		}
	}
	return ST_OK;
}

/* Adjacent loops (outer o, inner i) run as one of extent e_o * e_i when
 * the outer strides are the inner ones times the inner extent, for the
 * schedule and the address alike (seed-000 3.8 item 8); loops of extent 1
 * go first. */
static void coalesce(st_ub_ctrl *c) {
	unsigned n = 0;
	for (unsigned d = 0; d < c->levels; d++) {
		if (c->extent[d] == 1 && !(n == 0 && d + 1 == c->levels))
			continue;
		c->extent[n] = c->extent[d];
		c->cycle_stride[n] = c->cycle_stride[d];
		c->addr_stride[n] = c->addr_stride[d];
		if (n > 0 && c->cycle_stride[n - 1] == c->extent[n] * c->cycle_stride[n] &&
		    c->addr_stride[n - 1] == c->extent[n] * c->addr_stride[n]) {
			c->extent[n - 1] *= c->extent[n];
			c->cycle_stride[n - 1] = c->cycle_stride[n];
			c->addr_stride[n - 1] = c->addr_stride[n];
			continue;
		}
		n++;
	}
	c->levels = n;
}

st_status st__ub_coalesce(st__ub_mapper *mp) {
	const st__ub_target *t = mp->target;
	for (size_t i = 0; i < mp->map->nmems; i++) {
		st_ub_mem *mem = &mp->map->mems[i];
		for (size_t j = 0; j < mem->nctrls; j++) {
			st_ub_ctrl *c = &mem->ctrls[j];
			coalesce(c);
			if (mem->kind != ST_UB_MEM_SR && strcmp(mem->node, "reg") && t->ag_levels && c->levels > t->ag_levels)
				return st_op_error(mp->model->ports[c->port].op,
				                   "the address generator of %s needs %u loop levels; a %s memory has %lld",
				                   mem->name, c->levels, t->name, (long long)t->ag_levels);
		}
	}
	return ST_OK;
}
