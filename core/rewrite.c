/* Pattern sets: patterns referenced (not copied) in the order added, and a
 * per-op-name cache of the patterns that may match, best first, built on
 * first use so that a driver pays the ordering once per op name. */
#include "rewrite_internal.h"

#include <stdlib.h>

typedef struct pat_list {
	const st_pattern **p;
	size_t n;
} pat_list;

struct st_pattern_set {
	st_context *ctx;
	const st_pattern **pats;
	size_t n, cap;
	st__ptrmap added; /* pattern -> 1, so that shared hooks add each once */
	/* Op-name record -> index + 1 in `lists`. */
	st__ptrmap cache;
	pat_list *lists;
	size_t nlists, lcap;
};

st_pattern_set *st_pattern_set_create(st_context *ctx) {
	st_pattern_set *s = st_ctx_alloc(ctx, sizeof *s);
	if (!s)
		return NULL;
	memset(s, 0, sizeof *s);
	s->ctx = ctx;
	st__ptrmap_init(&s->added, ctx);
	st__ptrmap_init(&s->cache, ctx);
	return s;
}

static void drop_cache(st_pattern_set *s) {
	for (size_t i = 0; i < s->nlists; i++)
		st_ctx_free(s->ctx, s->lists[i].p, s->lists[i].n * sizeof *s->lists[i].p);
	s->nlists = 0;
	st__ptrmap_clear(&s->cache);
}

void st_pattern_set_destroy(st_pattern_set *s) {
	if (!s)
		return;
	drop_cache(s);
	st_ctx_free(s->ctx, s->lists, s->lcap * sizeof *s->lists);
	st__ptrmap_free(&s->cache);
	st__ptrmap_free(&s->added);
	st_ctx_free(s->ctx, s->pats, s->cap * sizeof *s->pats);
	st_ctx_free(s->ctx, s, sizeof *s);
}

st_status st_pattern_set_add(st_pattern_set *s, const st_pattern *pat) {
	if (st__ptrmap_has(&s->added, pat))
		return ST_OK;
	if (!st_ctx_grow(s->ctx, (void **)&s->pats, &s->cap, NULL, sizeof *s->pats, s->n + 1) ||
	    !st__ptrmap_put(&s->added, pat, 1))
		return ST_FAIL;
	s->pats[s->n++] = pat;
	drop_cache(s);
	return ST_OK;
}

st_status st_pattern_set_add_many(st_pattern_set *s, const st_pattern *pats, size_t n) {
	for (size_t i = 0; i < n; i++)
		if (st_failed(st_pattern_set_add(s, &pats[i])))
			return ST_FAIL;
	return ST_OK;
}

st_status st_pattern_set_add_canonicalizations(st_pattern_set *s, st_context *ctx) {
	for (size_t d = 0; d < st_context_num_dialects(ctx); d++) {
		const st_dialect_def *def = st_dialect_get_def(st_context_dialect_at(ctx, d));
		for (size_t i = 0; def && i < def->nops; i++)
			if (def->ops[i].canonicalization_patterns)
				def->ops[i].canonicalization_patterns(s);
	}
	return st_context_out_of_memory(ctx) ? ST_FAIL : ST_OK;
}

size_t st_pattern_set_size(const st_pattern_set *s) { return s->n; }

/* Higher benefit first; among equals, op-specific before any-op, then the
 * order added (the sort key carries both). */
typedef struct ranked {
	const st_pattern *p;
	size_t order;
} ranked;

static int cmp_ranked(const void *a, const void *b) {
	const ranked *x = a, *y = b;
	if (x->p->benefit != y->p->benefit)
		return x->p->benefit > y->p->benefit ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static bool matches_specific(const st_pattern *p, const st_op *op) {
	if (p->root)
		return strcmp(p->root, st_op_name_cstr(op)) == 0;
	return p->interface && st_op_interface(op, p->interface);
}

const st_pattern *const *st_pattern_set_lookup(const st_pattern_set *cs, const st_op *op, size_t *n) {
	st_pattern_set *s = (st_pattern_set *)cs;
	uintptr_t idx;
	if (st__ptrmap_get(&s->cache, op->name, &idx)) {
		*n = s->lists[idx - 1].n;
		return s->lists[idx - 1].p;
	}
	*n = 0;
	size_t cnt = 0;
	for (size_t i = 0; i < s->n; i++)
		if (matches_specific(s->pats[i], op) || (!s->pats[i]->root && !s->pats[i]->interface))
			cnt++;
	ranked *r = cnt ? st_ctx_alloc(s->ctx, cnt * sizeof *r) : NULL;
	const st_pattern **list = cnt ? st_ctx_alloc(s->ctx, cnt * sizeof *list) : NULL;
	if ((cnt && (!r || !list)) ||
	    !st_ctx_grow(s->ctx, (void **)&s->lists, &s->lcap, NULL, sizeof *s->lists, s->nlists + 1)) {
		st_ctx_free(s->ctx, r, cnt * sizeof *r);
		st_ctx_free(s->ctx, list, cnt * sizeof *list);
		return NULL;
	}
	size_t k = 0;
	for (size_t i = 0; i < s->n; i++) {
		const st_pattern *p = s->pats[i];
		if (matches_specific(p, op))
			r[k++] = (ranked){p, i};
		else if (!p->root && !p->interface)
			r[k++] = (ranked){p, s->n + i};
	}
	if (cnt)
		qsort(r, cnt, sizeof *r, cmp_ranked);
	for (size_t i = 0; i < cnt; i++)
		list[i] = r[i].p;
	st_ctx_free(s->ctx, r, cnt * sizeof *r);
	s->lists[s->nlists] = (pat_list){list, cnt};
	if (!st__ptrmap_put(&s->cache, op->name, ++s->nlists)) {
		st_ctx_free(s->ctx, list, cnt * sizeof *list);
		s->nlists--;
		return NULL;
	}
	*n = cnt;
	return list;
}
