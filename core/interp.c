/* The interpreter object: creation, the arena its compiled code lives in,
 * the pointer maps, and error reporting with the call stack.  Compiling is
 * in interp_compile.c, running in interp_exec.c, values in interp_value.c,
 * memory in interp_mem.c. */
#include "interp_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ maps */

static size_t hash_ptr(const void *p, size_t cap) {
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 17) & (cap - 1);
}

void *st__interp_map_get(const st__interp_map *m, const void *key) {
	if (!m->cap)
		return NULL;
	for (size_t i = hash_ptr(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == key)
			return m->vals[i];
		if (!m->keys[i])
			return NULL;
	}
}

static bool map_grow(st_context *ctx, st__interp_map *m) {
	size_t ncap = m->cap ? m->cap * 2 : 64;
	const void **keys = st_ctx_alloc(ctx, ncap * sizeof *keys);
	void **vals = st_ctx_alloc(ctx, ncap * sizeof *vals);
	if (!keys || !vals) {
		st_ctx_free(ctx, keys, keys ? ncap * sizeof *keys : 0);
		st_ctx_free(ctx, vals, vals ? ncap * sizeof *vals : 0);
		return false;
	}
	memset(keys, 0, ncap * sizeof *keys);
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->keys[i])
			continue;
		size_t k = hash_ptr(m->keys[i], ncap);
		while (keys[k])
			k = (k + 1) & (ncap - 1);
		keys[k] = m->keys[i];
		vals[k] = m->vals[i];
	}
	/* Freeing resets the count; the entries moved over. */
	size_t n = m->n;
	st__interp_map_free(ctx, m);
	m->keys = keys;
	m->vals = vals;
	m->cap = ncap;
	m->n = n;
	return true;
}

bool st__interp_map_put(st_context *ctx, st__interp_map *m, const void *key, void *val) {
	if ((m->n + 1) * 4 > m->cap * 3 && !map_grow(ctx, m))
		return false;
	size_t i = hash_ptr(key, m->cap);
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = key;
	m->vals[i] = val;
	return true;
}

void st__interp_map_free(st_context *ctx, st__interp_map *m) {
	if (m->cap) {
		st_ctx_free(ctx, m->keys, m->cap * sizeof *m->keys);
		st_ctx_free(ctx, m->vals, m->cap * sizeof *m->vals);
	}
	m->keys = NULL;
	m->vals = NULL;
	m->cap = m->n = 0;
}

/* ----------------------------------------------------------------- arena */

typedef struct st__interp_chunk {
	struct st__interp_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
} st__interp_chunk;

void *st_interp_arena_alloc(st_interp *it, size_t size) {
	size = (size + 15) & ~(size_t)15;
	st__interp_chunk *c = it->arena;
	if (!c || c->size - c->used < size) {
		size_t want = size > 65536 ? size : 65536;
		c = st_ctx_alloc(it->ctx, sizeof *c + want);
		if (!c)
			return NULL;
		c->size = want;
		c->used = 0;
		c->next = it->arena;
		it->arena = c;
	}
	void *p = c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

/* ------------------------------------------------------------ lifecycle */

st_interp *st_interp_create(st_context *ctx, const st_interp_options *o) {
	st_interp *it = st_ctx_alloc(ctx, sizeof *it);
	if (!it)
		return NULL;
	memset(it, 0, sizeof *it);
	it->ctx = ctx;
	if (o)
		it->opts = *o;
	if (!it->opts.max_depth)
		it->opts.max_depth = 1000;
	it->observed = it->opts.trace || it->opts.on_op;
	return it;
}

void st_interp_destroy(st_interp *it) {
	if (!it)
		return;
	for (size_t i = 0; i < it->globals.cap; i++)
		if (it->globals.keys[i])
			st__interp_buffer_release(it, it->globals.vals[i]);
	st__interp_map_free(it->ctx, &it->globals);
	st__interp_map_free(it->ctx, &it->funcs);
	if (it->tmp_cap)
		st_ctx_free(it->ctx, it->tmp, it->tmp_cap * sizeof *it->tmp);
	while (it->arena) {
		st__interp_chunk *c = it->arena;
		it->arena = c->next;
		st_ctx_free(it->ctx, c, sizeof *c + c->size);
	}
	st_ctx_free(it->ctx, it, sizeof *it);
}

st_context *st_interp_context(const st_interp *it) { return it->ctx; }
uint64_t st_interp_steps(const st_interp *it) { return it->steps; }
st_interp_failure st_interp_last_failure(const st_interp *it) { return it->failure; }

/* ---------------------------------------------------------------- errors */

st_status st__interp_report(st_interp *it, st__interp_frame *frame, st_op *op, st_interp_failure kind,
                            const char *prefix, const char *fmt, va_list ap) {
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (it->failure == ST_INTERP_OK)
		it->failure = kind;
	st_diag *d = st_diag_create(it->ctx, ST_SEV_ERROR, op ? st_op_loc(op) : NULL, "%s%s", prefix, msg);
	for (st__interp_frame *f = frame; d && f && f->call_site; f = f->parent)
		st_diag_note(d, st_op_loc(f->call_site->op), "called from here");
	if (d)
		st_diag_emit(d);
	return ST_FAIL;
}

st_status st__interp_report_c(st_interp *it, st__interp_frame *frame, st_op *op, st_interp_failure kind,
                              const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st__interp_report(it, frame, op, kind, "", fmt, ap);
	va_end(ap);
	return ST_FAIL;
}

st_status st__interp_oom(st_interp *it) {
	if (it->failure == ST_INTERP_OK)
		it->failure = ST_INTERP_UNSUPPORTED;
	return ST_FAIL;
}

/* The three reporters of a running op differ in the failure kind only. */
#define OP_REPORTER(fn, kind, prefix)                                                                                \
	st_status fn(const st_interp_exec *x, const char *fmt, ...) {                                                    \
		va_list ap;                                                                                                  \
		va_start(ap, fmt);                                                                                           \
		st__interp_report(x->interp, x->frame, x->iop->op, kind, prefix, fmt, ap);                                   \
		va_end(ap);                                                                                                  \
		return ST_FAIL;                                                                                              \
	}
OP_REPORTER(st_interp_ub, ST_INTERP_UB, "undefined behaviour: ")
OP_REPORTER(st_interp_error, ST_INTERP_UNSUPPORTED, "")
OP_REPORTER(st_interp_abort, ST_INTERP_ABORT, "")

st_status st_interp_poison_error(const st_interp_exec *x, const char *what) {
	return st_interp_ub(x, "poison value used as %s of '%s'", what, st_op_name_cstr(x->iop->op));
}
