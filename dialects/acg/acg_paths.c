/* Paths between the nodes of one graph: fewest hops, or widest bottleneck.
 * Both are a label-setting search over the graph's edges, resolved to node
 * indices once (an expanded grid has thousands), with a linear scan for
 * the next node, comparing (primary, secondary) pairs; ties go to the edge
 * written first because edges are scanned in order and only a strictly
 * better label replaces one. */
#include "acg_private.h"

#include <stdlib.h>
#include <string.h>

typedef struct lbl {
	int64_t bw;   /* bottleneck so far (INT64_MAX at the source) */
	int64_t hops; /* -1: unreached */
	int64_t lat;
	size_t prev;
	bool done;
} lbl;

static bool better(bool by_bw, int64_t bw, int64_t hops, const lbl *l) {
	if (l->hops < 0)
		return true;
	if (by_bw)
		return bw > l->bw || (bw == l->bw && hops < l->hops);
	return hops < l->hops || (hops == l->hops && bw > l->bw);
}

typedef struct slot {
	const st_op *op;
	size_t index;
} slot;

static int by_op(const void *x, const void *y) {
	uintptr_t a = (uintptr_t)((const slot *)x)->op, b = (uintptr_t)((const slot *)y)->op;
	return a < b ? -1 : a > b;
}

/* The index of `op` among the nodes (`order` sorted by op), or n. */
static size_t index_of(const slot *order, size_t n, const st_op *op) {
	slot key = {op, 0};
	const slot *hit = op ? bsearch(&key, order, n, sizeof *order, by_op) : NULL;
	return hit ? hit->index : n;
}

typedef struct arc {
	size_t from, to;
	int64_t bw, lat;
} arc;

typedef struct arcs {
	arc *a;
	size_t n, cap;
} arcs;

/* The edges of `g` as arcs between node indices (two per `<->` edge). */
static bool arcs_of(st_context *ctx, st_op *g, st_op *const *nodes, size_t n, arcs *out) {
	slot *order = st_ctx_alloc(ctx, n * sizeof *order);
	st_symbol_table *t = order ? st_symbol_table_create(g) : NULL;
	bool ok = t != NULL;
	for (size_t i = 0; ok && i < n; i++)
		order[i] = (slot){nodes[i], i};
	if (ok)
		qsort(order, n, sizeof *order, by_op);
	for (st_op *e = ok ? st_block_first_op(st__acg_body(g)) : NULL; e; e = st_op_next(e)) {
		if (!st__acg_is_edge(e))
			continue;
		st_op *x = st_symbol_table_lookup(t, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "src"))));
		st_op *y = st_symbol_table_lookup(t, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "dst"))));
		size_t i = index_of(order, n, x), j = index_of(order, n, y);
		if (i == n || j == n)
			continue;
		if (!(ok = st_ctx_grow(ctx, (void **)&out->a, &out->cap, NULL, sizeof *out->a, out->n + 2)))
			break;
		int64_t bw = st_acg_int(e, "bandwidth", 0), lat = st_acg_int(e, "latency", 0);
		out->a[out->n++] = (arc){i, j, bw, lat};
		if (st_acg_int(e, "bidirectional", 0))
			out->a[out->n++] = (arc){j, i, bw, lat};
	}
	if (t)
		st_symbol_table_destroy(t);
	if (order)
		st_ctx_free(ctx, order, n * sizeof *order);
	return ok;
}

static st_status search(st_op *from, st_op *to, bool by_bw, st_acg_path *out) {
	memset(out, 0, sizeof *out);
	st_op *g = st__acg_parent_scope(from);
	if (!g || g != st__acg_parent_scope(to) || !st__acg_is_graph(g))
		return ST_OK;
	st_context *ctx = st_op_context(from);
	size_t n = 0;
	for (st_op *c = st_block_first_op(st__acg_body(g)); c; c = st_op_next(c))
		n += st__acg_is_edge(c) ? 0 : 1;
	st_op **nodes = st_ctx_alloc(ctx, n * sizeof *nodes);
	lbl *l = st_ctx_alloc(ctx, n * sizeof *l);
	arcs arc_list = {0};
	st_status s = nodes && l ? ST_OK : ST_FAIL;
	size_t src = n, dst = n;
	if (st_succeeded(s)) {
		size_t k = 0;
		for (st_op *c = st_block_first_op(st__acg_body(g)); c; c = st_op_next(c))
			if (!st__acg_is_edge(c)) {
				l[k] = (lbl){.hops = -1};
				src = c == from ? k : src;
				dst = c == to ? k : dst;
				nodes[k++] = c;
			}
		if (!arcs_of(ctx, g, nodes, n, &arc_list))
			s = ST_FAIL;
	}
	if (st_succeeded(s)) {
		l[src] = (lbl){.bw = INT64_MAX, .hops = 0, .prev = n};
		for (;;) {
			size_t u = n;
			for (size_t i = 0; i < n; i++)
				if (!l[i].done && l[i].hops >= 0 && (u == n || better(by_bw, l[i].bw, l[i].hops, &l[u])))
					u = i;
			if (u == n || u == dst)
				break;
			l[u].done = true;
			for (size_t e = 0; e < arc_list.n; e++) {
				const arc *a = &arc_list.a[e];
				if (a->from != u || l[a->to].done)
					continue;
				int64_t bw = a->bw < l[u].bw ? a->bw : l[u].bw;
				if (better(by_bw, bw, l[u].hops + 1, &l[a->to]))
					l[a->to] = (lbl){.bw = bw, .hops = l[u].hops + 1, .lat = l[u].lat + a->lat, .prev = u};
			}
		}
		if (l[dst].hops >= 0) {
			out->n = (size_t)l[dst].hops + 1;
			out->nodes = st_ctx_alloc(ctx, out->n * sizeof *out->nodes);
			if (!out->nodes) {
				out->n = 0;
				s = ST_FAIL;
			} else {
				size_t k = out->n, v = dst;
				while (k--) {
					out->nodes[k] = nodes[v];
					v = l[v].prev;
				}
				out->bandwidth = out->n > 1 ? l[dst].bw : 0;
				out->latency = l[dst].lat;
			}
		}
	}
	if (arc_list.a)
		st_ctx_free(ctx, arc_list.a, arc_list.cap * sizeof *arc_list.a);
	if (nodes)
		st_ctx_free(ctx, nodes, n * sizeof *nodes);
	if (l)
		st_ctx_free(ctx, l, n * sizeof *l);
	return s;
}

st_status st_acg_path_by_hops(st_op *from, st_op *to, st_acg_path *out) { return search(from, to, false, out); }
st_status st_acg_path_by_bandwidth(st_op *from, st_op *to, st_acg_path *out) { return search(from, to, true, out); }

void st_acg_path_free(st_context *ctx, st_acg_path *p) {
	if (p->nodes)
		st_ctx_free(ctx, p->nodes, p->n * sizeof *p->nodes);
	memset(p, 0, sizeof *p);
}
