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

static bool map_put(st_value_map *m, const void *k, void *v) {
	if ((m->count + 1) * 2 > m->cap && !map_grow(m))
		return false;
	size_t j = ptr_hash(k) & (m->cap - 1);
	while (m->keys[j] && m->keys[j] != k)
		j = (j + 1) & (m->cap - 1);
	if (!m->keys[j])
		m->count++;
	m->keys[j] = k;
	m->vals[j] = v;
	return true;
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

/* An operand whose value was not in the map when its op was cloned: a
 * forward reference (a use in an earlier block of a value defined in a later
 * one, a cycle in a graph region, a nested region using a value defined
 * after its op) or a value defined outside what is cloned.  Once everything
 * is cloned, the ones whose value the map now knows are patched.  Patching
 * only these keeps the map a single lookup: an operand mapped on the way in
 * is never mapped a second time. */
typedef struct pending {
	st_op *op;
	size_t idx;
} pending;

typedef struct clone_state {
	st_context *ctx;
	st_value_map *map;
	pending *pend;
	size_t npend, cap;
} clone_state;

static bool add_pending(clone_state *cs, st_op *op, size_t idx) {
	if (cs->npend == cs->cap) {
		size_t ncap = cs->cap ? cs->cap * 2 : 16;
		pending *np = st_ctx_realloc(cs->ctx, cs->pend, cs->cap * sizeof *np, ncap * sizeof *np);
		if (!np)
			return false;
		cs->pend = np;
		cs->cap = ncap;
	}
	cs->pend[cs->npend++] = (pending){op, idx};
	return true;
}

/* Patches the forward references (after a successful clone only: on failure
 * the ops they name may be gone) and frees the list. */
static void finish(clone_state *cs, bool ok) {
	for (size_t i = 0; ok && i < cs->npend; i++) {
		st_op *op = cs->pend[i].op;
		st_value *m = st_value_map_lookup(cs->map, st__uses(op)[cs->pend[i].idx].value);
		if (m)
			st_op_set_operand(op, cs->pend[i].idx, m);
	}
	st_ctx_free(cs->ctx, cs->pend, cs->cap * sizeof *cs->pend);
	cs->pend = NULL;
	cs->npend = cs->cap = 0;
}

static st_op *clone_op(clone_state *cs, st_op *op);

/* Blocks are created (with arguments mapped) before any op is cloned so
 * that successors and uses across blocks resolve.  As in MLIR, an argument
 * the map already knows is not recreated: the caller is replacing it (the
 * inliner maps a callee's arguments to the call's operands). */
static st_status clone_region(clone_state *cs, st_region *src, st_region *dst) {
	st_value_map *map = cs->map;
	for (st_block *b = src->first; b; b = b->next) {
		st_block *nb = st_block_create(cs->ctx);
		if (!nb)
			return ST_FAIL;
		st_region_append_block(dst, nb);
		if (!map_put(map, b, nb))
			return ST_FAIL;
		for (uint32_t i = 0; i < b->nargs; i++) {
			if (st_value_map_lookup(map, &b->args[i]->v))
				continue;
			st_value *a = st_block_add_arg(nb, b->args[i]->v.type, b->args[i]->loc);
			if (!a || !map_put(map, &b->args[i]->v, a))
				return ST_FAIL;
		}
	}
	for (st_block *b = src->first; b; b = b->next) {
		st_block *nb = st_value_map_lookup_block(map, b);
		for (st_op *o = b->first; o; o = o->next) {
			st_op *c = clone_op(cs, o);
			if (!c)
				return ST_FAIL;
			st_block_append_op(nb, c);
		}
	}
	return ST_OK;
}

static st_op *clone_op(clone_state *cs, st_op *op) {
	st_context *ctx = cs->ctx;
	st_value_map *map = cs->map;
	size_t n = op->noperands, ns = op->nsuccs, nr = op->nresults;
	size_t bytes = (n + ns + nr) * sizeof(void *);
	void **tmp = st_ctx_alloc(ctx, bytes ? bytes : 1);
	if (!tmp)
		return NULL;
	st_value **ops = (st_value **)tmp;
	st_block **succs = (st_block **)(tmp + n);
	st_type **types = (st_type **)(tmp + n + ns);
	for (size_t i = 0; i < n; i++)
		ops[i] = st_value_map_lookup_or_self(map, st__uses(op)[i].value);
	for (size_t i = 0; i < ns; i++) {
		st_block *b = st_value_map_lookup_block(map, st__succs(op)[i].block);
		succs[i] = b ? b : st__succs(op)[i].block;
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
	bool ok = c != NULL;
	for (size_t i = 0; ok && i < n; i++)
		if (ops[i] == st__uses(op)[i].value && ops[i])
			ok = add_pending(cs, c, i);
	st_ctx_free(ctx, tmp, bytes ? bytes : 1);
	for (size_t i = 0; ok && i < nr; i++)
		ok = map_put(map, st__result(op, i), st__result(c, i));
	for (uint32_t r = 0; ok && r < op->nregions; r++)
		ok = st_succeeded(clone_region(cs, &st__regions(op)[r], &st__regions(c)[r]));
	if (!ok && c) {
		st_op_destroy(c);
		return NULL;
	}
	return c;
}

st_status st_region_clone_into(st_region *src, st_region *dst, st_value_map *map) {
	clone_state cs = {.ctx = src->parent ? src->parent->name->ctx : dst->parent->name->ctx, .map = map};
	st_status s = clone_region(&cs, src, dst);
	finish(&cs, st_succeeded(s));
	return s;
}

st_op *st_op_clone(st_op *op, st_value_map *map) {
	clone_state cs = {.ctx = op->name->ctx, .map = map};
	if (!map) {
		cs.map = st_value_map_create(cs.ctx);
		if (!cs.map)
			return NULL;
	}
	st_op *c = clone_op(&cs, op);
	finish(&cs, c != NULL);
	if (cs.map != map)
		st_value_map_destroy(cs.map);
	return c;
}
