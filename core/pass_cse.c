/* cse: MLIR's common subexpression elimination.  A scoped hash table of the
 * ops seen so far is carried down the dominator tree of each region (and
 * into nested regions, which see what encloses them, except below an
 * IsolatedFromAbove op, which starts afresh); an op equal to one in the
 * table -- same name, attributes, operands and result types, no regions or
 * successors, and free of memory effects -- is replaced by it. */
#include "passes_internal.h"

typedef struct entry {
	st_op *op;
	uint32_t hash;
	uint32_t next; /* index of the next entry of the bucket, or NIL */
} entry;

#define NIL UINT32_MAX

/* Entries are a stack: a scope is a mark on it, and popping a scope
 * unlinks its entries, each the head of its bucket (they were pushed last). */
typedef struct table {
	st_context *ctx;
	uint32_t *heads;
	size_t nbuckets;
	entry *entries;
	size_t n, cap;
} table;

typedef struct cse {
	st_pass *pass;
	st_context *ctx;
	st_dominance *dom; /* of the anchor, asked for on the first multi-block region */
	size_t nerased;
	bool oom;
} cse;

static uint32_t mix(uint32_t h, uintptr_t p) {
	uint64_t x = (uint64_t)p * 0x9e3779b97f4a7c15ull;
	return (h ^ (uint32_t)(x >> 32)) * 0x01000193u;
}

static uint32_t op_hash(const st_op *op) {
	uint32_t h = mix(0x811c9dc5u, (uintptr_t)op->name);
	h = mix(h, (uintptr_t)op->attrs);
	for (uint32_t i = 0; i < op->noperands; i++)
		h = mix(h, (uintptr_t)st__uses(op)[i].value);
	for (uint32_t i = 0; i < op->nresults; i++)
		h = mix(h, (uintptr_t)st__result(op, i)->type);
	return h;
}

static bool op_equal(const st_op *a, const st_op *b) {
	if (a->name != b->name || a->attrs != b->attrs || a->noperands != b->noperands || a->nresults != b->nresults)
		return false;
	for (uint32_t i = 0; i < a->noperands; i++)
		if (st__uses(a)[i].value != st__uses(b)[i].value)
			return false;
	for (uint32_t i = 0; i < a->nresults; i++)
		if (st__result(a, i)->type != st__result(b, i)->type)
			return false;
	return true;
}

static bool cse_candidate(const st_op *op) {
	return op->nresults && !op->nregions && !op->nsuccs && st_op_is_memory_effect_free(op);
}

static void table_free(table *t) {
	st_ctx_free(t->ctx, t->heads, t->nbuckets * sizeof *t->heads);
	st_ctx_free(t->ctx, t->entries, t->cap * sizeof *t->entries);
}

static bool rehash(table *t, size_t nb) {
	uint32_t *h = st_ctx_alloc(t->ctx, nb * sizeof *h);
	if (!h)
		return false;
	memset(h, 0xff, nb * sizeof *h);
	/* In push order, so that each chain stays newest first. */
	for (size_t i = 0; i < t->n; i++) {
		size_t b = t->entries[i].hash & (nb - 1);
		t->entries[i].next = h[b];
		h[b] = (uint32_t)i;
	}
	st_ctx_free(t->ctx, t->heads, t->nbuckets * sizeof *t->heads);
	t->heads = h;
	t->nbuckets = nb;
	return true;
}

static st_op *table_find(const table *t, const st_op *op, uint32_t hash) {
	if (!t->nbuckets)
		return NULL;
	for (uint32_t i = t->heads[hash & (t->nbuckets - 1)]; i != NIL; i = t->entries[i].next)
		if (t->entries[i].hash == hash && op_equal(t->entries[i].op, op))
			return t->entries[i].op;
	return NULL;
}

static bool table_push(table *t, st_op *op, uint32_t hash) {
	if (t->n + 1 > t->nbuckets && !rehash(t, t->nbuckets ? t->nbuckets * 2 : 64))
		return false;
	if (!st_ctx_grow(t->ctx, (void **)&t->entries, &t->cap, NULL, sizeof *t->entries, t->n + 1))
		return false;
	size_t b = hash & (t->nbuckets - 1);
	t->entries[t->n] = (entry){op, hash, t->heads[b]};
	t->heads[b] = (uint32_t)t->n++;
	return true;
}

static void table_pop_to(table *t, size_t mark) {
	while (t->n > mark) {
		entry *e = &t->entries[--t->n];
		t->heads[e->hash & (t->nbuckets - 1)] = e->next;
	}
}

static void simplify_region(cse *c, table *t, st_region *r);

static void replace(cse *c, st_op *op, st_op *existing) {
	st_value *small[8], **with = small;
	if (op->nresults > 8 && !(with = st_ctx_alloc(c->ctx, op->nresults * sizeof *with))) {
		c->oom = true;
		return;
	}
	for (uint32_t i = 0; i < op->nresults; i++)
		with[i] = st__result(existing, i);
	st_op_replace_all_uses(op, with);
	if (with != small)
		st_ctx_free(c->ctx, with, op->nresults * sizeof *with);
	/* As MLIR: the survivor keeps a known location over an unknown one. */
	if (existing->rawloc == c->ctx->unknown_loc && op->rawloc != c->ctx->unknown_loc)
		existing->rawloc = op->rawloc;
	st_op_erase(op);
	c->nerased++;
}

static void simplify_block(cse *c, table *t, st_block *b) {
	for (st_op *op = b->first, *next; op && !c->oom; op = next) {
		next = op->next;
		if (op->nregions) {
			if (op->name->traits & ST_TRAIT_ISOLATED_FROM_ABOVE) {
				table inner = {.ctx = c->ctx};
				for (uint32_t i = 0; i < op->nregions; i++)
					simplify_region(c, &inner, &st__regions(op)[i]);
				table_free(&inner);
			} else {
				for (uint32_t i = 0; i < op->nregions; i++)
					simplify_region(c, t, &st__regions(op)[i]);
			}
			continue;
		}
		if (!cse_candidate(op))
			continue;
		uint32_t h = op_hash(op);
		st_op *existing = table_find(t, op, h);
		if (existing)
			replace(c, op, existing);
		else if (!table_push(t, op, h))
			c->oom = true;
	}
}

/* Walks the dominator tree of a multi-block region depth first, with one
 * scope per block; blocks it cannot reach get a scope each. */
static void simplify_cfg(cse *c, table *t, st_region *r) {
	if (!c->dom)
		c->dom = st_pass_get_analysis(c->pass, &st_dominance_analysis, NULL);
	if (!c->dom) {
		c->oom = true;
		return;
	}
	typedef struct frame {
		st_block *b;
		size_t mark, next_kid;
	} frame;
	frame small[32], *stack = small;
	size_t sp = 0, cap = 32;
	stack[sp++] = (frame){r->first, t->n, 0};
	simplify_block(c, t, r->first);
	while (sp && !c->oom) {
		frame *f = &stack[sp - 1];
		st_block *const *kids;
		size_t nk = st__dominance_children(c->dom, f->b, &kids);
		if (f->next_kid < nk) {
			st_block *k = kids[f->next_kid++];
			if (!st_ctx_grow(c->ctx, (void **)&stack, &cap, small, sizeof *stack, sp + 1)) {
				c->oom = true;
				break;
			}
			stack[sp++] = (frame){k, t->n, 0};
			simplify_block(c, t, k);
		} else {
			table_pop_to(t, f->mark);
			sp--;
		}
	}
	if (stack != small)
		st_ctx_free(c->ctx, stack, cap * sizeof *stack);
	for (st_block *b = r->first; b && !c->oom; b = b->next)
		if (!st__dominance_reachable(c->dom, b)) {
			size_t mark = t->n;
			simplify_block(c, t, b);
			table_pop_to(t, mark);
		}
}

static void simplify_region(cse *c, table *t, st_region *r) {
	if (!r->first)
		return;
	size_t mark = t->n;
	if (r->first == r->last) {
		simplify_block(c, t, r->first);
	} else if (st__region_has_ssa_dominance(r)) {
		simplify_cfg(c, t, r);
	} else {
		/* A graph region with several blocks: no order between them. */
		for (st_block *b = r->first; b; b = b->next) {
			size_t m = t->n;
			simplify_block(c, t, b);
			table_pop_to(t, m);
		}
	}
	table_pop_to(t, mark);
}

static st_status run(st_pass *pass, st_op *op) {
	cse c = {.pass = pass, .ctx = st_pass_context(pass)};
	table t = {.ctx = c.ctx};
	for (uint32_t i = 0; i < op->nregions && !c.oom; i++)
		simplify_region(&c, &t, &st__regions(op)[i]);
	table_free(&t);
	/* Erasing ops changes no block structure. */
	if (c.nerased)
		st_pass_preserve_analysis(pass, &st_dominance_analysis);
	else
		st_pass_preserve_all_analyses(pass);
	return c.oom ? ST_FAIL : ST_OK;
}

const st_pass_def st__pass_cse = {
	.name = "cse",
	.summary = "Eliminate common sub-expressions",
	.run = run,
	.display_name = "CSE",
};
