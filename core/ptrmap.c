/* Pointer-keyed hash map and pointer vector for the rewriting machinery
 * (worklists, liveness sets, constant tables): the drivers add and remove
 * entries constantly, so the map deletes with tombstones instead of
 * rebuilding. */
#include "rewrite_internal.h"

#define TOMB ((const void *)(uintptr_t)1)

static size_t hash_ptr(const void *p) {
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x;
}

void st__ptrmap_init(st__ptrmap *m, st_context *ctx) {
	memset(m, 0, sizeof *m);
	m->ctx = ctx;
}

static bool rehash(st__ptrmap *m, size_t ncap) {
	const void **nk = st_ctx_alloc(m->ctx, ncap * sizeof *nk);
	uintptr_t *nv = st_ctx_alloc(m->ctx, ncap * sizeof *nv);
	if (!nk || !nv) {
		st_ctx_free(m->ctx, nk, ncap * sizeof *nk);
		st_ctx_free(m->ctx, nv, ncap * sizeof *nv);
		return false;
	}
	memset(nk, 0, ncap * sizeof *nk);
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->keys[i] || m->keys[i] == TOMB)
			continue;
		size_t j = hash_ptr(m->keys[i]) & (ncap - 1);
		while (nk[j])
			j = (j + 1) & (ncap - 1);
		nk[j] = m->keys[i];
		nv[j] = m->vals[i];
	}
	st_ctx_free(m->ctx, m->keys, m->cap * sizeof *m->keys);
	st_ctx_free(m->ctx, m->vals, m->cap * sizeof *m->vals);
	m->keys = nk;
	m->vals = nv;
	m->cap = ncap;
	m->used = m->count;
	return true;
}

/* The slot holding `key`, or (when absent) SIZE_MAX. */
static size_t find(const st__ptrmap *m, const void *key) {
	if (!m->cap)
		return SIZE_MAX;
	size_t j = hash_ptr(key) & (m->cap - 1);
	for (;;) {
		const void *k = m->keys[j];
		if (k == key)
			return j;
		if (!k)
			return SIZE_MAX;
		j = (j + 1) & (m->cap - 1);
	}
}

bool st__ptrmap_put(st__ptrmap *m, const void *key, uintptr_t val) {
	assert(key && key != TOMB);
	size_t at = find(m, key);
	if (at != SIZE_MAX) {
		m->vals[at] = val;
		return true;
	}
	if ((m->used + 1) * 4 > m->cap * 3) {
		size_t ncap = m->cap ? m->cap : 16;
		while ((m->count + 1) * 2 > ncap)
			ncap *= 2;
		if (!rehash(m, ncap))
			return false;
	}
	size_t j = hash_ptr(key) & (m->cap - 1);
	while (m->keys[j] && m->keys[j] != TOMB)
		j = (j + 1) & (m->cap - 1);
	if (!m->keys[j])
		m->used++;
	m->keys[j] = key;
	m->vals[j] = val;
	m->count++;
	return true;
}

bool st__ptrmap_get(const st__ptrmap *m, const void *key, uintptr_t *val) {
	size_t at = find(m, key);
	if (at == SIZE_MAX)
		return false;
	if (val)
		*val = m->vals[at];
	return true;
}

bool st__ptrmap_remove(st__ptrmap *m, const void *key) {
	size_t at = find(m, key);
	if (at == SIZE_MAX)
		return false;
	m->keys[at] = TOMB;
	m->count--;
	return true;
}

void st__ptrmap_clear(st__ptrmap *m) {
	if (m->cap)
		memset(m->keys, 0, m->cap * sizeof *m->keys);
	m->count = m->used = 0;
}

void st__ptrmap_free(st__ptrmap *m) {
	st_ctx_free(m->ctx, m->keys, m->cap * sizeof *m->keys);
	st_ctx_free(m->ctx, m->vals, m->cap * sizeof *m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->cap = m->count = m->used = 0;
}

bool st__ptrvec_push(st__ptrvec *v, void *p) {
	if (v->n == v->cap && !st_ctx_grow(v->ctx, (void **)&v->data, &v->cap, NULL, sizeof *v->data, v->n + 1))
		return false;
	v->data[v->n++] = p;
	return true;
}

void st__ptrvec_free(st__ptrvec *v) {
	st_ctx_free(v->ctx, v->data, v->cap * sizeof *v->data);
	v->data = NULL;
	v->n = v->cap = 0;
}
