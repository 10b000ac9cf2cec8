/* Placement (docs/cgra.md, "Placement"): global placement pulls every node
 * to the mean of the nodes it shares nets with (the quadratic wirelength
 * optimum of the star model, by Gauss-Seidel sweeps) with the IO tiles
 * spread along their ring; legalisation puts each node on the nearest free
 * site of its kind; simulated annealing then swaps and moves nodes,
 * minimising the half-perimeter wirelength plus a penalty per tile used
 * only for registers (Amber's detailed placer penalises routing-only
 * tiles, which could otherwise be power-gated).  Deterministic for a seed. */
#include "cgra_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define REG_ONLY_PENALTY 2.0

void st__cg_progress(bool on, const char *fmt, ...) {
	if (!on || !isatty(STDERR_FILENO))
		return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

typedef struct site_set {
	int32_t *tile;  /* per site */
	int32_t *index; /* register sites: the site number in its switch box */
	int32_t *owner; /* per site: the node, -1 */
	size_t n;
} site_set;

enum { S_PE, S_MEM, S_IO, S_REG0 };

typedef struct placer {
	cg_netlist *nl;
	const st_cgra_fabric *f;
	int nsets;
	site_set sets[S_REG0 + CG_MAX_CLASSES];
	int *set_of;      /* per node */
	int32_t *site_of; /* per node: its site in its set */
	/* nets: node lists, source first */
	uint32_t *net_start;
	int32_t *net_nodes;
	size_t nnets;
	uint32_t *node_net_start;
	int32_t *node_nets;
	double *net_cost;
	int32_t *core, *regs; /* per tile: instances, registers */
	double cost;
	uint64_t rng;
} placer;

static int reg_set(const placer *p, int32_t width) {
	size_t K = st_cgra_fabric_num_track_classes(p->f);
	for (size_t k = 0; k < K; k++) {
		int32_t w, t;
		st_cgra_fabric_track_class(p->f, k, &w, &t);
		if (w == width)
			return S_REG0 + (int)k;
	}
	return -1;
}

static int set_of_node(const placer *p, const cg_node *n) {
	switch (n->kind) {
	case CG_PE:
		return S_PE;
	case CG_MEM:
		return S_MEM;
	case CG_IO:
		return S_IO;
	default:
		return reg_set(p, n->width);
	}
}

static void *zalloc(st_context *ctx, size_t n) {
	void *q = st_ctx_alloc(ctx, n ? n : 1);
	if (q)
		memset(q, 0, n ? n : 1);
	return q;
}

static st_status build_sites(placer *p) {
	st_context *ctx = p->nl->ctx;
	size_t T = st_cgra_fabric_num_tiles(p->f), K = st_cgra_fabric_num_track_classes(p->f);
	int32_t R = st_cgra_fabric_sb_regs(p->f);
	p->nsets = S_REG0 + (int)K;
	for (int s = 0; s < p->nsets; s++) {
		size_t cap = s >= S_REG0 ? T * (size_t)R : T;
		site_set *ss = &p->sets[s];
		ss->tile = st_ctx_alloc(ctx, (cap + 1) * sizeof *ss->tile);
		ss->index = st_ctx_alloc(ctx, (cap + 1) * sizeof *ss->index);
		ss->owner = st_ctx_alloc(ctx, (cap + 1) * sizeof *ss->owner);
		if (!ss->tile || !ss->index || !ss->owner)
			return ST_FAIL;
	}
	for (size_t t = 0; t < T; t++) {
		const st_cgra_tile *tl = st_cgra_fabric_tile(p->f, t);
		int s = tl->kind == ST_CGRA_PE ? S_PE : tl->kind == ST_CGRA_MEM ? S_MEM : S_IO;
		site_set *ss = &p->sets[s];
		ss->tile[ss->n] = (int32_t)t;
		ss->index[ss->n] = 0;
		ss->owner[ss->n++] = -1;
		for (size_t k = 0; k < K; k++)
			for (int32_t i = 0; i < R; i++) {
				site_set *rs = &p->sets[S_REG0 + k];
				rs->tile[rs->n] = (int32_t)t;
				rs->index[rs->n] = i;
				rs->owner[rs->n++] = -1;
			}
	}
	return ST_OK;
}

/* Nets: one per driven output pin, its source node then its sinks. */
static st_status build_nets(placer *p) {
	cg_netlist *nl = p->nl;
	st_context *ctx = nl->ctx;
	size_t N = nl->n, C = nl->nc;
	/* A key per source pin: node * 2 * 64 + bit * 64 + index. */
	int32_t *net_of_pin = st_ctx_alloc(ctx, (N * 128 + 1) * sizeof *net_of_pin);
	if (!net_of_pin)
		return ST_FAIL;
	for (size_t i = 0; i < N * 128; i++)
		net_of_pin[i] = -1;
	uint32_t *size = zalloc(ctx, (C + 1) * sizeof *size);
	int32_t *net_of_conn = st_ctx_alloc(ctx, (C + 1) * sizeof *net_of_conn);
	if (!size || !net_of_conn)
		return ST_FAIL;
	for (size_t c = 0; c < C; c++) {
		const cg_pin *s = &nl->conns[c].src;
		size_t key = (size_t)s->node * 128 + (size_t)s->bit * 64 + (s->index & 63);
		if (net_of_pin[key] < 0) {
			net_of_pin[key] = (int32_t)p->nnets;
			size[p->nnets++] = 1;
		}
		net_of_conn[c] = net_of_pin[key];
		size[net_of_pin[key]]++;
	}
	p->net_start = st_ctx_alloc(ctx, (p->nnets + 1) * sizeof *p->net_start);
	p->net_nodes = st_ctx_alloc(ctx, (C + p->nnets + 1) * sizeof *p->net_nodes);
	p->net_cost = zalloc(ctx, (p->nnets + 1) * sizeof *p->net_cost);
	uint32_t *fill = st_ctx_alloc(ctx, (p->nnets + 1) * sizeof *fill);
	if (!p->net_start || !p->net_nodes || !p->net_cost || !fill)
		return ST_FAIL;
	uint32_t at = 0;
	for (size_t n = 0; n < p->nnets; n++) {
		p->net_start[n] = at;
		fill[n] = at + 1;
		at += size[n];
	}
	p->net_start[p->nnets] = at;
	for (size_t c = 0; c < C; c++) {
		int32_t n = net_of_conn[c];
		p->net_nodes[p->net_start[n]] = nl->conns[c].src.node;
		p->net_nodes[fill[n]++] = nl->conns[c].dst.node;
	}
	/* Per node, its nets. */
	p->node_net_start = zalloc(ctx, (N + 1) * sizeof *p->node_net_start);
	p->node_nets = st_ctx_alloc(ctx, (at + 1) * sizeof *p->node_nets);
	if (!p->node_net_start || !p->node_nets)
		return ST_FAIL;
	uint32_t *cnt = zalloc(ctx, (N + 1) * sizeof *cnt);
	if (!cnt)
		return ST_FAIL;
	for (size_t i = 0; i < at; i++)
		cnt[p->net_nodes[i]]++;
	uint32_t acc = 0;
	for (size_t v = 0; v < N; v++) {
		p->node_net_start[v] = acc;
		acc += cnt[v];
		cnt[v] = p->node_net_start[v];
	}
	p->node_net_start[N] = acc;
	for (size_t n = 0; n < p->nnets; n++)
		for (uint32_t i = p->net_start[n]; i < p->net_start[n + 1]; i++)
			p->node_nets[cnt[p->net_nodes[i]]++] = (int32_t)n;
	st_ctx_free(ctx, cnt, (N + 1) * sizeof *cnt);
	st_ctx_free(ctx, fill, (p->nnets + 1) * sizeof *fill);
	st_ctx_free(ctx, size, (C + 1) * sizeof *size);
	st_ctx_free(ctx, net_of_conn, (C + 1) * sizeof *net_of_conn);
	st_ctx_free(ctx, net_of_pin, (N * 128 + 1) * sizeof *net_of_pin);
	return ST_OK;
}

static const st_cgra_tile *tile_of(const placer *p, int32_t node) {
	int s = p->set_of[node];
	return st_cgra_fabric_tile(p->f, (size_t)p->sets[s].tile[p->site_of[node]]);
}

static double net_hpwl(const placer *p, size_t n) {
	int64_t r0 = INT64_MAX, r1 = INT64_MIN, c0 = INT64_MAX, c1 = INT64_MIN;
	for (uint32_t i = p->net_start[n]; i < p->net_start[n + 1]; i++) {
		const st_cgra_tile *t = tile_of(p, p->net_nodes[i]);
		r0 = t->row < r0 ? t->row : r0;
		r1 = t->row > r1 ? t->row : r1;
		c0 = t->col < c0 ? t->col : c0;
		c1 = t->col > c1 ? t->col : c1;
	}
	return (double)((r1 - r0) + (c1 - c0));
}

static double reg_only(const placer *p, int32_t tile) {
	return p->regs[tile] > 0 && p->core[tile] == 0 ? REG_ONLY_PENALTY : 0.0;
}

static void occupy(placer *p, int32_t node, int32_t site, int sign) {
	int s = p->set_of[node];
	int32_t t = p->sets[s].tile[site];
	if (s >= S_REG0)
		p->regs[t] += sign;
	else
		p->core[t] += sign;
}

static double total_cost(placer *p) {
	double c = 0;
	for (size_t n = 0; n < p->nnets; n++)
		c += p->net_cost[n] = net_hpwl(p, n);
	size_t T = st_cgra_fabric_num_tiles(p->f);
	for (size_t t = 0; t < T; t++)
		c += reg_only(p, (int32_t)t);
	return c;
}

/* ------------------------------------------------------------- global */

static void global_place(placer *p, double *x, double *y) {
	cg_netlist *nl = p->nl;
	double rows = (double)st_cgra_fabric_rows(p->f), cols = (double)st_cgra_fabric_cols(p->f);
	size_t nio = 0, k = 0;
	for (size_t v = 0; v < nl->n; v++)
		nio += nl->nodes[v].kind == CG_IO;
	for (size_t v = 0; v < nl->n; v++) {
		if (nl->nodes[v].kind == CG_IO) {
			/* Spread along the middle of the ring's row. */
			x[v] = cols / 2 - (double)nio / 2 + (double)k++;
			y[v] = -1;
		} else {
			x[v] = cols / 2 + (double)(st__cg_rand(&p->rng) % 100) / 100.0;
			y[v] = rows / 2 + (double)(st__cg_rand(&p->rng) % 100) / 100.0;
		}
	}
	for (int it = 0; it < 40; it++)
		for (size_t v = 0; v < nl->n; v++) {
			if (nl->nodes[v].kind == CG_IO)
				continue;
			double sx = 0, sy = 0;
			int cnt = 0;
			for (uint32_t i = p->node_net_start[v]; i < p->node_net_start[v + 1]; i++) {
				size_t n = (size_t)p->node_nets[i];
				for (uint32_t j = p->net_start[n]; j < p->net_start[n + 1]; j++)
					if ((size_t)p->net_nodes[j] != v) {
						sx += x[p->net_nodes[j]];
						sy += y[p->net_nodes[j]];
						cnt++;
					}
			}
			if (cnt) {
				x[v] = sx / cnt;
				y[v] = sy / cnt;
			}
		}
}

static int kind_order(const cg_node *n) { return n->kind == CG_IO ? 0 : n->kind == CG_MEM ? 1 : n->kind == CG_PE ? 2 : 3; }

/* Nearest free site of each node's kind, IO then MEM then PE then registers. */
static st_status legalize(placer *p, const double *x, const double *y) {
	cg_netlist *nl = p->nl;
	for (int pass = 0; pass < 4; pass++)
		for (size_t v = 0; v < nl->n; v++) {
			if (kind_order(&nl->nodes[v]) != pass)
				continue;
			int s = p->set_of[v];
			site_set *ss = &p->sets[s];
			int64_t best = -1;
			double bd = 1e300;
			for (size_t i = 0; i < ss->n; i++) {
				if (ss->owner[i] >= 0)
					continue;
				const st_cgra_tile *t = st_cgra_fabric_tile(p->f, (size_t)ss->tile[i]);
				double d = fabs((double)t->col - x[v]) + fabs((double)t->row - y[v]);
				if (d < bd) {
					bd = d;
					best = (int64_t)i;
				}
			}
			if (best < 0) {
				static const char *const what[] = {"PE", "MEM", "IO", "register"};
				size_t need = 0;
				for (size_t u = 0; u < nl->n; u++)
					need += p->set_of[u] == s;
				return st_op_error(nl->nodes[v].loc,
				                   "cgra: the design needs %zu %s%s but target @%s has %zu (placing '%s')", need,
				                   what[s < S_REG0 ? s : 3], s >= S_REG0 ? " sites" : " tiles",
				                   st_ident_cstr(st_symbol_name(nl->target)), ss->n, nl->nodes[v].name);
			}
			ss->owner[best] = (int32_t)v;
			p->site_of[v] = (int32_t)best;
			occupy(p, (int32_t)v, (int32_t)best, 1);
		}
	return ST_OK;
}

/* ------------------------------------------------------------ annealing */

static double delta_of(placer *p, int32_t a, int32_t b, double *newc, int32_t *nets, size_t *nn) {
	*nn = 0;
	const int32_t who[2] = {a, b};
	for (int w = 0; w < 2; w++) {
		if (who[w] < 0)
			continue;
		for (uint32_t i = p->node_net_start[who[w]]; i < p->node_net_start[who[w] + 1]; i++) {
			int32_t n = p->node_nets[i];
			bool seen = false;
			for (size_t j = 0; j < *nn && !seen; j++)
				seen = nets[j] == n;
			if (!seen && *nn < 4096)
				nets[(*nn)++] = n;
		}
	}
	double d = 0;
	for (size_t j = 0; j < *nn; j++) {
		newc[j] = net_hpwl(p, (size_t)nets[j]);
		d += newc[j] - p->net_cost[nets[j]];
	}
	return d;
}

/* Moves node a to site `to` of its set (swapping with its owner). */
static void do_move(placer *p, int32_t a, int32_t to) {
	int s = p->set_of[a];
	site_set *ss = &p->sets[s];
	int32_t from = p->site_of[a], b = ss->owner[to];
	occupy(p, a, from, -1);
	if (b >= 0)
		occupy(p, b, to, -1);
	ss->owner[to] = a;
	ss->owner[from] = b;
	p->site_of[a] = to;
	if (b >= 0) {
		p->site_of[b] = from;
		occupy(p, b, from, 1);
	}
	occupy(p, a, to, 1);
}

static void anneal(placer *p, const cg_opts *o) {
	cg_netlist *nl = p->nl;
	size_t N = nl->n;
	if (!N)
		return;
	double *newc = st_ctx_alloc(nl->ctx, 4096 * sizeof *newc);
	int32_t *nets = st_ctx_alloc(nl->ctx, 4096 * sizeof *nets);
	if (!newc || !nets) {
		if (newc)
			st_ctx_free(nl->ctx, newc, 4096 * sizeof *newc);
		if (nets)
			st_ctx_free(nl->ctx, nets, 4096 * sizeof *nets);
		return;
	}
	p->cost = total_cost(p);
	int64_t span = st_cgra_fabric_rows(p->f) + st_cgra_fabric_cols(p->f);
	double T = 1.0 + (double)p->cost / (double)(p->nnets + 1);
	size_t per = 20 * N > 2000 ? 20 * N : 2000;
	double radius = (double)span;
	for (int round = 0; round < 400 && T > 0.002; round++) {
		size_t acc = 0;
		for (size_t m = 0; m < per; m++) {
			int32_t a = (int32_t)(st__cg_rand(&p->rng) % N);
			int s = p->set_of[a];
			site_set *ss = &p->sets[s];
			if (ss->n < 2)
				continue;
			const st_cgra_tile *ta = tile_of(p, a);
			int32_t to = (int32_t)(st__cg_rand(&p->rng) % ss->n);
			const st_cgra_tile *tt = st_cgra_fabric_tile(p->f, (size_t)ss->tile[to]);
			int64_t dist = (tt->row > ta->row ? tt->row - ta->row : ta->row - tt->row) +
			               (tt->col > ta->col ? tt->col - ta->col : ta->col - tt->col);
			if (to == p->site_of[a] || (double)dist > radius)
				continue;
			int32_t b = ss->owner[to];
			int32_t ta_tile = p->sets[s].tile[p->site_of[a]], tt_tile = ss->tile[to];
			double before = reg_only(p, ta_tile) + (tt_tile != ta_tile ? reg_only(p, tt_tile) : 0);
			int32_t from = p->site_of[a];
			do_move(p, a, to);
			size_t nn;
			double d = delta_of(p, a, b, newc, nets, &nn);
			d += reg_only(p, ta_tile) + (tt_tile != ta_tile ? reg_only(p, tt_tile) : 0) - before;
			double r = (double)(st__cg_rand(&p->rng) >> 11) / 9007199254740992.0;
			if (d <= 0 || r < exp(-d / T)) {
				for (size_t j = 0; j < nn; j++)
					p->net_cost[nets[j]] = newc[j];
				p->cost += d;
				acc++;
			} else {
				do_move(p, a, from);
			}
		}
		double rate = (double)acc / (double)per;
		T *= rate > 0.96 ? 0.5 : rate > 0.8 ? 0.9 : rate > 0.15 ? 0.95 : 0.8;
		radius = radius * (1.0 - 0.44 + rate);
		radius = radius < 1 ? 1 : radius > (double)span ? (double)span : radius;
		st__cg_progress(o->progress, "\rcgra-place: round %d, temperature %.3f, cost %.0f, accepted %.0f%%   ", round,
		                T, p->cost, 100 * rate);
		if (rate < 0.002 && T < 0.05)
			break;
	}
	st__cg_progress(o->progress, "\n");
	st_ctx_free(nl->ctx, newc, 4096 * sizeof *newc);
	st_ctx_free(nl->ctx, nets, 4096 * sizeof *nets);
}

static void free_placer(placer *p) {
	st_context *ctx = p->nl->ctx;
	size_t T = st_cgra_fabric_num_tiles(p->f), N = p->nl->n;
	int32_t R = st_cgra_fabric_sb_regs(p->f);
	for (int s = 0; s < p->nsets; s++) {
		size_t cap = (s >= S_REG0 ? T * (size_t)R : T) + 1;
		site_set *ss = &p->sets[s];
		if (ss->tile)
			st_ctx_free(ctx, ss->tile, cap * sizeof *ss->tile);
		if (ss->index)
			st_ctx_free(ctx, ss->index, cap * sizeof *ss->index);
		if (ss->owner)
			st_ctx_free(ctx, ss->owner, cap * sizeof *ss->owner);
	}
	size_t at = p->net_start ? p->net_start[p->nnets] : 0;
	if (p->set_of)
		st_ctx_free(ctx, p->set_of, (N + 1) * sizeof *p->set_of);
	if (p->site_of)
		st_ctx_free(ctx, p->site_of, (N + 1) * sizeof *p->site_of);
	if (p->net_nodes)
		st_ctx_free(ctx, p->net_nodes, (p->nl->nc + p->nnets + 1) * sizeof *p->net_nodes);
	if (p->net_start)
		st_ctx_free(ctx, p->net_start, (p->nnets + 1) * sizeof *p->net_start);
	if (p->net_cost)
		st_ctx_free(ctx, p->net_cost, (p->nnets + 1) * sizeof *p->net_cost);
	if (p->node_net_start)
		st_ctx_free(ctx, p->node_net_start, (N + 1) * sizeof *p->node_net_start);
	if (p->node_nets)
		st_ctx_free(ctx, p->node_nets, (at + 1) * sizeof *p->node_nets);
	if (p->core)
		st_ctx_free(ctx, p->core, (T + 1) * sizeof *p->core);
	if (p->regs)
		st_ctx_free(ctx, p->regs, (T + 1) * sizeof *p->regs);
}

st_status st__cg_place(cg_netlist *nl, const cg_opts *o) {
	st_context *ctx = nl->ctx;
	placer p = {.nl = nl, .f = nl->fabric, .rng = o->seed * 0x9E3779B97F4A7C15ull + 1};
	size_t N = nl->n, T = st_cgra_fabric_num_tiles(p.f);
	p.set_of = st_ctx_alloc(ctx, (N + 1) * sizeof *p.set_of);
	p.site_of = st_ctx_alloc(ctx, (N + 1) * sizeof *p.site_of);
	p.core = zalloc(ctx, (T + 1) * sizeof *p.core);
	p.regs = zalloc(ctx, (T + 1) * sizeof *p.regs);
	double *x = st_ctx_alloc(ctx, (N + 1) * sizeof *x), *y = st_ctx_alloc(ctx, (N + 1) * sizeof *y);
	st_status st = p.set_of && p.site_of && p.core && p.regs && x && y ? ST_OK : ST_FAIL;
	if (st == ST_OK)
		st = build_sites(&p);
	for (size_t v = 0; st == ST_OK && v < N; v++) {
		p.set_of[v] = set_of_node(&p, &nl->nodes[v]);
		if (p.set_of[v] < 0)
			st = st_op_error(nl->nodes[v].loc, "cgra: no %d-bit register sites for '%s'", nl->nodes[v].width,
			                 nl->nodes[v].name);
	}
	if (st == ST_OK)
		st = build_nets(&p);
	if (st == ST_OK) {
		global_place(&p, x, y);
		st = legalize(&p, x, y);
	}
	if (st == ST_OK) {
		anneal(&p, o);
		for (size_t v = 0; v < N; v++) {
			const site_set *ss = &p.sets[p.set_of[v]];
			nl->nodes[v].tile = ss->tile[p.site_of[v]];
			nl->nodes[v].site = ss->index[p.site_of[v]];
		}
	}
	if (x)
		st_ctx_free(ctx, x, (N + 1) * sizeof *x);
	if (y)
		st_ctx_free(ctx, y, (N + 1) * sizeof *y);
	free_placer(&p);
	return st;
}
