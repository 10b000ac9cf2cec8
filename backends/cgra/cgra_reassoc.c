/* Reassociation of a kernel's chains of one associative, commutative
 * operation (integer add, and, or, xor, min, max, low multiply) into
 * trees balanced by arrival time: the merged updates of a stencil arrive
 * as a linear chain ((((a + b) + c) + d) ...), one PE deep per term, which
 * would need a balancing register per term and level.  Exact for integers
 * (arithmetic modulo 2^width); the leaves and the number of PEs stay, only
 * the order of the operations changes (Huffman's merging of the two
 * earliest operands, so the root is as early as the leaves allow). */
#include "cgra_internal.h"

#include <string.h>

#define MAX_LEAVES 256

static bool assoc(const cg_pe *p) {
	switch (p->op) {
	case CG_OP_ADD:
	case CG_OP_AND:
	case CG_OP_OR:
	case CG_OP_XOR:
	case CG_OP_MAX:
	case CG_OP_MIN:
		return !p->bf16 && !p->lut;
	case CG_OP_MUL:
		return !p->bf16 && !p->lut && p->mul == 0;
	default:
		return false;
	}
}

static bool same_op(const cg_pe *a, const cg_pe *b) { return a->op == b->op && a->sign == b->sign && a->mul == b->mul; }

typedef struct leaf {
	bool konst;
	int64_t c;
	cg_pin src;
	int32_t depth;
} leaf;

typedef struct ctx {
	cg_netlist *nl;
	int kidx;
	int32_t *uses;  /* per node: connections leaving its data output */
	int32_t *depth; /* per node, kernel PEs only */
	int32_t keep;   /* the kernel's result node */
} rctx;

static int32_t src_depth(const rctx *r, int32_t node) {
	const cg_node *n = &r->nl->nodes[node];
	return n->kind == CG_PE && n->kernel == r->kidx ? r->depth[node] : 0;
}

/* The data input i of PE p: its source pin, or false when constant. */
static bool input_of(const rctx *r, int32_t p, int i, cg_pin *src) {
	for (size_t c = 0; c < r->nl->nc; c++) {
		const cg_conn *e = &r->nl->conns[c];
		if (e->dst.node == p && !e->dst.bit && e->dst.index == i) {
			*src = e->src;
			return true;
		}
	}
	return false;
}

/* Whether PE q folds into its consumer's tree: same operation, same
 * kernel, its data output read once, not the kernel's result. */
static bool inner(const rctx *r, const cg_pe *root, const cg_pin *src) {
	const cg_node *q = &r->nl->nodes[src->node];
	return !src->bit && q->kind == CG_PE && q->kernel == r->kidx && src->node != r->keep && same_op(&q->pe, root) &&
	       r->uses[src->node] == 1;
}

static void collect(rctx *r, int32_t p, leaf *lv, size_t *nl, int32_t *inner_nodes, size_t *ni, bool *overflow) {
	const cg_pe *pe = &r->nl->nodes[p].pe;
	for (int i = 0; i < 2; i++) {
		if (*nl >= MAX_LEAVES || *ni >= MAX_LEAVES) {
			*overflow = true;
			return;
		}
		if (pe->konst[i]) {
			lv[(*nl)++] = (leaf){.konst = true, .c = pe->cval[i], .depth = -1};
			continue;
		}
		cg_pin src;
		if (!input_of(r, p, i, &src)) {
			*overflow = true; /* an operation with a missing operand: leave it alone */
			return;
		}
		if (inner(r, pe, &src)) {
			inner_nodes[(*ni)++] = src.node;
			collect(r, src.node, lv, nl, inner_nodes, ni, overflow);
		} else {
			lv[(*nl)++] = (leaf){.src = src, .depth = src_depth(r, src.node)};
		}
	}
}

static void drop_inputs(cg_netlist *nl, int32_t p) {
	for (size_t c = 0; c < nl->nc; c++)
		if (nl->conns[c].dst.node == p && !nl->conns[c].dst.bit) {
			nl->conns[c] = nl->conns[--nl->nc];
			c--;
		}
}

static st_status operand(cg_netlist *nl, int32_t p, int i, const leaf *l) {
	cg_pe *pe = &nl->nodes[p].pe;
	pe->konst[i] = l->konst;
	pe->cval[i] = l->konst ? l->c : 0;
	return l->konst ? ST_OK : st__cg_connect(nl, l->src, (cg_pin){p, 0, (uint8_t)i});
}

/* Rebuilds the tree rooted at PE root from its leaves. */
static st_status rebuild(rctx *r, int32_t root, leaf *lv, size_t n, const int32_t *inner_nodes, size_t ni) {
	cg_netlist *nl = r->nl;
	drop_inputs(nl, root);
	for (size_t i = 0; i < ni; i++)
		drop_inputs(nl, inner_nodes[i]);
	size_t next_inner = 0;
	cg_pe proto = nl->nodes[root].pe;
	while (n > 1) {
		/* The two earliest operands (constants first). */
		size_t a = 0, b = 1;
		if (lv[b].depth < lv[a].depth) {
			a = 1;
			b = 0;
		}
		for (size_t k = 2; k < n; k++) {
			if (lv[k].depth < lv[a].depth) {
				b = a;
				a = k;
			} else if (lv[k].depth < lv[b].depth) {
				b = k;
			}
		}
		int32_t p = n == 2 ? root : inner_nodes[next_inner++];
		cg_pe *pe = &nl->nodes[p].pe;
		*pe = proto;
		if (st_failed(operand(nl, p, 0, &lv[a])) || st_failed(operand(nl, p, 1, &lv[b])))
			return ST_FAIL;
		int32_t da = lv[a].depth < 0 ? 0 : lv[a].depth, db = lv[b].depth < 0 ? 0 : lv[b].depth;
		r->depth[p] = (da > db ? da : db) + nl->pe_latency;
		leaf made = {.src = {p, 0, 0}, .depth = r->depth[p]};
		/* Two constants would have been folded; keep the order stable. */
		size_t lo = a < b ? a : b, hi = a < b ? b : a;
		lv[lo] = made;
		lv[hi] = lv[--n];
	}
	return ST_OK;
}

st_status st__cg_reassociate(cg_netlist *nl, int kidx, const cg_sig *result) {
	st_context *ctx = nl->ctx;
	size_t N = nl->n;
	rctx r = {.nl = nl, .kidx = kidx, .keep = result->is_const ? -1 : result->node};
	r.uses = st_ctx_alloc(ctx, (N + 1) * sizeof *r.uses);
	r.depth = st_ctx_alloc(ctx, (N + 1) * sizeof *r.depth);
	leaf *lv = st_ctx_alloc(ctx, (MAX_LEAVES + 1) * sizeof *lv);
	int32_t *inner_nodes = st_ctx_alloc(ctx, (MAX_LEAVES + 1) * sizeof *inner_nodes);
	bool *gone = st_ctx_alloc(ctx, N + 1);
	st_status st = r.uses && r.depth && lv && inner_nodes && gone ? ST_OK : ST_FAIL;
	if (st == ST_OK) {
		memset(r.uses, 0, (N + 1) * sizeof *r.uses);
		memset(r.depth, 0, (N + 1) * sizeof *r.depth);
		memset(gone, 0, N + 1);
		for (size_t c = 0; c < nl->nc; c++)
			if (!nl->conns[c].src.bit)
				r.uses[nl->conns[c].src.node]++;
	}
	/* Depths in creation order (topological before any rebuilding). */
	for (size_t i = 0; st == ST_OK && i < N; i++) {
		cg_node *n = &nl->nodes[i];
		if (n->kind != CG_PE || n->kernel != kidx)
			continue;
		int32_t d = 0;
		for (size_t c = 0; c < nl->nc; c++)
			if (nl->conns[c].dst.node == (int32_t)i) {
				int32_t s = src_depth(&r, nl->conns[c].src.node);
				d = s > d ? s : d;
			}
		r.depth[i] = d + nl->pe_latency;
	}
	/* A tree's inner nodes feed a node of their tree; the others are roots,
	 * rebuilt in creation order so that a tree's leaves that are roots of
	 * earlier trees come with their new depths. */
	for (size_t c = 0; st == ST_OK && c < nl->nc; c++) {
		const cg_conn *e = &nl->conns[c];
		const cg_node *d = &nl->nodes[e->dst.node];
		if (!e->dst.bit && d->kind == CG_PE && d->kernel == kidx && assoc(&d->pe) && inner(&r, &d->pe, &e->src))
			gone[e->src.node] = true;
	}
	for (size_t i = 0; st == ST_OK && i < N; i++) {
		cg_node *n = &nl->nodes[i];
		if (n->kind != CG_PE || n->kernel != kidx || gone[i] || !assoc(&n->pe))
			continue;
		size_t nlv = 0, ni = 0;
		bool overflow = false;
		collect(&r, (int32_t)i, lv, &nlv, inner_nodes, &ni, &overflow);
		if (overflow || ni == 0)
			continue;
		st = rebuild(&r, (int32_t)i, lv, nlv, inner_nodes, ni);
	}
	if (r.uses)
		st_ctx_free(ctx, r.uses, (N + 1) * sizeof *r.uses);
	if (r.depth)
		st_ctx_free(ctx, r.depth, (N + 1) * sizeof *r.depth);
	if (lv)
		st_ctx_free(ctx, lv, (MAX_LEAVES + 1) * sizeof *lv);
	if (inner_nodes)
		st_ctx_free(ctx, inner_nodes, (MAX_LEAVES + 1) * sizeof *inner_nodes);
	if (gone)
		st_ctx_free(ctx, gone, N + 1);
	return st;
}
