/* Placement and routing of an rda design on its target's grid (SARA section
 * 3.5; docs/rda.md, "Placement and routing").
 *
 * Placement: units in topological order of their streams (back edges
 * ignored), each on the free tile of its kind nearest to its placed
 * neighbours; then rounds of moves and swaps of a unit with another tile of
 * its kind, kept when the total route length (Manhattan distance from each
 * stream's writer to each reader, vector streams and busy streams weighing
 * more, and a vector stream sent on every firing paying again for each hop
 * beyond what its credits cover: see window_of) goes down.
 *
 * Routing: streams by priority (traffic: the elements a stream carries in a
 * run, in factors of four; then broadcast fanout, then vector before scalar
 * before token), each reader's path farthest first: the
 * shortest path on the static network through links with a free track of
 * the stream's class (a link the stream already uses costs half, so
 * broadcasts share); a path that finds no free track goes on the dynamic
 * network, on a virtual channel no other stream uses on any of its links,
 * so that no two logical paths share a buffer (SARA section 3.5.3: that is
 * what makes routing deadlock free).  A stream's reader paths try the VC of
 * its earlier paths first and may each take a different one (fft on the
 * 20x20 machine needs that); a path that finds no free channel is an error
 * naming the virtual channels the target has.  The counts are the .acg's
 * (track classes, DYN_NET's vcs). */
#include "rda_backend_internal.h"

#include "strata/acg.h"
#include "strata/arith.h"

#include <stdlib.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

typedef struct pstream {
	st_op *op;
	int32_t writer;   /* unit index */
	int32_t *readers; /* unit indices (other than the writer's), distinct */
	int32_t nreaders;
	int cls;
	int64_t elems;  /* elements it carries in a run (estimated; see traffic) */
	int64_t window; /* hops to a reader within its credits (busy streams) */
} pstream;

typedef struct placer {
	st_context *ctx;
	const st_rda_machine *m;
	st_op *design;
	st_op **units;
	int32_t nunits;
	const st_rda_pu **kind; /* per unit: the tile kind it needs */
	int64_t *row, *col;     /* per unit */
	pstream *streams;
	int32_t nstreams;
	/* Tiles: every grid place (ring included) and its occupant. */
	int64_t rows, cols; /* with the ring: rows + 2, cols + 2 */
	int32_t *occupant;  /* -1: free */
	uint64_t rng;
	bool failed;
} placer;

static uint64_t next_rand(placer *p) {
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 7;
	p->rng ^= p->rng << 17;
	return p->rng;
}

static int32_t tile(const placer *p, int64_t r, int64_t c) { return (int32_t)((r + 1) * p->cols + (c + 1)); }

static st_op *unit_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.unit"))
			return op;
	return NULL;
}

static int32_t unit_index(const placer *p, const st_op *u) {
	for (int32_t i = 0; i < p->nunits; i++)
		if (p->units[i] == u)
			return i;
	return -1;
}

static void *zalloc(placer *p, size_t n) {
	void *v = st_ctx_alloc(p->ctx, n ? n : 1);
	if (!v)
		p->failed = true;
	else
		memset(v, 0, n ? n : 1);
	return v;
}

static bool same_kind(const st_rda_pu *a, const st_rda_pu *b) { return a && b && a->kind == b->kind; }

/* The elements a stream carries in one run of its writer's chain: one per
 * iteration of the counters outside the writer's level (a vectorised
 * counter counts its vectors).  A bound that is no constant counts as
 * 2^20 iterations, so that a data-dependent stream counts as a busy one. */
static int64_t traffic(st_op *writer) {
	st_op *context = writer ? st_op_parent_op(writer) : NULL;
	if (!named(context, "rda.context"))
		return 1;
	st_op *ctrs[32];
	size_t n = st_rda_context_counters(context, ctrs, 32);
	st_attr *la = st_op_get_attr(writer, "level");
	int64_t level = la && st_attr_get_kind(la) == ST_ATTR_INTEGER ? st_attr_int_value(la) : (int64_t)n;
	st_attr *lanes_a = st_op_get_attr(context, "lanes");
	int64_t lanes = lanes_a ? st_attr_int_value(lanes_a) : 1, elems = 1;
	for (size_t k = 0; k < n && k < 32 && (int64_t)k < level; k++) {
		int64_t lo, hi, trip = (int64_t)1 << 20;
		st_attr *sa = st_op_get_attr(ctrs[k], "stride"), *ta = st_op_get_attr(ctrs[k], "step");
		int64_t stride = sa ? st_attr_int_value(sa) : ta ? st_attr_int_value(ta) : 1;
		if (stride > 0 && st_arith_constant_int(st_op_operand(ctrs[k], 0), &lo) &&
		    st_arith_constant_int(st_op_operand(ctrs[k], 1), &hi))
			trip = hi > lo ? (hi - lo + stride - 1) / stride : 0;
		if (st_op_get_attr(ctrs[k], "vec") && lanes > 1)
			trip = (trip + lanes - 1) / lanes;
		elems = trip > 0 && elems > ((int64_t)1 << 40) / trip ? (int64_t)1 << 40 : elems * trip;
	}
	return elems;
}

/* The hops over which a stream its writer enqueues on every firing keeps
 * one element a cycle: a reader's slot is held from the send until the
 * credit comes back, the writer's latency plus the route's twice, and the
 * stream has `depth` slots.  Streams sent less often have no window. */
static int64_t window_of(const placer *p, st_op *stream, st_op *writer, const st_rda_pu *pu) {
	st_op *context = writer ? st_op_parent_op(writer) : NULL;
	st_attr *la = writer ? st_op_get_attr(writer, "level") : NULL, *da = st_op_get_attr(stream, "depth");
	if (!pu || !da || !la || !named(context, "rda.context") || st_attr_get_kind(la) != ST_ATTR_INTEGER ||
	    st_attr_int_value(la) < (int64_t)st_rda_context_counters(context, NULL, 0))
		return INT64_MAX;
	int64_t lat = pu->latency + (pu->kind == ST_RDA_MEMORY ? st_rda_context_stages(context) : 0);
	int64_t hop = p->m->hop_latency > 0 ? p->m->hop_latency : 1;
	int64_t w = (st_attr_int_value(da) - lat) / (2 * hop);
	return w < 1 ? 1 : w;
}

static st_status collect(placer *p) {
	st_block *b = st_rda_body(p->design);
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
		if (named(o, "rda.unit"))
			p->nunits++;
		else if (named(o, "rda.stream"))
			p->nstreams++;
	}
	p->units = zalloc(p, (size_t)p->nunits * sizeof *p->units);
	p->kind = zalloc(p, (size_t)p->nunits * sizeof *p->kind);
	p->row = zalloc(p, (size_t)p->nunits * sizeof *p->row);
	p->col = zalloc(p, (size_t)p->nunits * sizeof *p->col);
	p->streams = zalloc(p, (size_t)p->nstreams * sizeof *p->streams);
	if (p->failed)
		return ST_FAIL;
	int32_t nu = 0, ns = 0;
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		if (named(o, "rda.unit")) {
			p->units[nu] = o;
			p->kind[nu] = st__rda_kind_for(p->m, st_rda_unit_kind_of(o));
			if (!p->kind[nu])
				return st_op_error(o, "target '%s' has no tile for a %s unit", p->m->name,
				                   st_rda_unit_kind_name(st_rda_unit_kind_of(o)));
			nu++;
		}
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
		if (!named(o, "rda.stream"))
			continue;
		pstream *s = &p->streams[ns++];
		st_value *v = st_op_result(o, 0);
		s->op = o;
		s->cls = st_rda_net_class_of(p->m, st_value_type(v));
		st_op *w = st_rda_stream_writer(v);
		s->writer = w ? unit_index(p, unit_of(w)) : -1;
		s->elems = traffic(w);
		s->window = window_of(p, o, w, s->writer >= 0 ? p->kind[s->writer] : NULL);
		int32_t cap = 0;
		for (st_use *u = st_value_first_use(v); u; u = st_use_next(u))
			cap++;
		s->readers = zalloc(p, (size_t)cap * sizeof *s->readers);
		if (p->failed)
			return ST_FAIL;
		for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
			st_op *o2 = st_use_owner(u);
			if (o2 == w)
				continue;
			int32_t r = unit_index(p, unit_of(o2));
			bool seen = r == s->writer;
			for (int32_t k = 0; k < s->nreaders && !seen; k++)
				seen = s->readers[k] == r;
			if (!seen && r >= 0)
				s->readers[s->nreaders++] = r;
		}
		if (s->cls < 0 && s->nreaders)
			return st_op_error(o, "the stream is wider than the tracks of target '%s'", p->m->name);
	}
	return ST_OK;
}

/* ------------------------------------------------------------ placement */

/* Traffic in factors of four: streams within one are equally busy. */
static int traffic_class(const pstream *s) {
	int k = 0;
	for (int64_t e = s->elems; e > 1; e >>= 2)
		k++;
	return k;
}

/* A stream's share of the placement cost: wider classes and busier streams
 * weigh more, so that the streams carrying the most elements get the
 * shortest routes (a long one takes longer than its buffer's credits last:
 * the writer waits). */
static int64_t weight(const pstream *s) {
	return (s->cls == ST_RDA_NET_VECTOR ? 4 : s->cls == ST_RDA_NET_SCALAR ? 2 : 1) * (1 + traffic_class(s));
}

static int64_t dist(const placer *p, int32_t a, int32_t b) {
	int64_t dr = p->row[a] - p->row[b], dc = p->col[a] - p->col[b];
	return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

static int64_t cost(const placer *p) {
	int64_t c = 0;
	for (int32_t i = 0; i < p->nstreams; i++) {
		const pstream *s = &p->streams[i];
		for (int32_t k = 0; s->writer >= 0 && k < s->nreaders; k++) {
			int64_t d = dist(p, s->writer, s->readers[k]);
			c += weight(s) * (d + (s->cls == ST_RDA_NET_VECTOR && d > s->window ? (d - s->window) : 0));
		}
	}
	return c;
}

/* Units in an order where a unit comes after the writers of what it reads
 * (depth-first from the units nothing feeds; back edges ignored). */
static void order_units(placer *p, int32_t *order) {
	bool *placed = zalloc(p, (size_t)p->nunits);
	int32_t n = 0;
	if (!placed)
		return;
	while (n < p->nunits) {
		int32_t best = -1;
		int64_t best_missing = INT64_MAX;
		for (int32_t u = 0; u < p->nunits; u++) {
			if (placed[u])
				continue;
			int64_t missing = 0;
			for (int32_t i = 0; i < p->nstreams; i++) {
				const pstream *s = &p->streams[i];
				for (int32_t k = 0; k < s->nreaders; k++)
					missing += s->readers[k] == u && s->writer >= 0 && !placed[s->writer];
			}
			if (missing < best_missing)
				best = u, best_missing = missing;
		}
		placed[best] = true;
		order[n++] = best;
	}
	st_ctx_free(p->ctx, placed, (size_t)p->nunits);
}

static st_status initial_placement(placer *p) {
	int32_t *order = zalloc(p, (size_t)p->nunits * sizeof *order);
	bool *done = zalloc(p, (size_t)p->nunits);
	if (p->failed)
		return ST_FAIL;
	order_units(p, order);
	for (int32_t n = 0; n < p->nunits; n++) {
		int32_t u = order[n];
		/* The centre of its placed neighbours, or of the grid. */
		int64_t sr = 0, sc = 0, cnt = 0;
		for (int32_t i = 0; i < p->nstreams; i++) {
			const pstream *s = &p->streams[i];
			bool involved = s->writer == u;
			for (int32_t k = 0; k < s->nreaders; k++)
				involved |= s->readers[k] == u;
			if (!involved)
				continue;
			if (s->writer >= 0 && s->writer != u && done[s->writer])
				sr += p->row[s->writer], sc += p->col[s->writer], cnt++;
			for (int32_t k = 0; k < s->nreaders; k++)
				if (s->readers[k] != u && done[s->readers[k]])
					sr += p->row[s->readers[k]], sc += p->col[s->readers[k]], cnt++;
		}
		int64_t cr = cnt ? sr / cnt : p->m->rows / 2, cc = cnt ? sc / cnt : p->m->cols / 2;
		int64_t best = INT64_MAX, br = 0, bc = 0;
		for (int64_t r = -1; r <= p->m->rows; r++)
			for (int64_t c = -1; c <= p->m->cols; c++) {
				const st_rda_pu *pu = st_rda_machine_pu_at(p->m, r, c);
				if (!same_kind(pu, p->kind[u]) || p->occupant[tile(p, r, c)] >= 0)
					continue;
				int64_t d = (r > cr ? r - cr : cr - r) + (c > cc ? c - cc : cc - c);
				if (d < best)
					best = d, br = r, bc = c;
			}
		if (best == INT64_MAX) {
			int64_t need = 0;
			for (int32_t v = 0; v < p->nunits; v++)
				need += same_kind(p->kind[v], p->kind[u]);
			st_status s = st_op_error(p->units[u], "the design needs %lld %s units; target '%s' has %lld",
			                          (long long)need, p->kind[u]->name, p->m->name, (long long)p->kind[u]->count);
			st_ctx_free(p->ctx, order, (size_t)p->nunits * sizeof *order);
			st_ctx_free(p->ctx, done, (size_t)p->nunits);
			return s;
		}
		p->row[u] = br, p->col[u] = bc, done[u] = true;
		p->occupant[tile(p, br, bc)] = u;
	}
	st_ctx_free(p->ctx, order, (size_t)p->nunits * sizeof *order);
	st_ctx_free(p->ctx, done, (size_t)p->nunits);
	return ST_OK;
}

/* Moves and swaps, kept when the cost goes down. */
static void improve(placer *p, int64_t rounds) {
	int64_t c = cost(p);
	for (int64_t it = 0; it < rounds * p->nunits && p->nunits; it++) {
		int32_t u = (int32_t)(next_rand(p) % (uint64_t)p->nunits);
		int64_t r = (int64_t)(next_rand(p) % (uint64_t)(p->m->rows + 2)) - 1;
		int64_t col = (int64_t)(next_rand(p) % (uint64_t)(p->m->cols + 2)) - 1;
		const st_rda_pu *pu = st_rda_machine_pu_at(p->m, r, col);
		if (!same_kind(pu, p->kind[u]))
			continue;
		int32_t other = p->occupant[tile(p, r, col)];
		if (other == u)
			continue;
		int64_t ur = p->row[u], uc = p->col[u];
		p->row[u] = r, p->col[u] = col;
		if (other >= 0)
			p->row[other] = ur, p->col[other] = uc;
		int64_t nc = cost(p);
		if (nc < c) {
			c = nc;
			p->occupant[tile(p, r, col)] = u;
			p->occupant[tile(p, ur, uc)] = other;
		} else {
			p->row[u] = ur, p->col[u] = uc;
			if (other >= 0)
				p->row[other] = r, p->col[other] = col;
		}
	}
}

/* -------------------------------------------------------------- routing */

typedef struct router {
	placer *p;
	int64_t nplaces;
	/* Per directed link (place * 4 + dir): static streams per class, and
	 * for the dynamic network the stream holding each VC (-1: free). */
	int32_t *used[3];
	int32_t *vc_owner;
	int64_t vcs;
	/* Dijkstra */
	int64_t *distv;
	int32_t *prev;
	bool *seen;
	/* Per stream: the links it holds on each network (for sharing). */
	uint8_t *mine_static;
} router;

static const int64_t DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};

static int32_t place_of(const placer *p, int64_t r, int64_t c) { return tile(p, r, c); }

static bool routable(const placer *p, int64_t r, int64_t c) {
	return r >= -1 && c >= -1 && r <= p->m->rows && c <= p->m->cols && st_rda_machine_pu_at(p->m, r, c);
}

/* Shortest path from `from` to `to`; `dyn` uses the dynamic network with
 * virtual channel `vc`.  Writes the places (from first) into path, returns
 * their number, 0 when there is none. */
static int32_t shortest(router *rt, int32_t si, int32_t from, int32_t to, bool dyn, int64_t vc, int32_t *path) {
	placer *p = rt->p;
	const pstream *s = &p->streams[si];
	for (int64_t i = 0; i < rt->nplaces; i++)
		rt->distv[i] = INT64_MAX, rt->prev[i] = -1, rt->seen[i] = false;
	rt->distv[from] = 0;
	for (;;) {
		int32_t u = -1;
		int64_t best = INT64_MAX;
		for (int64_t i = 0; i < rt->nplaces; i++)
			if (!rt->seen[i] && rt->distv[i] < best)
				best = rt->distv[i], u = (int32_t)i;
		if (u < 0 || u == to)
			break;
		rt->seen[u] = true;
		int64_t r = u / p->cols - 1, c = u % p->cols - 1;
		for (int d = 0; d < 4; d++) {
			int64_t r2 = r + DR[d], c2 = c + DC[d];
			if (!routable(p, r2, c2))
				continue;
			int64_t link = (int64_t)u * 4 + d;
			int64_t w = 2;
			if (dyn) {
				int32_t owner = rt->vc_owner[link * rt->vcs + vc];
				if (owner >= 0 && owner != si)
					continue;
			} else {
				bool mine = rt->mine_static[link];
				if (!mine && rt->used[s->cls][link] >= p->m->tracks[s->cls])
					continue;
				if (mine)
					w = 1; /* a broadcast shares the link */
			}
			int32_t v = place_of(p, r2, c2);
			if (rt->distv[u] + w < rt->distv[v])
				rt->distv[v] = rt->distv[u] + w, rt->prev[v] = u;
		}
	}
	if (rt->distv[to] == INT64_MAX)
		return 0;
	int32_t n = 0;
	for (int32_t v = to; v >= 0; v = rt->prev[v])
		n++;
	int32_t k = n;
	for (int32_t v = to; v >= 0; v = rt->prev[v])
		path[--k] = v;
	return n;
}

static int link_dir(const placer *p, int32_t a, int32_t b) {
	int64_t r = a / p->cols, c = a % p->cols, r2 = b / p->cols, c2 = b % p->cols;
	return r2 < r ? 0 : c2 > c ? 1 : r2 > r ? 2 : 3;
}

typedef struct route_out {
	st_attr **paths;
	int64_t *net, *vc;
	size_t n;
} route_out;

static st_status route_stream(router *rt, int32_t si, route_out *ro, int32_t *path) {
	placer *p = rt->p;
	pstream *s = &p->streams[si];
	st_context *ctx = p->ctx;
	memset(rt->mine_static, 0, (size_t)rt->nplaces * 4);
	/* Farthest reader first: it gets a shortest path, the others share. */
	int32_t *rs = s->readers;
	for (int32_t i = 0; i < s->nreaders; i++)
		for (int32_t j = i + 1; j < s->nreaders; j++)
			if (dist(p, s->writer, rs[j]) > dist(p, s->writer, rs[i])) {
				int32_t t = rs[i];
				rs[i] = rs[j], rs[j] = t;
			}
	int64_t first_vc = -1;
	for (int32_t k = 0; k < s->nreaders; k++) {
		int32_t from = place_of(p, p->row[s->writer], p->col[s->writer]);
		int32_t to = place_of(p, p->row[rs[k]], p->col[rs[k]]);
		int32_t n = shortest(rt, si, from, to, false, 0, path);
		int64_t net = 0, vc = -1;
		if (!n) {
			/* The dynamic network: one VC for the stream on all its links. */
			if (!rt->vcs)
				return st_op_error(s->op, "no static route with a free %lld-bit track and target '%s' has no "
				                          "dynamic network",
				                   (long long)p->m->track_bits[s->cls], p->m->name);
			/* The VC of the stream's earlier paths first (its links are
			 * shared there), then any other: a VC is exclusive per link,
			 * not per stream, so one reader's path may take another. */
			for (int64_t i = -1; i < rt->vcs && !n; i++) {
				int64_t v = i < 0 ? first_vc : i;
				if (v < 0 || (i >= 0 && v == first_vc))
					continue;
				n = shortest(rt, si, from, to, true, v, path);
				if (n)
					vc = v;
			}
			if (!n)
				return st_op_error(s->op, "routing needs more virtual channels than the %lld of target '%s''s "
				                          "dynamic network",
				                   (long long)rt->vcs, p->m->name);
			net = 1;
			if (first_vc < 0)
				first_vc = vc;
		}
		int64_t *coords = st_ctx_alloc(ctx, (size_t)n * 2 * sizeof *coords);
		if (!coords)
			return ST_FAIL;
		for (int32_t i = 0; i < n; i++)
			coords[2 * i] = path[i] / p->cols - 1, coords[2 * i + 1] = path[i] % p->cols - 1;
		for (int32_t i = 0; i + 1 < n; i++) {
			int64_t link = (int64_t)path[i] * 4 + link_dir(p, path[i], path[i + 1]);
			if (net)
				rt->vc_owner[link * rt->vcs + vc] = si;
			else if (!rt->mine_static[link])
				rt->mine_static[link] = 1, rt->used[s->cls][link]++;
		}
		ro->paths[ro->n] = st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), (size_t)n * 2, coords);
		ro->net[ro->n] = net, ro->vc[ro->n] = vc;
		ro->n++;
		st_ctx_free(ctx, coords, (size_t)n * 2 * sizeof *coords);
	}
	return ST_OK;
}

static int stream_priority_cmp(const void *a, const void *b, void *ud) {
	(void)ud;
	const pstream *x = a, *y = b;
	int tx = traffic_class(x), ty = traffic_class(y);
	if (tx != ty)
		return tx > ty ? -1 : 1;
	if (x->nreaders != y->nreaders)
		return x->nreaders > y->nreaders ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return 0;
}

static st_status route_all(placer *p) {
	st_context *ctx = p->ctx;
	router rt = {.p = p, .nplaces = p->rows * p->cols, .vcs = p->m->vcs};
	for (int c = 0; c < 3; c++)
		rt.used[c] = zalloc(p, (size_t)rt.nplaces * 4 * sizeof *rt.used[c]);
	rt.vc_owner = zalloc(p, (size_t)rt.nplaces * 4 * (size_t)(rt.vcs ? rt.vcs : 1) * sizeof *rt.vc_owner);
	rt.distv = zalloc(p, (size_t)rt.nplaces * sizeof *rt.distv);
	rt.prev = zalloc(p, (size_t)rt.nplaces * sizeof *rt.prev);
	rt.seen = zalloc(p, (size_t)rt.nplaces);
	rt.mine_static = zalloc(p, (size_t)rt.nplaces * 4);
	int32_t *path = zalloc(p, (size_t)rt.nplaces * sizeof *path);
	int32_t *order = zalloc(p, (size_t)p->nstreams * sizeof *order);
	st_status st = p->failed ? ST_FAIL : ST_OK;
	for (int64_t i = 0; !p->failed && i < rt.nplaces * 4 * (rt.vcs ? rt.vcs : 1); i++)
		rt.vc_owner[i] = -1;
	/* Priority: traffic, fanout, then class (a stable insertion sort). */
	for (int32_t i = 0; st_succeeded(st) && i < p->nstreams; i++) {
		int32_t k = i;
		while (k > 0) {
			const pstream *a = &p->streams[order[k - 1]], *b = &p->streams[i];
			int cmp = stream_priority_cmp(b, a, NULL);
			if (cmp >= 0)
				break;
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	for (int32_t oi = 0; st_succeeded(st) && oi < p->nstreams; oi++) {
		int32_t si = order[oi];
		pstream *s = &p->streams[si];
		if (s->writer < 0 || !s->nreaders)
			continue;
		route_out ro = {0};
		ro.paths = zalloc(p, (size_t)s->nreaders * sizeof *ro.paths);
		ro.net = zalloc(p, (size_t)s->nreaders * sizeof *ro.net);
		ro.vc = zalloc(p, (size_t)s->nreaders * sizeof *ro.vc);
		if (p->failed)
			st = ST_FAIL;
		if (st_succeeded(st))
			st = route_stream(&rt, si, &ro, path);
		if (st_succeeded(st)) {
			st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
			st_op_set_attr(s->op, "route", st_array_attr(ctx, ro.n, ro.paths));
			st_op_set_attr(s->op, "net", st_dense_int_array_attr(ctx, i64, ro.n, ro.net));
			st_op_set_attr(s->op, "vc", st_dense_int_array_attr(ctx, i64, ro.n, ro.vc));
		}
		if (ro.paths)
			st_ctx_free(ctx, ro.paths, (size_t)s->nreaders * sizeof *ro.paths);
		if (ro.net)
			st_ctx_free(ctx, ro.net, (size_t)s->nreaders * sizeof *ro.net);
		if (ro.vc)
			st_ctx_free(ctx, ro.vc, (size_t)s->nreaders * sizeof *ro.vc);
	}
	for (int c = 0; c < 3; c++)
		if (rt.used[c])
			st_ctx_free(ctx, rt.used[c], (size_t)rt.nplaces * 4 * sizeof *rt.used[c]);
	if (rt.vc_owner)
		st_ctx_free(ctx, rt.vc_owner, (size_t)rt.nplaces * 4 * (size_t)(rt.vcs ? rt.vcs : 1) * sizeof *rt.vc_owner);
	if (rt.distv)
		st_ctx_free(ctx, rt.distv, (size_t)rt.nplaces * sizeof *rt.distv);
	if (rt.prev)
		st_ctx_free(ctx, rt.prev, (size_t)rt.nplaces * sizeof *rt.prev);
	if (rt.seen)
		st_ctx_free(ctx, rt.seen, (size_t)rt.nplaces);
	if (rt.mine_static)
		st_ctx_free(ctx, rt.mine_static, (size_t)rt.nplaces * 4);
	if (path)
		st_ctx_free(ctx, path, (size_t)rt.nplaces * sizeof *path);
	if (order)
		st_ctx_free(ctx, order, (size_t)p->nstreams * sizeof *order);
	return st;
}

static void free_placer(placer *p) {
	st_context *ctx = p->ctx;
	for (int32_t i = 0; p->streams && i < p->nstreams; i++)
		if (p->streams[i].readers) {
			int32_t cap = 0;
			for (st_use *u = st_value_first_use(st_op_result(p->streams[i].op, 0)); u; u = st_use_next(u))
				cap++;
			st_ctx_free(ctx, p->streams[i].readers, (size_t)cap * sizeof *p->streams[i].readers);
		}
	if (p->streams)
		st_ctx_free(ctx, p->streams, (size_t)p->nstreams * sizeof *p->streams);
	if (p->units)
		st_ctx_free(ctx, p->units, (size_t)p->nunits * sizeof *p->units);
	if (p->kind)
		st_ctx_free(ctx, p->kind, (size_t)p->nunits * sizeof *p->kind);
	if (p->row)
		st_ctx_free(ctx, p->row, (size_t)p->nunits * sizeof *p->row);
	if (p->col)
		st_ctx_free(ctx, p->col, (size_t)p->nunits * sizeof *p->col);
	if (p->occupant)
		st_ctx_free(ctx, p->occupant, (size_t)(p->rows * p->cols) * sizeof *p->occupant);
}

st_status st__rda_place_route(st_op *design, const st_rda_machine *m, const st_rda_par_options *o) {
	placer p = {.ctx = st_op_context(design), .m = m, .design = design, .rng = o->seed ? o->seed : 0x9e3779b97f4a7c15ull};
	p.rows = m->rows + 2, p.cols = m->cols + 2;
	p.occupant = zalloc(&p, (size_t)(p.rows * p.cols) * sizeof *p.occupant);
	st_status st = p.failed ? ST_FAIL : collect(&p);
	for (int64_t i = 0; st_succeeded(st) && i < p.rows * p.cols; i++)
		p.occupant[i] = -1;
	if (st_succeeded(st))
		st = initial_placement(&p);
	if (st_succeeded(st)) {
		improve(&p, o->rounds);
		st = route_all(&p);
	}
	if (st_succeeded(st)) {
		st_context *ctx = p.ctx;
		st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
		for (int32_t u = 0; u < p.nunits; u++) {
			int64_t at[2] = {p.row[u], p.col[u]};
			st_op_set_attr(p.units[u], "at", st_dense_int_array_attr(ctx, i64, 2, at));
			st_op_set_attr(p.units[u], "pu", st_string_attr(ctx, st_str_c(st_rda_machine_pu_at(m, at[0], at[1])->name)));
		}
		st_op_set_attr(design, "mapped", st_unit_attr(ctx));
	}
	free_placer(&p);
	return st;
}
