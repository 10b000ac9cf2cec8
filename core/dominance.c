/* Dominance over the regions nested in an op, as MLIR's DominanceInfo:
 * a dominator tree per multi-block SSA-CFG region (Cooper, Harvey and
 * Kennedy's iterative algorithm on reverse postorder), computed when a
 * region is first asked about, with DFS numbers on the tree so that a query
 * is O(1).  In graph regions (and the regions of unregistered ops, which
 * cannot say) everything dominates everything.  Blocks that cannot be
 * reached from the entry are dominated by every block and dominate none. */
#include "passes_internal.h"
#include "rewrite_internal.h"

#define NONE UINT32_MAX

typedef struct dom_region {
	const st_region *region;
	size_t n;         /* reachable blocks */
	st_block **rpo;   /* reachable blocks in reverse postorder */
	uint32_t *idom;   /* by rpo number; the entry's is itself */
	uint32_t *pre;    /* DFS numbers on the dominator tree */
	uint32_t *post;
	uint32_t *kids_at; /* n + 1: children of i are kids[kids_at[i] .. kids_at[i + 1]) */
	st_block **kids;
	st__ptrmap rpo_of; /* block -> rpo number (reachable blocks only) */
} dom_region;

struct st_dominance {
	st_context *ctx;
	st_op *op;
	st__ptrmap trees; /* region -> dom_region */
	st__ptrvec all;   /* the dom_regions, to free them */
};

static uint32_t rpo_of(const dom_region *dr, const st_block *b) {
	uintptr_t k;
	return st__ptrmap_get(&dr->rpo_of, b, &k) ? (uint32_t)k : NONE;
}

static void dom_region_free(st_context *ctx, dom_region *dr) {
	size_t n = dr->n;
	st_ctx_free(ctx, dr->rpo, n * sizeof *dr->rpo);
	st_ctx_free(ctx, dr->idom, n * sizeof *dr->idom);
	st_ctx_free(ctx, dr->pre, n * sizeof *dr->pre);
	st_ctx_free(ctx, dr->post, n * sizeof *dr->post);
	st_ctx_free(ctx, dr->kids_at, (n + 1) * sizeof *dr->kids_at);
	st_ctx_free(ctx, dr->kids, n * sizeof *dr->kids);
	st__ptrmap_free(&dr->rpo_of);
	st_ctx_free(ctx, dr, sizeof *dr);
}

static st_block *succ_of(const st_block *b, size_t i) { return st_op_successor(b->last, i); }
static size_t nsuccs_of(const st_block *b) { return b->last ? st_op_num_successors(b->last) : 0; }

static bool compute(st_context *ctx, dom_region *dr, const st_region *r) {
	size_t nb = st_region_num_blocks(r);
	dr->region = r;
	/* Postorder by an explicit DFS stack of (block, next successor). */
	st_block **post = st_ctx_alloc(ctx, nb * sizeof *post);
	st_block **stack = st_ctx_alloc(ctx, nb * sizeof *stack);
	size_t *next = st_ctx_alloc(ctx, nb * sizeof *next);
	st__ptrmap_init(&dr->rpo_of, ctx);
	bool ok = post && stack && next;
	size_t n = 0;
	if (ok) {
		/* A block in the map has been visited; its number comes later. */
		size_t sp = 0;
		st_block *entry = r->first;
		ok = st__ptrmap_put(&dr->rpo_of, entry, 0);
		stack[sp] = entry;
		next[sp++] = 0;
		while (sp && ok) {
			st_block *b = stack[sp - 1];
			if (next[sp - 1] < nsuccs_of(b)) {
				st_block *s = succ_of(b, next[sp - 1]++);
				if (!s || s->parent != r || st__ptrmap_has(&dr->rpo_of, s))
					continue;
				ok = st__ptrmap_put(&dr->rpo_of, s, 0);
				stack[sp] = s;
				next[sp++] = 0;
			} else {
				post[n++] = b;
				sp--;
			}
		}
	}
	st_ctx_free(ctx, stack, nb * sizeof *stack);
	st_ctx_free(ctx, next, nb * sizeof *next);
	dr->n = n;
	if (ok) {
		dr->rpo = st_ctx_alloc(ctx, n * sizeof *dr->rpo);
		dr->idom = st_ctx_alloc(ctx, n * sizeof *dr->idom);
		dr->pre = st_ctx_alloc(ctx, n * sizeof *dr->pre);
		dr->post = st_ctx_alloc(ctx, n * sizeof *dr->post);
		dr->kids_at = st_ctx_alloc(ctx, (n + 1) * sizeof *dr->kids_at);
		dr->kids = st_ctx_alloc(ctx, n * sizeof *dr->kids);
		ok = dr->rpo && dr->idom && dr->pre && dr->post && dr->kids_at && dr->kids;
	}
	if (ok) {
		for (size_t k = 0; k < n; k++) {
			dr->rpo[k] = post[n - 1 - k];
			st__ptrmap_put(&dr->rpo_of, dr->rpo[k], k); /* present: no allocation */
		}
		for (size_t k = 0; k < n; k++)
			dr->idom[k] = NONE;
		dr->idom[0] = 0;
		for (bool changed = true; changed;) {
			changed = false;
			for (size_t k = 1; k < n; k++) {
				uint32_t nid = NONE;
				for (st_use *u = st_block_first_pred_use(dr->rpo[k]); u; u = st_use_next(u)) {
					st_block *pb = st_op_block(st_use_owner(u));
					uint32_t p = pb && pb->parent == r ? rpo_of(dr, pb) : NONE;
					if (p == NONE || dr->idom[p] == NONE)
						continue;
					if (nid == NONE) {
						nid = p;
						continue;
					}
					uint32_t a = p, c = nid;
					while (a != c) {
						while (a > c)
							a = dr->idom[a];
						while (c > a)
							c = dr->idom[c];
					}
					nid = a;
				}
				if (nid != NONE && dr->idom[k] != nid) {
					dr->idom[k] = nid;
					changed = true;
				}
			}
		}
		/* Children lists (CSR), then DFS numbers: in reverse postorder a
		 * parent comes before its children, so a counting pass works. */
		memset(dr->kids_at, 0, (n + 1) * sizeof *dr->kids_at);
		for (size_t k = 1; k < n; k++)
			dr->kids_at[dr->idom[k] + 1]++;
		for (size_t k = 0; k < n; k++)
			dr->kids_at[k + 1] += dr->kids_at[k];
		uint32_t *fill = dr->pre; /* scratch before the numbering */
		for (size_t k = 0; k < n; k++)
			fill[k] = dr->kids_at[k];
		for (size_t k = 1; k < n; k++)
			dr->kids[fill[dr->idom[k]]++] = dr->rpo[k];
		/* Iterative DFS over the tree; `post` (the block array) is free
		 * now and serves as the stack of rpo numbers. */
		uint32_t *tstack = (uint32_t *)post, *tnext = dr->post;
		uint32_t clock = 0;
		size_t sp = 0;
		tstack[sp] = 0;
		tnext[0] = dr->kids_at[0];
		dr->pre[0] = clock++;
		sp++;
		uint32_t *post_num = st_ctx_alloc(ctx, n * sizeof *post_num);
		if (!post_num)
			ok = false;
		while (ok && sp) {
			uint32_t v = tstack[sp - 1];
			if (tnext[v] < dr->kids_at[v + 1]) {
				uint32_t c = rpo_of(dr, dr->kids[tnext[v]++]);
				dr->pre[c] = clock++;
				tnext[c] = dr->kids_at[c];
				tstack[sp++] = c;
			} else {
				post_num[v] = clock++;
				sp--;
			}
		}
		if (ok) {
			memcpy(dr->post, post_num, n * sizeof *post_num);
			st_ctx_free(ctx, post_num, n * sizeof *post_num);
		}
	}
	st_ctx_free(ctx, post, nb * sizeof *post);
	return ok;
}

static st_region_kind kind_of(const st_region *r) {
	st_op *op = st_region_parent_op(r);
	const st_opdef *def = op ? st_op_def(op) : NULL;
	if (!def)
		return op ? ST_REGION_GRAPH : ST_REGION_SSACFG;
	size_t i = st_region_index(r);
	if (i < def->nregions)
		return def->regions[i].kind;
	return def->nregions ? def->regions[def->nregions - 1].kind : ST_REGION_SSACFG;
}

bool st__region_has_ssa_dominance(const st_region *r) { return kind_of(r) == ST_REGION_SSACFG; }

st_dominance *st_dominance_create(st_context *ctx, st_op *op) {
	st_dominance *d = st_ctx_alloc(ctx, sizeof *d);
	if (!d)
		return NULL;
	memset(d, 0, sizeof *d);
	d->ctx = ctx;
	d->op = op;
	st__ptrmap_init(&d->trees, ctx);
	st__ptrvec_init(&d->all, ctx);
	return d;
}

void st_dominance_destroy(st_dominance *d) {
	if (!d)
		return;
	for (size_t i = 0; i < d->all.n; i++)
		dom_region_free(d->ctx, d->all.data[i]);
	st__ptrvec_free(&d->all);
	st__ptrmap_free(&d->trees);
	st_ctx_free(d->ctx, d, sizeof *d);
}

/* The tree of a multi-block region, computed on first use; NULL when out
 * of memory (reported by the allocator). */
static dom_region *tree_of(st_dominance *d, const st_region *r) {
	uintptr_t v;
	if (st__ptrmap_get(&d->trees, r, &v))
		return (dom_region *)v;
	dom_region *dr = st_ctx_alloc(d->ctx, sizeof *dr);
	if (!dr)
		return NULL;
	memset(dr, 0, sizeof *dr);
	if (!compute(d->ctx, dr, r) || !st__ptrvec_push(&d->all, dr)) {
		dom_region_free(d->ctx, dr);
		return NULL;
	}
	/* Without the map entry the tree is only computed again. */
	st__ptrmap_put(&d->trees, r, (uintptr_t)dr);
	return dr;
}

static bool multi_block(const st_region *r) { return r->first && r->first != r->last; }

bool st__dominance_reachable(st_dominance *d, const st_block *b) {
	const st_region *r = b->parent;
	if (!r || !multi_block(r) || b == r->first)
		return true;
	dom_region *dr = tree_of(d, r);
	return !dr || rpo_of(dr, b) != NONE;
}

size_t st__dominance_children(st_dominance *d, const st_block *b, st_block *const **out) {
	*out = NULL;
	const st_region *r = b->parent;
	if (!r || !multi_block(r))
		return 0;
	dom_region *dr = tree_of(d, r);
	uint32_t k = dr ? rpo_of(dr, b) : NONE;
	if (k == NONE)
		return 0;
	*out = dr->kids + dr->kids_at[k];
	return dr->kids_at[k + 1] - dr->kids_at[k];
}

st_block *st_dominance_idom(st_dominance *d, const st_block *b) {
	const st_region *r = b->parent;
	if (!r || !multi_block(r))
		return NULL;
	dom_region *dr = tree_of(d, r);
	uint32_t k = dr ? rpo_of(dr, b) : NONE;
	return k == NONE || k == 0 ? NULL : dr->rpo[dr->idom[k]];
}

/* Both blocks in one region. */
static bool dominates_in_region(st_dominance *d, const st_block *a, const st_block *b) {
	if (a == b)
		return true;
	const st_region *r = a->parent;
	if (!st__region_has_ssa_dominance(r))
		return true;
	dom_region *dr = tree_of(d, r);
	if (!dr)
		return true;
	uint32_t ia = rpo_of(dr, a), ib = rpo_of(dr, b);
	if (ib == NONE)
		return true;
	if (ia == NONE)
		return false;
	return dr->pre[ia] <= dr->pre[ib] && dr->post[ib] <= dr->post[ia];
}

/* The ancestor of `op` (or `op`) whose block is in region `r`. */
static const st_op *ancestor_in(const st_region *r, const st_op *op) {
	while (op && op->block && op->block->parent != r)
		op = st_op_parent_op(op);
	return op && op->block ? op : NULL;
}

bool st_dominance_block_dominates(st_dominance *d, const st_block *a, const st_block *b) {
	while (b && b->parent != a->parent) {
		st_op *p = b->parent ? b->parent->parent : NULL;
		b = p ? p->block : NULL;
	}
	return b && dominates_in_region(d, a, b);
}

bool st_dominance_op_dominates(st_dominance *d, const st_op *a, const st_op *b, bool strict) {
	if (a == b)
		return !strict;
	if (!a->block)
		return false;
	const st_op *anc = ancestor_in(a->block->parent, b);
	if (!anc)
		return false;
	if (anc == a)
		return true; /* b is nested in a */
	if (anc->block == a->block)
		return !st__region_has_ssa_dominance(a->block->parent) || st_op_is_before_in_block(a, anc);
	return dominates_in_region(d, a->block, anc->block);
}

bool st_dominance_value_dominates(st_dominance *d, const st_value *v, const st_op *op) {
	if (st_value_is_block_arg(v)) {
		st_block *owner = st_value_owner_block(v);
		if (!owner || !owner->parent)
			return false;
		const st_op *anc = ancestor_in(owner->parent, op);
		return anc && dominates_in_region(d, owner, anc->block);
	}
	const st_op *def = st_value_defining_op(v);
	/* A value is not available inside the op that defines it. */
	if (!def || def == op || st_op_is_ancestor(def, op))
		return def && def == op && def->block && !st__region_has_ssa_dominance(def->block->parent);
	return st_dominance_op_dominates(d, def, op, true);
}

static void *dom_create(st_context *ctx, st_op *op) { return st_dominance_create(ctx, op); }
static void dom_destroy(st_context *ctx, void *a) {
	(void)ctx;
	st_dominance_destroy(a);
}

const st_analysis_def st_dominance_analysis = {"DominanceInfo", dom_create, dom_destroy};
