/* Value maps and deep cloning of ops and regions. */
#include "internal.h"

struct st_value_map {
	st_context *ctx;
	const void **keys;
	void **vals;
	size_t cap, count;
};

st_value_map *st_value_map_create(st_context *ctx) {
	st_value_map *m = st_ctx_alloc(ctx, sizeof *m);
	if (!m)
		return NULL;
	memset(m, 0, sizeof *m);
	m->ctx = ctx;
	return m;
}

void st_value_map_destroy(st_value_map *m) {
	if (!m)
		return;
	st_ctx_free(m->ctx, m->keys, m->cap * sizeof(void *));
	st_ctx_free(m->ctx, m->vals, m->cap * sizeof(void *));
	st_ctx_free(m->ctx, m, sizeof *m);
}

static size_t ptr_hash(const void *p) {
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x;
}

static bool map_grow(st_value_map *m) {
	size_t ncap = m->cap ? m->cap * 2 : 64;
	const void **nk = st_ctx_alloc(m->ctx, ncap * sizeof(void *));
	void **nv = st_ctx_alloc(m->ctx, ncap * sizeof(void *));
	if (!nk || !nv) {
		st_ctx_free(m->ctx, nk, ncap * sizeof(void *));
		st_ctx_free(m->ctx, nv, ncap * sizeof(void *));
		return false;
	}
	memset(nk, 0, ncap * sizeof(void *));
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->keys[i])
			continue;
		size_t j = ptr_hash(m->keys[i]) & (ncap - 1);
		while (nk[j])
			j = (j + 1) & (ncap - 1);
		nk[j] = m->keys[i];
		nv[j] = m->vals[i];
	}
	st_ctx_free(m->ctx, m->keys, m->cap * sizeof(void *));
	st_ctx_free(m->ctx, m->vals, m->cap * sizeof(void *));
	m->keys = nk;
	m->vals = nv;
	m->cap = ncap;
	return true;
}

static void map_put(st_value_map *m, const void *k, void *v) {
	if ((m->count + 1) * 2 > m->cap && !map_grow(m))
		return;
	size_t j = ptr_hash(k) & (m->cap - 1);
	while (m->keys[j] && m->keys[j] != k)
		j = (j + 1) & (m->cap - 1);
	if (!m->keys[j])
		m->count++;
	m->keys[j] = k;
	m->vals[j] = v;
}

static void *map_get(const st_value_map *m, const void *k) {
	if (!m || !m->cap)
		return NULL;
	for (size_t j = ptr_hash(k) & (m->cap - 1); m->keys[j]; j = (j + 1) & (m->cap - 1))
		if (m->keys[j] == k)
			return m->vals[j];
	return NULL;
}

void st_value_map_add(st_value_map *m, const st_value *from, st_value *to) { map_put(m, from, to); }
st_value *st_value_map_lookup(const st_value_map *m, const st_value *from) { return map_get(m, from); }
st_value *st_value_map_lookup_or_self(const st_value_map *m, st_value *from) {
	st_value *v = map_get(m, from);
	return v ? v : from;
}
void st_value_map_add_block(st_value_map *m, const st_block *from, st_block *to) { map_put(m, from, to); }
st_block *st_value_map_lookup_block(const st_value_map *m, const st_block *from) { return map_get(m, from); }

/* ------------------------------------------------------------------ clone */

static st_op *clone_op(st_op *op, st_value_map *map);

/* Blocks are created (with arguments mapped) before any op is cloned so
 * that successors and forward uses across blocks resolve. */
st_status st_region_clone_into(st_region *src, st_region *dst, st_value_map *map) {
	st_context *ctx = src->parent ? src->parent->name->ctx : dst->parent->name->ctx;
	for (st_block *b = src->first; b; b = b->next) {
		st_block *nb = st_block_create(ctx);
		if (!nb)
			return ST_FAIL;
		st_region_append_block(dst, nb);
		st_value_map_add_block(map, b, nb);
		for (uint32_t i = 0; i < b->nargs; i++) {
			st_value *a = st_block_add_arg(nb, b->args[i]->v.type, b->args[i]->loc);
			if (!a)
				return ST_FAIL;
			st_value_map_add(map, &b->args[i]->v, a);
		}
	}
	for (st_block *b = src->first; b; b = b->next) {
		st_block *nb = st_value_map_lookup_block(map, b);
		for (st_op *o = b->first; o; o = o->next) {
			st_op *c = clone_op(o, map);
			if (!c)
				return ST_FAIL;
			st_block_append_op(nb, c);
		}
	}
	return ST_OK;
}

/* Operands defined later in a graph region (or in a later block) are not yet
 * in the map when an op is cloned; they are patched afterwards. */
typedef struct pending {
	st_op *op;
	size_t idx;
	st_value *orig;
} pending;

static st_op *clone_op(st_op *op, st_value_map *map) {
	st_context *ctx = op->name->ctx;
	size_t n = op->noperands, ns = op->nsuccs, nr = op->nresults;
	size_t bytes = (n + ns + nr) * sizeof(void *);
	void **tmp = st_ctx_alloc(ctx, bytes ? bytes : 1);
	if (!tmp)
		return NULL;
	st_value **ops = (st_value **)tmp;
	st_block **succs = (st_block **)(tmp + n);
	st_type **types = (st_type **)(tmp + n + ns);
	for (size_t i = 0; i < n; i++)
		ops[i] = st_value_map_lookup_or_self(map, op->operands[i].value);
	for (size_t i = 0; i < ns; i++) {
		st_block *b = st_value_map_lookup_block(map, op->succs[i].block);
		succs[i] = b ? b : op->succs[i].block;
	}
	for (size_t i = 0; i < nr; i++)
		types[i] = st__result(op, i)->type;
	st_op_state s = {.name = st_ident_str(op->name->name),
	                 .loc = op->rawloc, /* packed locations stay packed */
	                 .noperands = n,
	                 .operands = ops,
	                 .nresults = nr,
	                 .result_types = types,
	                 .attrs = op->attrs,
	                 .nsuccessors = ns,
	                 .successors = succs,
	                 .nregions = op->nregions};
	st_op *c = st_op_create(ctx, &s);
	st_ctx_free(ctx, tmp, bytes ? bytes : 1);
	if (!c)
		return NULL;
	for (size_t i = 0; i < nr; i++)
		st_value_map_add(map, st__result(op, i), st__result(c, i));
	for (uint32_t r = 0; r < op->nregions; r++) {
		if (st_failed(st_region_clone_into(&op->regions[r], &c->regions[r], map))) {
			st_op_destroy(c);
			return NULL;
		}
	}
	return c;
}

/* After cloning, operands that still point at values of the source whose
 * clone exists (forward references) are remapped. */
static st_walk_result fix_forward(st_op *op, void *ud) {
	st_value_map *map = ud;
	for (uint32_t i = 0; i < op->noperands; i++) {
		st_value *m = st_value_map_lookup(map, op->operands[i].value);
		if (m)
			st_op_set_operand(op, i, m);
	}
	return ST_WALK_ADVANCE;
}

st_op *st_op_clone(st_op *op, st_value_map *map) {
	st_value_map *own = NULL;
	if (!map) {
		own = map = st_value_map_create(op->name->ctx);
		if (!map)
			return NULL;
	}
	st_op *c = clone_op(op, map);
	if (c)
		st_walk(c, ST_WALK_PRE, fix_forward, map);
	st_value_map_destroy(own);
	return c;
}
