/* Pointer-keyed hash map and pointer vector for the rewriting machinery
 * (worklists, liveness sets, constant tables): the drivers add and remove
 * entries constantly, so the map deletes with tombstones instead of
 * rebuilding.  The same map is public as st_ptr_map (strata/ptrmap.h). */
#include "rewrite_internal.h"
#include "strata/ptrmap.h"

/* A deleted slot's key: an address no caller can hold, so that every
 * other non-NULL pointer, small integers cast to pointers included, is a
 * key. */
static const char tomb_key;
#define TOMB ((const void *)&tomb_key)

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
	st__ptrslot *ns = st_ctx_alloc(m->ctx, ncap * sizeof *ns);
	if (!ns)
		return false;
	memset(ns, 0, ncap * sizeof *ns);
	for (size_t i = 0; i < m->cap; i++) {
		const void *k = m->slots[i].key;
		if (!k || k == TOMB)
			continue;
		size_t j = hash_ptr(k) & (ncap - 1);
		while (ns[j].key)
			j = (j + 1) & (ncap - 1);
		ns[j] = m->slots[i];
	}
	st_ctx_free(m->ctx, m->slots, m->cap * sizeof *m->slots);
	m->slots = ns;
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
		const void *k = m->slots[j].key;
		if (k == key)
			return j;
		if (!k)
			return SIZE_MAX;
		j = (j + 1) & (m->cap - 1);
	}
}

/* Makes room for one more key (at most half the slots in use, tombstones
 * included: probes stay short). */
static bool reserve(st__ptrmap *m) {
	if ((m->used + 1) * 2 <= m->cap)
		return true;
	size_t ncap = m->cap ? m->cap : 16;
	while ((m->count + 1) * 4 > ncap)
		ncap *= 2;
	return rehash(m, ncap);
}

bool st__ptrmap_insert(st__ptrmap *m, const void *key, uintptr_t val, uintptr_t **slot) {
	assert(key && key != TOMB);
	if (!reserve(m))
		return false;
	size_t j = hash_ptr(key) & (m->cap - 1), tomb = SIZE_MAX;
	for (;;) {
		const void *k = m->slots[j].key;
		if (k == key) {
			*slot = &m->slots[j].val;
			return true;
		}
		if (!k)
			break;
		if (k == TOMB && tomb == SIZE_MAX)
			tomb = j;
		j = (j + 1) & (m->cap - 1);
	}
	if (tomb != SIZE_MAX)
		j = tomb;
	else
		m->used++;
	m->slots[j].key = key;
	m->slots[j].val = val;
	m->count++;
	*slot = NULL;
	return true;
}

bool st__ptrmap_put(st__ptrmap *m, const void *key, uintptr_t val) {
	uintptr_t *slot;
	if (!st__ptrmap_insert(m, key, val, &slot))
		return false;
	if (slot)
		*slot = val;
	return true;
}

bool st__ptrmap_get(const st__ptrmap *m, const void *key, uintptr_t *val) {
	size_t at = find(m, key);
	if (at == SIZE_MAX)
		return false;
	if (val)
		*val = m->slots[at].val;
	return true;
}

bool st__ptrmap_take(st__ptrmap *m, const void *key, uintptr_t *val) {
	size_t at = find(m, key);
	if (at == SIZE_MAX)
		return false;
	if (val)
		*val = m->slots[at].val;
	m->slots[at].key = TOMB;
	m->count--;
	return true;
}

bool st__ptrmap_remove(st__ptrmap *m, const void *key) { return st__ptrmap_take(m, key, NULL); }

void st__ptrmap_clear(st__ptrmap *m) {
	if (m->cap)
		memset(m->slots, 0, m->cap * sizeof *m->slots);
	m->count = m->used = 0;
}

void st__ptrmap_free(st__ptrmap *m) {
	st_ctx_free(m->ctx, m->slots, m->cap * sizeof *m->slots);
	m->slots = NULL;
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

/* ------------------------------------------------------- the public map */

struct st_ptr_map {
	st__ptrmap m;
};

st_ptr_map *st_ptr_map_create(st_context *ctx) {
	st_ptr_map *m = st_ctx_alloc(ctx, sizeof *m);
	if (m)
		st__ptrmap_init(&m->m, ctx);
	return m;
}

void st_ptr_map_destroy(st_ptr_map *m) {
	if (!m)
		return;
	st_context *ctx = m->m.ctx;
	st__ptrmap_free(&m->m);
	st_ctx_free(ctx, m, sizeof *m);
}

bool st_ptr_map_put(st_ptr_map *m, const void *key, void *val) {
	return key && st__ptrmap_put(&m->m, key, (uintptr_t)val);
}

void *st_ptr_map_get(const st_ptr_map *m, const void *key) {
	uintptr_t v = 0;
	return key && st__ptrmap_get(&m->m, key, &v) ? (void *)v : NULL;
}

bool st_ptr_map_remove(st_ptr_map *m, const void *key) {
	return key && st__ptrmap_remove(&m->m, key);
}
size_t st_ptr_map_size(const st_ptr_map *m) { return m->m.count; }

void st_ptr_map_each(const st_ptr_map *m, st_ptr_map_fn fn, void *ud) {
	for (size_t i = 0; i < m->m.cap; i++)
		if (m->m.slots[i].key && m->m.slots[i].key != TOMB)
			fn(ud, m->m.slots[i].key, (void *)m->m.slots[i].val);
}
void st_ptr_map_clear(st_ptr_map *m) { st__ptrmap_clear(&m->m); }
