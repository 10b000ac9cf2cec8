/* Branch-delay balancing (docs/cgra.md, "Pipelining"): every PE's output is
 * registered (the compute tile's `latency`), so a kernel's operands reach
 * its PEs at different depths; registers on the shorter paths make them
 * arrive together, one chain per source shared by its sinks, and the
 * kernel's latency is the depth of its result.  ub-schedule then times the
 * buffers with these latencies. */
#include "cgra_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int32_t depth_of(const cg_netlist *nl, int kidx, int32_t node) {
	const cg_node *n = &nl->nodes[node];
	return n->kernel == kidx ? n->depth : 0;
}

typedef struct need {
	cg_pin src;
	int32_t want; /* the delay the sink needs */
	size_t conn;
} need;

static int cmp_need(const void *x, const void *y) {
	const need *a = x, *b = y;
	if (a->src.node != b->src.node)
		return (a->src.node > b->src.node) - (a->src.node < b->src.node);
	if (a->src.bit != b->src.bit)
		return a->src.bit - b->src.bit;
	if (a->src.index != b->src.index)
		return a->src.index - b->src.index;
	return (a->want > b->want) - (a->want < b->want);
}

st_status st__cg_balance_kernel(cg_netlist *nl, int kidx, cg_sig *result, int64_t *latency) {
	int32_t L = nl->pe_latency;
	size_t first = 0;
	while (first < nl->n && nl->nodes[first].kernel != kidx)
		first++;
	/* Depths: sweeps until none changes (reassociation reuses nodes out of
	 * creation order; the kernel is acyclic, so its depth in sweeps bounds
	 * them). */
	for (size_t i = first; i < nl->n; i++)
		if (nl->nodes[i].kernel == kidx)
			nl->nodes[i].depth = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t c = 0; c < nl->nc; c++) {
			const cg_conn *e = &nl->conns[c];
			cg_node *n = &nl->nodes[e->dst.node];
			if (n->kernel != kidx || n->kind != CG_PE)
				continue;
			int32_t d = depth_of(nl, kidx, e->src.node) + L;
			if (d > n->depth) {
				n->depth = d;
				changed = true;
			}
		}
	}
	for (size_t i = first; i < nl->n; i++)
		if (nl->nodes[i].kernel == kidx && nl->nodes[i].kind == CG_PE && nl->nodes[i].depth < L)
			nl->nodes[i].depth = L; /* constants only */
	/* What each sink needs. */
	size_t nn = 0, nc0 = nl->nc;
	need *needs = st_ctx_alloc(nl->ctx, (nc0 + 1) * sizeof *needs);
	if (!needs)
		return ST_FAIL;
	for (size_t c = 0; c < nc0; c++) {
		cg_conn *e = &nl->conns[c];
		const cg_node *dst = &nl->nodes[e->dst.node];
		if (dst->kernel != kidx || dst->kind != CG_PE)
			continue;
		int32_t want = dst->depth - L - depth_of(nl, kidx, e->src.node);
		if (want > 0)
			needs[nn++] = (need){e->src, want, c};
	}
	qsort(needs, nn, sizeof *needs, cmp_need);
	st_status st = ST_OK;
	for (size_t i = 0; st == ST_OK && i < nn;) {
		size_t j = i;
		while (j < nn && needs[j].src.node == needs[i].src.node && needs[j].src.bit == needs[i].src.bit &&
		       needs[j].src.index == needs[i].src.index)
			j++;
		/* One chain as long as the longest delay; each sink taps it. */
		cg_pin at = needs[i].src;
		int32_t have = 0;
		for (size_t k = i; st == ST_OK && k < j; k++) {
			while (st == ST_OK && have < needs[k].want) {
				char name[96];
				snprintf(name, sizeof name, "%s_d%zu", nl->nodes[needs[i].src.node].name, nl->nbalance++);
				int32_t r = st__cg_add_node(nl, CG_REG, name, nl->nodes[nl->conns[needs[k].conn].dst.node].loc);
				if (r < 0) {
					st = ST_FAIL;
					break;
				}
				cg_node *rn = &nl->nodes[r];
				rn->kernel = kidx;
				rn->width = at.bit ? 1 : st_cgra_fabric_data_width(nl->fabric);
				rn->depth = depth_of(nl, kidx, needs[i].src.node) + have + 1;
				st = st__cg_connect(nl, at, (cg_pin){r, at.bit, 0});
				at = (cg_pin){r, at.bit, 0};
				have++;
			}
			nl->conns[needs[k].conn].src = at;
		}
		i = j;
	}
	st_ctx_free(nl->ctx, needs, (nc0 + 1) * sizeof *needs);
	if (st_failed(st))
		return ST_FAIL;
	*latency = result->node >= 0 && !result->is_const ? depth_of(nl, kidx, result->node) : 0;
	return ST_OK;
}
