/* Paths between the nodes of one graph: fewest hops, or widest bottleneck.
 * Both are a label-setting search over the graph's edges (few nodes, so a
 * linear scan for the next node is fine), comparing (primary, secondary)
 * pairs; ties go to the edge written first because edges are scanned in
 * order and only a strictly better label replaces one. */
#include "acg_private.h"

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

static size_t index_of(st_op *const *nodes, size_t n, const st_op *op) {
	for (size_t i = 0; i < n; i++)
		if (nodes[i] == op)
			return i;
	return n;
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
	st_status s = nodes && l ? ST_OK : ST_FAIL;
	if (st_succeeded(s)) {
		n = 0;
		for (st_op *c = st_block_first_op(st__acg_body(g)); c; c = st_op_next(c))
			if (!st__acg_is_edge(c)) {
				l[n] = (lbl){.hops = -1};
				nodes[n++] = c;
			}
		size_t src = index_of(nodes, n, from), dst = index_of(nodes, n, to);
		l[src] = (lbl){.bw = INT64_MAX, .hops = 0, .prev = n};
		for (;;) {
			size_t u = n;
			for (size_t i = 0; i < n; i++)
				if (!l[i].done && l[i].hops >= 0 && (u == n || better(by_bw, l[i].bw, l[i].hops, &l[u])))
					u = i;
			if (u == n || u == dst)
				break;
			l[u].done = true;
			for (st_op *e = st_block_first_op(st__acg_body(g)); e; e = st_op_next(e)) {
				if (!st__acg_is_edge(e))
					continue;
				st_op *a = st_symbol_lookup(g, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "src"))));
				st_op *b = st_symbol_lookup(g, st_ident_str(st_attr_symbol_root(st_op_get_attr(e, "dst"))));
				size_t v = n;
				if (a == nodes[u])
					v = index_of(nodes, n, b);
				else if (b == nodes[u] && st_acg_int(e, "bidirectional", 0))
					v = index_of(nodes, n, a);
				if (v == n || l[v].done)
					continue;
				int64_t ebw = st_acg_int(e, "bandwidth", 0);
				int64_t bw = ebw < l[u].bw ? ebw : l[u].bw;
				if (better(by_bw, bw, l[u].hops + 1, &l[v]))
					l[v] = (lbl){.bw = bw, .hops = l[u].hops + 1, .lat = l[u].lat + st_acg_int(e, "latency", 0),
					             .prev = u};
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
