/* Routing (docs/cgra.md, "Routing"): PathFinder's negotiated congestion
 * (McMurchie and Ebeling 1995) on the fabric's routing-resource graph.
 * Each net grows a tree from its source pin, sink by sink (nearest first),
 * each by an A* search from the whole tree; a wire costs (1 + history) x
 * (1 + present x overuse), so nets first share wires freely, then the
 * rising present cost and the accumulated history of overused wires push
 * all but one net off each.  16-bit and 1-bit nets never meet: the graph
 * joins wires of one width only.  When wires stay overused after the last
 * iteration the error names the most congested region. */
#include "cgra_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct heap_ent {
	double f;
	int32_t node;
} heap_ent;

typedef struct router {
	cg_netlist *nl;
	const st_cgra_fabric *f;
	size_t V;
	int32_t *occ;
	double *hist, *g;
	int32_t *prev;
	uint32_t *stamp, now;
	uint8_t *in_tree;
	heap_ent *heap;
	size_t nh, caph;
	/* nets: connections grouped by source pin */
	size_t *order; /* connections sorted by net */
	size_t nnets;
	size_t *net_first; /* into order */
	int32_t *conn_src, *conn_dst; /* RR nodes */
	int32_t **tree;                /* per net: its RR nodes */
	size_t *ntree, *captree;
	double pres;
} router;

static void *zalloc(st_context *ctx, size_t n) {
	void *q = st_ctx_alloc(ctx, n ? n : 1);
	if (q)
		memset(q, 0, n ? n : 1);
	return q;
}

static int32_t rr_pin(const router *r, cg_pin pin, bool input) {
	const cg_node *n = &r->nl->nodes[pin.node];
	int32_t w = pin.bit ? 1 : st_cgra_fabric_data_width(r->f);
	if (n->kind == CG_REG)
		return st_cgra_fabric_reg(r->f, n->tile, w, n->site, !input);
	return st_cgra_fabric_pin(r->f, n->tile, input, w, pin.index);
}

static bool heap_push(router *r, double f, int32_t node) {
	if (r->nh == r->caph) {
		size_t nc = r->caph ? 2 * r->caph : 1024;
		heap_ent *h = st_ctx_realloc(r->nl->ctx, r->heap, r->caph * sizeof *h, nc * sizeof *h);
		if (!h)
			return false;
		r->heap = h;
		r->caph = nc;
	}
	size_t i = r->nh++;
	while (i > 0 && r->heap[(i - 1) / 2].f > f) {
		r->heap[i] = r->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	r->heap[i] = (heap_ent){f, node};
	return true;
}

static heap_ent heap_pop(router *r) {
	heap_ent top = r->heap[0], last = r->heap[--r->nh];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= r->nh)
			break;
		if (c + 1 < r->nh && r->heap[c + 1].f < r->heap[c].f)
			c++;
		if (r->heap[c].f >= last.f)
			break;
		r->heap[i] = r->heap[c];
		i = c;
	}
	if (r->nh)
		r->heap[i] = last;
	return top;
}

/* Where a node sits for the distance estimate: a wire arrives at the
 * neighbour it leads to. */
static void node_pos(const router *r, int32_t v, int64_t *row, int64_t *col) {
	const st_cgra_node *n = st_cgra_fabric_node(r->f, v);
	const st_cgra_tile *t = st_cgra_fabric_tile(r->f, (size_t)n->tile);
	static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
	*row = t->row + (n->kind == ST_CGRA_WIRE ? dr[n->side] : 0);
	*col = t->col + (n->kind == ST_CGRA_WIRE ? dc[n->side] : 0);
}

static double node_cost(const router *r, int32_t v) {
	double over = (double)r->occ[v]; /* occupancy if this net takes it too, minus the capacity of 1 */
	return (1.0 + r->hist[v]) * (1.0 + r->pres * over);
}

static bool tree_add(router *r, size_t net, int32_t v) {
	if (r->ntree[net] == r->captree[net]) {
		size_t nc = r->captree[net] ? 2 * r->captree[net] : 16;
		int32_t *t = st_ctx_realloc(r->nl->ctx, r->tree[net], r->captree[net] * sizeof *t, nc * sizeof *t);
		if (!t)
			return false;
		r->tree[net] = t;
		r->captree[net] = nc;
	}
	r->tree[net][r->ntree[net]++] = v;
	return true;
}

/* A* from every node of the net's tree to `sink`; the path is written to
 * the connection's route.  False when the sink cannot be reached. */
static int route_sink(router *r, size_t net, int32_t sink, cg_route *out, size_t conn) {
	r->now++;
	r->nh = 0;
	int64_t sr, sc;
	node_pos(r, sink, &sr, &sc);
	for (size_t i = 0; i < r->ntree[net]; i++) {
		int32_t v = r->tree[net][i];
		int64_t vr, vc;
		node_pos(r, v, &vr, &vc);
		r->stamp[v] = r->now;
		r->g[v] = 0;
		r->prev[v] = -1;
		if (!heap_push(r, (double)(llabs(vr - sr) + llabs(vc - sc)), v))
			return -1;
	}
	bool found = false;
	while (r->nh && !found) {
		heap_ent e = heap_pop(r);
		int32_t v = e.node;
		if (v == sink) {
			found = true;
			break;
		}
		const int32_t *outs;
		size_t no = st_cgra_fabric_fanout(r->f, v, &outs);
		for (size_t k = 0; k < no; k++) {
			int32_t u = outs[k];
			const st_cgra_node *un = st_cgra_fabric_node(r->f, u);
			if (u != sink && un->kind != ST_CGRA_WIRE)
				continue;
			if (r->in_tree[u])
				continue;
			double gu = r->g[v] + (un->kind == ST_CGRA_WIRE ? node_cost(r, u) : 0.0);
			if (r->stamp[u] == r->now && r->g[u] <= gu)
				continue;
			r->stamp[u] = r->now;
			r->g[u] = gu;
			r->prev[u] = v;
			int64_t ur, uc;
			node_pos(r, u, &ur, &uc);
			if (!heap_push(r, gu + (double)(llabs(ur - sr) + llabs(uc - sc)), u))
				return -1;
		}
	}
	if (!found)
		return 0;
	size_t len = 0;
	for (int32_t v = sink; v >= 0; v = r->prev[v])
		len++;
	int32_t *path = st_ctx_alloc(r->nl->ctx, len * sizeof *path);
	if (!path)
		return -1;
	size_t i = len;
	for (int32_t v = sink; v >= 0; v = r->prev[v])
		path[--i] = v;
	for (i = 1; i < len; i++) {
		r->occ[path[i]]++;
		r->in_tree[path[i]] = 1;
		if (!tree_add(r, net, path[i]))
			return -1;
	}
	if (out->path[conn])
		st_ctx_free(r->nl->ctx, out->path[conn], out->plen[conn] * sizeof *out->path[conn]);
	out->path[conn] = path;
	out->plen[conn] = len;
	return 1;
}

static int64_t overuse(const router *r) {
	int64_t n = 0;
	for (size_t v = 0; v < r->V; v++)
		n += r->occ[v] > 1 ? r->occ[v] - 1 : 0;
	return n;
}

static st_status congestion_error(router *r, int64_t iters, int64_t over) {
	const st_cgra_fabric *f = r->f;
	size_t T = st_cgra_fabric_num_tiles(f);
	int64_t *per = zalloc(r->nl->ctx, (T + 1) * sizeof *per);
	if (!per)
		return ST_FAIL;
	for (size_t v = 0; v < r->V; v++)
		if (r->occ[v] > 1)
			per[st_cgra_fabric_node(f, (int32_t)v)->tile] += r->occ[v] - 1;
	size_t best = 0;
	int64_t bn = -1;
	for (size_t t = 0; t < T; t++) {
		int64_t n = 0;
		for (size_t u = 0; u < T; u++)
			if (per[u] && st_cgra_fabric_distance(f, (int32_t)t, (int32_t)u) <= 2)
				n += per[u];
		if (n > bn) {
			bn = n;
			best = t;
		}
	}
	const st_cgra_tile *bt = st_cgra_fabric_tile(f, best);
	st_ctx_free(r->nl->ctx, per, (T + 1) * sizeof *per);
	return st_op_error(r->nl->target,
	                   "cgra: routing failed after %lld iterations: %lld wires are wanted by more than one net; the "
	                   "most congested region is around tile (%lld,%lld) (%lld overused wires within 2 tiles): the "
	                   "design needs more tracks there than the fabric has",
	                   (long long)iters, (long long)over, (long long)bt->row, (long long)bt->col, (long long)bn);
}

static void sort_conns(router *r) {
	cg_netlist *nl = r->nl;
	size_t C = nl->nc;
	for (size_t i = 0; i < C; i++)
		r->order[i] = i;
	/* A stable merge sort on (source pin, connection number). */
	size_t *tmp = st_ctx_alloc(nl->ctx, (C + 1) * sizeof *tmp);
	if (!tmp)
		return;
	for (size_t w = 1; w < C; w *= 2)
		for (size_t lo = 0; lo < C; lo += 2 * w) {
			size_t mid = lo + w < C ? lo + w : C, hi = lo + 2 * w < C ? lo + 2 * w : C, a = lo, b = mid, k = lo;
			while (a < mid || b < hi) {
				bool take_a = b >= hi;
				if (a < mid && b < hi) {
					const cg_pin *pa = &nl->conns[r->order[a]].src, *pb = &nl->conns[r->order[b]].src;
					int64_t ka = (int64_t)pa->node * 512 + pa->bit * 256 + pa->index,
					        kb = (int64_t)pb->node * 512 + pb->bit * 256 + pb->index;
					take_a = ka < kb || (ka == kb && r->order[a] < r->order[b]);
				}
				tmp[k++] = take_a ? r->order[a++] : r->order[b++];
			}
			memcpy(r->order + lo, tmp + lo, (hi - lo) * sizeof *tmp);
		}
	st_ctx_free(nl->ctx, tmp, (C + 1) * sizeof *tmp);
}

st_status st__cg_route(cg_netlist *nl, const cg_opts *o, cg_route *out) {
	st_context *ctx = nl->ctx;
	router r = {.nl = nl, .f = nl->fabric, .V = st_cgra_fabric_num_nodes(nl->fabric), .pres = 0.5};
	size_t C = nl->nc, V = r.V;
	memset(out, 0, sizeof *out);
	out->nconn = C;
	out->path = zalloc(ctx, (C + 1) * sizeof *out->path);
	out->plen = zalloc(ctx, (C + 1) * sizeof *out->plen);
	r.occ = zalloc(ctx, (V + 1) * sizeof *r.occ);
	r.hist = zalloc(ctx, (V + 1) * sizeof *r.hist);
	r.g = zalloc(ctx, (V + 1) * sizeof *r.g);
	r.prev = zalloc(ctx, (V + 1) * sizeof *r.prev);
	r.stamp = zalloc(ctx, (V + 1) * sizeof *r.stamp);
	r.in_tree = zalloc(ctx, V + 1);
	r.order = zalloc(ctx, (C + 1) * sizeof *r.order);
	r.net_first = zalloc(ctx, (C + 2) * sizeof *r.net_first);
	r.conn_src = zalloc(ctx, (C + 1) * sizeof *r.conn_src);
	r.conn_dst = zalloc(ctx, (C + 1) * sizeof *r.conn_dst);
	st_status st = out->path && out->plen && r.occ && r.hist && r.g && r.prev && r.stamp && r.in_tree && r.order &&
	                       r.net_first && r.conn_src && r.conn_dst
	                   ? ST_OK
	                   : ST_FAIL;
	if (st == ST_OK) {
		sort_conns(&r);
		for (size_t i = 0; i < C; i++) {
			size_t c = r.order[i];
			if (i == 0 || !st__cg_same_pin(&nl->conns[c].src, &nl->conns[r.order[i - 1]].src))
				r.net_first[r.nnets++] = i;
			r.conn_src[c] = rr_pin(&r, nl->conns[c].src, false);
			r.conn_dst[c] = rr_pin(&r, nl->conns[c].dst, true);
			if (r.conn_src[c] < 0 || r.conn_dst[c] < 0)
				st = st_op_error(nl->nodes[nl->conns[c].dst.node].loc, "cgra: '%s' connects a pin its tile lacks",
				                 nl->nodes[nl->conns[c].dst.node].name);
		}
		r.net_first[r.nnets] = C;
	}
	r.tree = zalloc(ctx, (r.nnets + 1) * sizeof *r.tree);
	r.ntree = zalloc(ctx, (r.nnets + 1) * sizeof *r.ntree);
	r.captree = zalloc(ctx, (r.nnets + 1) * sizeof *r.captree);
	if (!r.tree || !r.ntree || !r.captree)
		st = ST_FAIL;
	int64_t iters = o->route_iters > 0 ? o->route_iters : 60, it = 0, over = 0;
	for (it = 1; st == ST_OK && it <= iters; it++) {
		for (size_t n = 0; st == ST_OK && n < r.nnets; n++) {
			/* Rip up. */
			for (size_t i = 0; i < r.ntree[n]; i++) {
				int32_t v = r.tree[n][i];
				if (i > 0)
					r.occ[v]--;
				r.in_tree[v] = 0;
			}
			r.ntree[n] = 0;
			int32_t src = r.conn_src[r.order[r.net_first[n]]];
			if (!tree_add(&r, n, src)) {
				st = ST_FAIL;
				break;
			}
			r.in_tree[src] = 1;
			for (size_t i = r.net_first[n]; st == ST_OK && i < r.net_first[n + 1]; i++) {
				size_t c = r.order[i];
				int got = route_sink(&r, n, r.conn_dst[c], out, c);
				if (got < 0)
					st = ST_FAIL;
				else if (got == 0) {
					char a[64], b[64];
					st_cgra_fabric_node_name(r.f, src, a, sizeof a);
					st_cgra_fabric_node_name(r.f, r.conn_dst[c], b, sizeof b);
					st = st_op_error(nl->nodes[nl->conns[c].dst.node].loc,
					                 "cgra: no route at all from %s to %s in the fabric", a, b);
				}
			}
			for (size_t i = 0; i < r.ntree[n]; i++)
				r.in_tree[r.tree[n][i]] = 0;
		}
		if (st_failed(st))
			break;
		over = overuse(&r);
		st__cg_progress(o->progress, "\rcgra-route: iteration %lld, %lld overused wires   ", (long long)it,
		                (long long)over);
		if (over == 0)
			break;
		for (size_t v = 0; v < V; v++)
			if (r.occ[v] > 1)
				r.hist[v] += 0.3 * (double)(r.occ[v] - 1);
		r.pres *= 1.6;
	}
	st__cg_progress(o->progress, "\n");
	if (st == ST_OK && over > 0)
		st = congestion_error(&r, iters, over);
	if (st == ST_OK) {
		out->iterations = it;
		size_t T = st_cgra_fabric_num_tiles(r.f);
		uint8_t *used = zalloc(ctx, T + 1), *inst = zalloc(ctx, T + 1);
		if (used && inst) {
			for (size_t v = 0; v < nl->n; v++)
				inst[nl->nodes[v].tile] = 1;
			for (size_t v = 0; v < V; v++)
				if (r.occ[v] > 0 && st_cgra_fabric_node(r.f, (int32_t)v)->kind == ST_CGRA_WIRE) {
					out->wires_used++;
					used[st_cgra_fabric_node(r.f, (int32_t)v)->tile] = 1;
				}
			for (size_t t = 0; t < T; t++)
				out->routing_only_tiles += used[t] && !inst[t];
		}
		if (used)
			st_ctx_free(ctx, used, T + 1);
		if (inst)
			st_ctx_free(ctx, inst, T + 1);
	}
	for (size_t n = 0; r.tree && n < r.nnets; n++)
		if (r.tree[n])
			st_ctx_free(ctx, r.tree[n], r.captree[n] * sizeof *r.tree[n]);
	if (r.tree)
		st_ctx_free(ctx, r.tree, (r.nnets + 1) * sizeof *r.tree);
	if (r.ntree)
		st_ctx_free(ctx, r.ntree, (r.nnets + 1) * sizeof *r.ntree);
	if (r.captree)
		st_ctx_free(ctx, r.captree, (r.nnets + 1) * sizeof *r.captree);
	if (r.heap)
		st_ctx_free(ctx, r.heap, r.caph * sizeof *r.heap);
	st_ctx_free(ctx, r.occ, (V + 1) * sizeof *r.occ);
	st_ctx_free(ctx, r.hist, (V + 1) * sizeof *r.hist);
	st_ctx_free(ctx, r.g, (V + 1) * sizeof *r.g);
	st_ctx_free(ctx, r.prev, (V + 1) * sizeof *r.prev);
	st_ctx_free(ctx, r.stamp, (V + 1) * sizeof *r.stamp);
	st_ctx_free(ctx, r.in_tree, V + 1);
	st_ctx_free(ctx, r.order, (C + 1) * sizeof *r.order);
	st_ctx_free(ctx, r.net_first, (C + 2) * sizeof *r.net_first);
	st_ctx_free(ctx, r.conn_src, (C + 1) * sizeof *r.conn_src);
	st_ctx_free(ctx, r.conn_dst, (C + 1) * sizeof *r.conn_dst);
	if (st_failed(st))
		st__cg_route_free(nl, out);
	return st;
}

void st__cg_route_free(cg_netlist *nl, cg_route *r) {
	for (size_t c = 0; r->path && c < r->nconn; c++)
		if (r->path[c])
			st_ctx_free(nl->ctx, r->path[c], r->plen[c] * sizeof *r->path[c]);
	if (r->path)
		st_ctx_free(nl->ctx, r->path, (r->nconn + 1) * sizeof *r->path);
	if (r->plen)
		st_ctx_free(nl->ctx, r->plen, (r->nconn + 1) * sizeof *r->plen);
	r->path = NULL;
	r->plen = NULL;
}
