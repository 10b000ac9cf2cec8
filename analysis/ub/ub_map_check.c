/* The pass `ub-map-check`: executes a mapped graph's elements as the IR
 * describes them (ub.mem ops, taps) and checks that every read port gets
 * the element its access map names.  Values are element numbers, so a
 * wrong register, address, wrap, base or cycle shows up as the wrong
 * element.  Chains shift on each transfer of their buffer (the values of
 * one cycle, its lanes, each on its own delay line), driven by their
 * controllers' own loop nests (coalesced or not); random-access memories
 * and ROMs replay their controllers' writes and reads in cycle order. */
#include "ub_map_rules.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A controller's loop nest, row-major. */
typedef struct ctrl_iter {
	const st_ub_ctrl *c;
	int64_t p[ST_UB_MAP_MAX_LEVELS];
} ctrl_iter;

static int64_t ci_cycle(const ctrl_iter *it) {
	int64_t t = it->c->cycle_offset;
	for (unsigned i = 0; i < it->c->levels; i++)
		t += it->c->cycle_stride[i] * it->p[i];
	return t;
}

static int64_t ci_addr(const ctrl_iter *it) {
	int64_t a = it->c->addr_offset;
	for (unsigned i = 0; i < it->c->levels; i++)
		a += it->c->addr_stride[i] * it->p[i];
	if (it->c->wrap > 0)
		a = ((a % it->c->wrap) + it->c->wrap) % it->c->wrap;
	return it->c->base + a;
}

static void ci_next(ctrl_iter *it) {
	for (unsigned i = it->c->levels; i-- > 0;) {
		if (++it->p[i] < it->c->extent[i])
			return;
		it->p[i] = 0;
	}
}

static int64_t ctrl_points(const st_ub_ctrl *c) {
	int64_t n = 1;
	for (unsigned i = 0; i < c->levels; i++)
		n *= c->extent[i] > 0 ? c->extent[i] : 0;
	return n;
}

static int64_t port_points(const st_ub_model_port *p) {
	int64_t n = 1;
	for (unsigned d = 0; d < p->ndims; d++)
		n *= p->hi[d] - p->lo[d] + 1;
	return n;
}

static int64_t element_of(const st_ub_model *m, const st_ub_model_port *p, const int64_t *x) {
	const st_ub_model_buffer *b = &m->buffers[p->buffer];
	return st_ub_element(b->shape, b->rank, p->acc, p->ndims, x);
}

typedef struct checker {
	st_ub_model *m;
	st_ub_map *map;
	st_context *ctx;
} checker;

static st_status count_error(const checker *ck, const st_ub_mem *mem, const st_ub_ctrl *c) {
	return st_op_error(ck->m->ports[c->port].op, "ub-map-check: %s fires %lld times for the %lld points of its port",
	                   mem->name, (long long)ctrl_points(c), (long long)port_points(&ck->m->ports[c->port]));
}

static st_status cycle_error(const checker *ck, const st_ub_mem *mem, const st_ub_ctrl *c, int64_t t, int64_t i,
                             int64_t want) {
	return st_op_error(ck->m->ports[c->port].op, "ub-map-check: %s fires at cycle %lld where its port's point #%lld is at cycle %lld",
	                   mem->name, (long long)t, (long long)i, (long long)want);
}

static st_status value_error(const checker *ck, size_t k, int64_t t, int64_t got, int64_t want) {
	const st_ub_model_port *p = &ck->m->ports[k];
	return st_op_error(p->op, "ub-map-check: at cycle %lld the read gets element %lld of buffer '%s' instead of %lld",
	                   (long long)t, (long long)got, ck->m->buffers[p->buffer].name, (long long)want);
}

/* ------------------------------------------------------------ delay lines */

/* One stage of a chain: a shift register or one line segment.  A line
 * segment has a write and a read controller, or on a wide memory four
 * counting writes: aggregator, SRAM write, SRAM read, transpose buffer.
 * A chain with lanes is one delay line per lane (ub_map.h): every lane
 * has its own registers and memory words, lane l's at l * the stage's. */
typedef struct stage {
	st_ub_mem *mem;
	int64_t from, to;
	size_t nc;
	int64_t *regs; /* sr: to - from registers; line: the output register, then
	                * (wide) the aggregator, the loaded and the current word */
	int64_t *data; /* line: the memory's words (shared by its segments) */
	ctrl_iter it[4];
	int64_t left[4]; /* firings to come */
} stage;

static size_t stage_regs(const stage *g) {
	if (g->mem->kind == ST_UB_MEM_SR)
		return (size_t)(g->to - g->from);
	return g->nc == 4 ? 1 + 3 * (size_t)g->mem->fetch : 1;
}

static int cmp_stage(const void *a, const void *b) {
	const stage *x = a, *y = b;
	return (x->from > y->from) - (x->from < y->from);
}

/* The value of lane l at position k (k >= 1) before the current write. */
static bool value_at(const stage *st, size_t ns, int64_t k, int64_t l, int64_t *v) {
	for (size_t i = 0; i < ns; i++) {
		if (k <= st[i].from || k > st[i].to)
			continue;
		const int64_t *regs = st[i].regs + (size_t)l * stage_regs(&st[i]);
		if (st[i].mem->kind == ST_UB_MEM_SR)
			*v = regs[k - st[i].from - 1];
		else if (k == st[i].to)
			*v = regs[0];
		else
			return false;
		return true;
	}
	return false;
}

/* The write in transfers (ub_map.h): the values of one cycle are its
 * lanes, lane l of transfer i being value i * lanes + l in the write's
 * row-major order. */
typedef struct chain_sim {
	stage *st;
	size_t ns;
	int64_t *taps; /* distinct positions read, >= 1 */
	size_t ntaps;
	int64_t *hist; /* hist[(j * lanes + l) * (n + 1) + i]: lane l at position taps[j] before transfer i */
	int64_t *wt;   /* per transfer: its cycle (per value while scanning) */
	int64_t *val;  /* per value: its element */
	bool *shifts;  /* per transfer: whether the chain moves (its gate) */
	int32_t *lane; /* per element: the lane it is written in, -1: none */
	int64_t n, nvals, lanes, nelems;
} chain_sim;

static void *zalloc(st_context *ctx, size_t n) {
	void *p = st_ctx_alloc(ctx, n ? n : 1);
	if (p)
		memset(p, 0xff, n ? n : 1); /* -1: nothing written yet */
	return p;
}

static void zfree(st_context *ctx, void *p, size_t n) {
	if (p)
		st_ctx_free(ctx, p, n ? n : 1);
}

static st_status build_stages(checker *ck, size_t bi, chain_sim *cs, int64_t **mems_data, size_t *ndata) {
	st_ub_map *map = ck->map;
	size_t ns = 0, L = (size_t)cs->lanes;
	for (size_t i = 0; i < map->nmems; i++)
		if (map->mems[i].buffer == (int)bi)
			ns += map->mems[i].kind == ST_UB_MEM_SR ? 1 : map->mems[i].nsegments;
	cs->st = st_ctx_alloc(ck->ctx, (ns + 1) * sizeof *cs->st);
	if (!cs->st)
		return ST_FAIL;
	memset(cs->st, 0, (ns + 1) * sizeof *cs->st);
	for (size_t i = 0; i < map->nmems; i++) {
		st_ub_mem *mem = &map->mems[i];
		if (mem->buffer != (int)bi)
			continue;
		/* A wide SRAM's aggregator packs one value a write. */
		if (mem->kind != ST_UB_MEM_SR && mem->fetch > 1 && L > 1)
			return st_op_error(map->buffers[bi].op, "ub-map-check: %s packs one value a write into its wide words, "
			                                        "but buffer '%s' is written %zu values a cycle (lanes)",
			                   mem->name, ck->m->buffers[bi].name, L);
		int64_t *data = NULL;
		if (mem->kind != ST_UB_MEM_SR) {
			data = mems_data[(*ndata)++] = zalloc(ck->ctx, L * (size_t)mem->depth * sizeof *data);
			if (!data)
				return ST_FAIL;
		}
		size_t nseg = mem->kind == ST_UB_MEM_SR ? 1 : mem->nsegments;
		for (size_t s = 0; s < nseg; s++) {
			stage *g = &cs->st[cs->ns++];
			g->mem = mem;
			g->from = mem->kind == ST_UB_MEM_SR ? mem->from : mem->segments[s].from;
			g->to = mem->kind == ST_UB_MEM_SR ? mem->to : mem->segments[s].to;
			g->data = data;
			g->nc = mem->kind == ST_UB_MEM_SR ? 1 : mem->fetch > 1 ? 4 : 2;
			g->regs = zalloc(ck->ctx, L * stage_regs(g) * sizeof *g->regs);
			if (!g->regs)
				return ST_FAIL;
			if (mem->nctrls < g->nc * (s + 1) || mem->fetch < 1)
				return st_op_error(map->buffers[bi].op, "ub-map-check: %s lacks controllers", mem->name);
			for (size_t j = 0; j < g->nc; j++) {
				g->it[j].c = &mem->ctrls[g->nc * s + j];
				g->left[j] = ctrl_points(g->it[j].c);
			}
		}
	}
	qsort(cs->st, cs->ns, sizeof *cs->st, cmp_stage);
	int64_t pos = 0;
	for (size_t i = 0; i < cs->ns; i++) {
		if (cs->st[i].from != pos || cs->st[i].to <= pos)
			return st_op_error(map->buffers[bi].op,
			                   "ub-map-check: the elements of buffer '%s' do not continue its chain at position %lld",
			                   ck->m->buffers[bi].name, (long long)pos);
		pos = cs->st[i].to;
	}
	return ST_OK;
}

static st_status address_error(const checker *ck, size_t bi, const st_ub_mem *mem, int64_t a, int64_t size) {
	return st_op_error(ck->map->buffers[bi].op, "ub-map-check: %s addresses word %lld outside its %lld", mem->name,
	                   (long long)a, (long long)size);
}

/* Whether generator j of g fires on write i (it counts writes); an error
 * when it has let write i pass. */
static st_status fires(const checker *ck, stage *g, size_t j, int64_t i, bool *yes) {
	int64_t at = g->left[j] > 0 ? ci_cycle(&g->it[j]) : INT64_MAX;
	*yes = at == i;
	return at < i ? cycle_error(ck, g->mem, g->it[j].c, at, i, i) : ST_OK;
}

/* Write i through a wide segment: the aggregator takes the input in its
 * lane, a full word goes to the SRAM, a loaded word waits in the
 * transpose buffer until its first lane is due. */
static st_status wide_step(const checker *ck, size_t bi, stage *g, int64_t i, int64_t in) {
	int64_t F = g->mem->fetch, *agg = g->regs + 1, *next = agg + F, *cur = next + F;
	bool f[4];
	for (size_t j = 0; j < 4; j++)
		if (st_failed(fires(ck, g, j, i, &f[j])))
			return ST_FAIL;
	/* The aggregator and the transpose buffer move on every write. */
	for (size_t j = 0; j < 4; j += 3)
		if (!f[j])
			return cycle_error(ck, g->mem, g->it[j].c, g->left[j] > 0 ? ci_cycle(&g->it[j]) : -1, i, i);
	int64_t lane = ci_addr(&g->it[0]), w = f[1] ? ci_addr(&g->it[1]) : 0, r = f[2] ? ci_addr(&g->it[2]) : 0,
	        out = ci_addr(&g->it[3]);
	if (lane < 0 || lane >= F || out < 0 || out >= F)
		return address_error(ck, bi, g->mem, lane < 0 || lane >= F ? lane : out, F);
	if ((w + 1) * F > g->mem->depth || w < 0 || (r + 1) * F > g->mem->depth || r < 0)
		return address_error(ck, bi, g->mem, ((w + 1) * F > g->mem->depth || w < 0 ? w : r) * F, g->mem->depth);
	agg[lane] = in;
	if (f[1])
		memcpy(g->data + w * F, agg, (size_t)F * sizeof *agg);
	if (f[2])
		memcpy(next, g->data + r * F, (size_t)F * sizeof *next);
	if (out == 0)
		memcpy(cur, next, (size_t)F * sizeof *cur);
	g->regs[0] = cur[out];
	for (size_t j = 0; j < 4; j++)
		if (f[j]) {
			ci_next(&g->it[j]);
			g->left[j]--;
		}
	return ST_OK;
}

/* Transfer i through a shift register or a line segment.  Each controller
 * enumerates the write's values, so it fires once per lane, every time in
 * the transfer's cycle and at one address: the lanes' memories share the
 * segment's counters, as ub-to-hw builds them. */
static st_status lane_step(const checker *ck, size_t bi, const chain_sim *cs, stage *g, int64_t i) {
	int64_t addr[2] = {0, 0};
	for (size_t c = 0; c < g->nc; c++)
		for (int64_t l = 0; l < cs->lanes; l++) {
			int64_t t = ci_cycle(&g->it[c]), a = ci_addr(&g->it[c]);
			if (t != cs->wt[i])
				return cycle_error(ck, g->mem, g->it[c].c, t, i * cs->lanes + l, cs->wt[i]);
			if (l > 0 && a != addr[c])
				return st_op_error(ck->map->buffers[bi].op, "ub-map-check: %s addresses word %lld for lane %lld of "
				                                            "the write at cycle %lld but word %lld for lane 0; the "
				                                            "lanes' memories share one counter",
				                   g->mem->name, (long long)a, (long long)l, (long long)cs->wt[i],
				                   (long long)addr[c]);
			addr[c] = a;
			ci_next(&g->it[c]);
		}
	if (g->mem->kind != ST_UB_MEM_SR)
		for (size_t c = 0; c < 2; c++)
			if (addr[c] < 0 || addr[c] >= g->mem->depth)
				return address_error(ck, bi, g->mem, addr[c], g->mem->depth);
	size_t R = stage_regs(g);
	for (int64_t l = 0; l < cs->lanes; l++) {
		int64_t in = cs->val[i * cs->lanes + l], *regs = g->regs + (size_t)l * R;
		if (g->from > 0)
			value_at(cs->st, cs->ns, g->from, l, &in);
		if (g->mem->kind == ST_UB_MEM_SR) {
			memmove(regs + 1, regs, (R - 1) * sizeof *regs);
			regs[0] = in;
		} else {
			int64_t *data = g->data + l * g->mem->depth;
			regs[0] = data[addr[1]];
			data[addr[0]] = in;
		}
	}
	return ST_OK;
}

/* Runs every transfer through the stages, last stage first so each reads
 * its input before the stage before it moves, recording the tapped
 * positions before each transfer and after the last. */
static st_status shift_all(checker *ck, size_t bi, chain_sim *cs) {
	for (int64_t i = 0; i <= cs->n; i++) {
		for (size_t j = 0; j < cs->ntaps; j++)
			for (int64_t l = 0; l < cs->lanes; l++) {
				int64_t v = -1;
				value_at(cs->st, cs->ns, cs->taps[j], l, &v);
				cs->hist[((int64_t)j * cs->lanes + l) * (cs->n + 1) + i] = v;
			}
		for (size_t s = cs->ns; i < cs->n && cs->shifts[i] && s-- > 0;) {
			stage *g = &cs->st[s];
			int64_t in = cs->val[i];
			if (g->nc == 4 && g->from > 0)
				value_at(cs->st, cs->ns, g->from, 0, &in);
			if (st_failed(g->nc == 4 ? wide_step(ck, bi, g, i, in) : lane_step(ck, bi, cs, g, i)))
				return ST_FAIL;
		}
	}
	return ST_OK;
}

/* The index of position tap among the recorded ones; an error when no
 * register or line output holds it. */
static st_status tap_index(const checker *ck, size_t k, size_t bi, const chain_sim *cs, int64_t tap, size_t *j) {
	int64_t v;
	*j = 0;
	while (*j < cs->ntaps && cs->taps[*j] != tap)
		(*j)++;
	if (tap < 0 || (tap > 0 && !value_at(cs->st, cs->ns, tap, 0, &v)))
		return st_op_error(ck->m->ports[k].op, "ub-map-check: the read taps position %lld, which no register or line "
		                                       "output of buffer '%s' holds",
		                   (long long)tap, ck->m->buffers[bi].name);
	return ST_OK;
}

/* A read takes the lane its element is written in (ub-to-hw picks it by
 * the element's coordinates along the write's lanes) at its tap, the one
 * of its own lane when the lanes tap apart. */
static st_status check_reads(checker *ck, size_t bi, chain_sim *cs) {
	for (size_t k = 0; k < ck->m->nports; k++) {
		const st_ub_model_port *p = &ck->m->ports[k];
		if (p->buffer != (int)bi || p->write)
			continue;
		int64_t x[ST_UB_MAX_DIMS], tap = -2, v = -1;
		size_t hint = 0, j = 0;
		memcpy(x, p->lo, sizeof x);
		do {
			int64_t lt = st_ub_map_tap(ck->map, k, st_ub_port_lane(p, x));
			if (lt != tap && st_failed(tap_index(ck, k, bi, cs, tap = lt, &j)))
				return ST_FAIL;
			int64_t t = st_ub_aff_eval(&p->sched, p->ndims, x), e = element_of(ck->m, p, x);
			int64_t l = e >= 0 && e < cs->nelems && cs->lane[e] >= 0 ? cs->lane[e] : 0;
			size_t i = st__ub_writes_before(cs->wt, (size_t)cs->n, t, &hint);
			if (tap == 0)
				v = (int64_t)i < cs->n && cs->wt[i] == t ? cs->val[(int64_t)i * cs->lanes + l] : -1;
			else
				v = cs->hist[((int64_t)j * cs->lanes + l) * (cs->n + 1) + (int64_t)i];
			if (v != e)
				return value_error(ck, k, t, v, e);
		} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	}
	return ST_OK;
}

/* The write's values, its transfers and the lane of each element.  Every
 * transfer must have as many lanes, and a gate take all of them or none:
 * the hardware moves a transfer's lanes together. */
static st_status scan_write(checker *ck, size_t bi, size_t w, chain_sim *cs) {
	const st_ub_model_port *p = &ck->m->ports[w];
	const st_ub_buffer_info *info = &ck->map->buffers[bi];
	const char *name = ck->m->buffers[bi].name;
	int64_t x[ST_UB_MAX_DIMS], i = 0;
	memcpy(x, p->lo, sizeof x);
	do {
		cs->shifts[i] = true;
		for (unsigned d = 0; d < info->ngate; d++)
			cs->shifts[i] = cs->shifts[i] && x[d] >= info->gate_lo[d] && x[d] <= info->gate_hi[d];
		cs->wt[i] = st_ub_aff_eval(&p->sched, p->ndims, x);
		cs->val[i++] = element_of(ck->m, p, x);
	} while (st_ub_next_point(p->ndims, p->lo, p->hi, x));
	/* Compacted in place: transfer n's cycle and gate move to index n. */
	cs->n = 0;
	for (int64_t a = 0, b; a < cs->nvals; a = b) {
		for (b = a; b < cs->nvals && cs->wt[b] == cs->wt[a]; b++) {
			if (cs->shifts[b] != cs->shifts[a])
				return st_op_error(info->op, "ub-map-check: the gate of buffer '%s' takes some values of the write "
				                             "at cycle %lld and not others; the lanes of a transfer shift together",
				                   name, (long long)cs->wt[a]);
			if (cs->val[b] >= 0 && cs->val[b] < cs->nelems)
				cs->lane[cs->val[b]] = (int32_t)(b - a);
		}
		if (a == 0)
			cs->lanes = b;
		else if (b - a != cs->lanes)
			return st_op_error(p->op, "ub-map-check: buffer '%s' is written %lld value%s at cycle %lld but %lld at "
			                          "cycle %lld; a chain's transfers all have the same lanes",
			                   name, (long long)cs->lanes, cs->lanes == 1 ? "" : "s", (long long)cs->wt[0],
			                   (long long)(b - a), (long long)cs->wt[a]);
		cs->wt[cs->n] = cs->wt[a];
		cs->shifts[cs->n++] = cs->shifts[a];
	}
	cs->lanes = cs->lanes > 0 ? cs->lanes : 1;
	return ST_OK;
}

/* Lane taps of read port k (1 when it has one tap). */
static unsigned tap_lanes(const checker *ck, size_t k) {
	return ck->map->lane_taps && ck->map->lane_taps[k] ? ck->map->nlane_taps[k] : 1;
}

/* The distinct positions the reads of buffer bi tap, 0 left out. */
static void collect_taps(const checker *ck, size_t bi, chain_sim *cs) {
	for (size_t k = 0; k < ck->m->nports; k++)
		for (unsigned l = 0; l < tap_lanes(ck, k); l++) {
			int64_t t = st_ub_map_tap(ck->map, k, l);
			bool seen = ck->m->ports[k].buffer != (int)bi || ck->m->ports[k].write || t <= 0;
			for (size_t j = 0; j < cs->ntaps && !seen; j++)
				seen = cs->taps[j] == t;
			if (!seen)
				cs->taps[cs->ntaps++] = t;
		}
}

static size_t hist_size(const chain_sim *cs) {
	return (cs->ntaps * (size_t)(cs->lanes * (cs->n + 1)) + 1) * sizeof *cs->hist;
}

static st_status check_chain(checker *ck, size_t bi) {
	st_ub_model *m = ck->m;
	size_t w = 0, nw = 0, nr = 0;
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].buffer == (int)bi) {
			nw += m->ports[k].write;
			nr += m->ports[k].write ? 0 : tap_lanes(ck, k);
			w = m->ports[k].write ? k : w;
		}
	if (nw != 1)
		return st_op_error(m->buffers[bi].op, "ub-map-check: buffer '%s' is a chain but has %zu write ports",
		                   m->buffers[bi].name, nw);
	chain_sim cs = {.nvals = port_points(&m->ports[w]), .nelems = 1};
	for (unsigned d = 0; d < m->buffers[bi].rank; d++)
		cs.nelems *= m->buffers[bi].shape[d];
	size_t nmem = ck->map->nmems, ndata = 0, nv = (size_t)cs.nvals;
	int64_t **data = st_ctx_alloc(ck->ctx, (nmem + 1) * sizeof *data);
	cs.wt = st_ctx_alloc(ck->ctx, (nv + 1) * sizeof *cs.wt);
	cs.val = st_ctx_alloc(ck->ctx, (nv + 1) * sizeof *cs.val);
	cs.taps = st_ctx_alloc(ck->ctx, (nr + 1) * sizeof *cs.taps);
	cs.shifts = st_ctx_alloc(ck->ctx, nv + 1);
	cs.lane = zalloc(ck->ctx, (size_t)cs.nelems * sizeof *cs.lane);
	st_status st = data && cs.wt && cs.val && cs.taps && cs.shifts && cs.lane ? ST_OK : ST_FAIL;
	const st_ub_buffer_info *info = &ck->map->buffers[bi];
	if (st == ST_OK && info->ngate && info->ngate != m->ports[w].ndims)
		st = st_op_error(m->buffers[bi].op, "ub-map-check: the gate of buffer '%s' has %u dimensions, its write %u",
		                 m->buffers[bi].name, info->ngate, m->ports[w].ndims);
	if (st == ST_OK)
		st = scan_write(ck, bi, w, &cs);
	if (st == ST_OK) {
		collect_taps(ck, bi, &cs);
		cs.hist = st_ctx_alloc(ck->ctx, hist_size(&cs));
		st = cs.hist ? build_stages(ck, bi, &cs, data, &ndata) : ST_FAIL;
	}
	if (st == ST_OK)
		st = shift_all(ck, bi, &cs);
	if (st == ST_OK)
		st = check_reads(ck, bi, &cs);
	size_t L = (size_t)(cs.lanes > 0 ? cs.lanes : 1);
	for (size_t i = 0; cs.st && i < cs.ns; i++)
		zfree(ck->ctx, cs.st[i].regs, L * stage_regs(&cs.st[i]) * sizeof(int64_t));
	/* build_stages allocated data[] in memory order. */
	size_t d = 0;
	for (size_t i = 0; i < nmem && d < ndata; i++) {
		const st_ub_mem *mem = &ck->map->mems[i];
		if (mem->buffer == (int)bi && mem->kind != ST_UB_MEM_SR)
			zfree(ck->ctx, data[d++], L * (size_t)mem->depth * sizeof(int64_t));
	}
	if (cs.st)
		st_ctx_free(ck->ctx, cs.st, (cs.ns + 1) * sizeof *cs.st);
	if (cs.hist)
		st_ctx_free(ck->ctx, cs.hist, hist_size(&cs));
	if (data)
		st_ctx_free(ck->ctx, data, (nmem + 1) * sizeof *data);
	if (cs.wt)
		st_ctx_free(ck->ctx, cs.wt, (nv + 1) * sizeof *cs.wt);
	if (cs.val)
		st_ctx_free(ck->ctx, cs.val, (nv + 1) * sizeof *cs.val);
	if (cs.taps)
		st_ctx_free(ck->ctx, cs.taps, (nr + 1) * sizeof *cs.taps);
	if (cs.shifts)
		st_ctx_free(ck->ctx, cs.shifts, nv + 1);
	zfree(ck->ctx, cs.lane, (size_t)cs.nelems * sizeof *cs.lane);
	return st;
}

/* ------------------------------------------------- random access and ROM */

/* elem is the value a port writes or must read: the element number, or in
 * an accumulation the value's number (values are numbered in write order).
 * Within a cycle the events run by key: writes before reads, or in an
 * accumulation each read right after the write of the value it names and
 * before later writes (a statement's read before its own write, as
 * ub-simulate runs them). */
typedef struct event {
	int64_t cycle, addr, elem, key;
	bool write;
	size_t port;
} event;

static int cmp_event(const void *a, const void *b) {
	const event *x = a, *y = b;
	if (x->cycle != y->cycle)
		return (x->cycle > y->cycle) - (x->cycle < y->cycle);
	return (x->key > y->key) - (x->key < y->key);
}

/* A port's points in time order: its loops nested as its generators'
 * levels are (st_ub_levels_in_time), for a schedule whose loop order is
 * not the domain's (an interleaved accumulation). */
typedef struct time_iter {
	const st_ub_model_port *p;
	int64_t perm[ST_UB_MAX_DIMS];
	int64_t x[ST_UB_MAX_DIMS];
} time_iter;

static void ti_init(time_iter *ti, const st_ub_model_port *p) {
	int64_t stride[ST_UB_MAX_DIMS], unused[ST_UB_MAX_DIMS] = {0};
	ti->p = p;
	for (unsigned i = 0; i < p->ndims; i++) {
		ti->perm[i] = i;
		stride[i] = p->sched.c[1 + i];
	}
	st_ub_levels_in_time(p->ndims, ti->perm, stride, unused);
	memcpy(ti->x, p->lo, sizeof ti->x);
}

static bool ti_next(time_iter *ti) {
	for (unsigned k = ti->p->ndims; k-- > 0;) {
		int64_t d = ti->perm[k];
		if (++ti->x[d] <= ti->p->hi[d])
			return true;
		ti->x[d] = ti->p->lo[d];
	}
	return false;
}

/* The point's rank in the domain's row-major order. */
static int64_t ti_index(const time_iter *ti) {
	int64_t i = 0;
	for (unsigned d = 0; d < ti->p->ndims; d++)
		i = i * (ti->p->hi[d] - ti->p->lo[d] + 1) + ti->x[d] - ti->p->lo[d];
	return i;
}

/* The events of one controller, checked against its port's points; vals:
 * the accumulation's values, NULL for other buffers. */
static st_status ctrl_events(checker *ck, const st_ub_mem *mem, const st_ub_ctrl *c, const st_ub_values *vals,
                             event *ev, size_t *nev) {
	const st_ub_model_port *p = &ck->m->ports[c->port];
	if (p->buffer != mem->buffer)
		return st_op_error(p->op, "ub-map-check: %s of buffer '%s' has a controller for this port of buffer '%s'",
		                   mem->name, ck->m->buffers[mem->buffer].name, ck->m->buffers[p->buffer].name);
	if (ctrl_points(c) != port_points(p))
		return count_error(ck, mem, c);
	ctrl_iter it = {.c = c};
	time_iter ti;
	ti_init(&ti, p);
	do {
		int64_t i = ti_index(&ti);
		int64_t t = ci_cycle(&it), want = st_ub_aff_eval(&p->sched, p->ndims, ti.x);
		if (t != want)
			return cycle_error(ck, mem, c, t, i, want);
		int64_t v = vals ? vals->of_port[c->port][i] : element_of(ck->m, p, ti.x);
		ev[(*nev)++] = (event){.cycle = t, .addr = ci_addr(&it), .elem = v, .write = c->write,
		                       .key = vals ? 2 * v + !c->write : !c->write, .port = (size_t)c->port};
		ci_next(&it);
	} while (ti_next(&ti));
	return ST_OK;
}

static st_status acc_value_error(const checker *ck, const st_ub_values *v, size_t k, int64_t t, int64_t got,
                                 int64_t want) {
	const st_ub_model_port *p = &ck->m->ports[k];
	if (got < 0)
		return st_op_error(p->op, "ub-map-check: at cycle %lld the read of buffer '%s' finds a word never written "
		                          "instead of the value of element %lld written at cycle %lld",
		                   (long long)t, ck->m->buffers[p->buffer].name, (long long)v->elem[want],
		                   (long long)v->wt[want]);
	return st_op_error(p->op, "ub-map-check: at cycle %lld the read gets the value of element %lld of buffer '%s' "
	                          "written at cycle %lld instead of the value of element %lld written at cycle %lld",
	                   (long long)t, (long long)v->elem[got], ck->m->buffers[p->buffer].name, (long long)v->wt[got],
	                   (long long)v->elem[want], (long long)v->wt[want]);
}

/* In an accumulation a word's value changes while its element lives, so a
 * read is checked against the value, not the element.  A memory writes
 * before it reads within a cycle: a write of another element in the cycle
 * of a read of the same word clobbers it, whatever order the events ran
 * in (last[a]: the cycle and port of word a's latest read). */
static st_status run_events(checker *ck, const st_ub_mem *mem, const st_ub_values *v, event *ev, size_t nev,
                            int64_t *data, int64_t *last) {
	qsort(ev, nev, sizeof *ev, cmp_event);
	for (size_t i = 0; i < nev; i++) {
		int64_t a = ev[i].addr, old = a >= 0 && a < mem->depth ? data[a] : -1;
		if (a < 0 || a >= mem->depth)
			return address_error(ck, (size_t)mem->buffer, mem, a, mem->depth);
		if (ev[i].write && v && old >= 0 && last[2 * a] == ev[i].cycle && v->elem[old] != v->elem[ev[i].elem])
			return acc_value_error(ck, v, (size_t)last[2 * a + 1], ev[i].cycle, ev[i].elem, old);
		if (ev[i].write)
			data[a] = ev[i].elem;
		else if (old != ev[i].elem)
			return v ? acc_value_error(ck, v, ev[i].port, ev[i].cycle, old, ev[i].elem)
			         : value_error(ck, ev[i].port, ev[i].cycle, old, ev[i].elem);
		else if (v) {
			last[2 * a] = ev[i].cycle;
			last[2 * a + 1] = (int64_t)ev[i].port;
		}
	}
	return ST_OK;
}

static st_status check_ram(checker *ck, const st_ub_mem *mem) {
	size_t n = 0;
	for (size_t j = 0; j < mem->nctrls; j++)
		n += (size_t)port_points(&ck->m->ports[mem->ctrls[j].port]);
	size_t depth = (size_t)(mem->depth ? mem->depth : 1);
	event *ev = st_ctx_alloc(ck->ctx, (n + 1) * sizeof *ev);
	int64_t *data = zalloc(ck->ctx, depth * sizeof *data), *last = zalloc(ck->ctx, 2 * depth * sizeof *last);
	st_status st = ev && data && last ? ST_OK : ST_FAIL;
	st_ub_values vals, *v = NULL;
	if (st == ST_OK && st_ub_is_accumulation(ck->m, (size_t)mem->buffer))
		st = st_ub_values_of(ck->m, (size_t)mem->buffer, v = &vals);
	/* A ROM holds the table row-major: word a is element a. */
	for (int64_t a = 0; st == ST_OK && mem->kind == ST_UB_MEM_ROM && a < mem->depth; a++)
		data[a] = a;
	size_t nev = 0;
	for (size_t j = 0; st == ST_OK && j < mem->nctrls; j++)
		st = ctrl_events(ck, mem, &mem->ctrls[j], v, ev, &nev);
	if (st == ST_OK)
		st = run_events(ck, mem, v, ev, nev, data, last);
	if (v && v->of_port)
		st_ub_values_free(ck->m, v);
	if (ev)
		st_ctx_free(ck->ctx, ev, (n + 1) * sizeof *ev);
	if (data)
		st_ctx_free(ck->ctx, data, depth * sizeof *data);
	if (last)
		st_ctx_free(ck->ctx, last, 2 * depth * sizeof *last);
	return st;
}

/* ---------------------------------------------------------------- the pass */

st_status st_ub_map_check(st_op *graph) {
	checker ck = {.ctx = st_op_context(graph)};
	ck.m = st_ub_model_build(graph);
	if (!ck.m)
		return ST_FAIL;
	st_status st = st_ub_map_read_ir(graph, &ck.map);
	for (size_t b = 0; st == ST_OK && b < ck.map->nbuffers; b++)
		if (ck.map->buffers[b].map == ST_UB_MAP_CHAIN)
			st = check_chain(&ck, b);
	for (size_t i = 0; st == ST_OK && i < ck.map->nmems; i++)
		if (ck.map->mems[i].kind == ST_UB_MEM_RAM || ck.map->mems[i].kind == ST_UB_MEM_ROM)
			st = check_ram(&ck, &ck.map->mems[i]);
	st_ub_map_free(ck.map);
	st_ub_model_destroy(ck.m);
	return st;
}

static st_walk_result check_one(st_op *op, void *ud) {
	if (!st_ub_is_graph(op))
		return ST_WALK_ADVANCE;
	st_status *st = ud;
	*st = st_ub_map_check(op);
	return *st == ST_OK ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

static st_status run_check(st_pass *pass, st_op *op) {
	(void)pass;
	st_status st = ST_OK;
	st_walk(op, ST_WALK_PRE, check_one, &st);
	return st;
}

const st_pass_def st__ub_map_check_pass = {
	.name = "ub-map-check",
	.summary = "Execute the mapped elements of each ub graph and check every read gets the element it names",
	.run = run_check,
};
