/* The context: allocator, arena, identifier interning, the uniquer for types
 * and attributes, op-name records and the dialect registry.
 *
 * Uniqued objects are compared bytewise (see internal.h), which keeps the
 * uniquer one generic table instead of one per kind.
 */
/* madvise() and MADV_HUGEPAGE are Linux/BSD, outside strict POSIX. */
#define _DEFAULT_SOURCE 1
#include "internal.h"
#include "rewrite_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

int st_api_version(void) { return ST_API_VERSION; }

st_str st_str_c(const char *cstr) { return st_str_make(cstr, cstr ? strlen(cstr) : 0); }
bool st_str_eq(st_str a, st_str b) { return a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0); }
bool st_str_eq_c(st_str a, const char *c) { return st_str_eq(a, st_str_c(c)); }

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
	(void)ud;
	(void)osize;
	if (nsize == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, nsize);
}

/* ------------------------------------------------------------ allocation */

static void report_oom(st_context *ctx) {
	if (ctx->oom)
		return;
	ctx->oom = true;
	ctx->nerrors++;
	/* The diagnostic itself must not allocate: it lives on the stack.  It
	 * goes through the handler stack like any other (so that
	 * --verify-diagnostics and tools capturing diagnostics see it); a
	 * handler that allocates cannot recurse here, the flag is set. */
	st_diag_info d = {.severity = ST_SEV_ERROR, .loc = ctx->unknown_loc, .message = "out of memory"};
	for (size_t i = ctx->nhandlers; i-- > 0;)
		if (ctx->handlers[i].fn(ctx->handlers[i].ud, &d))
			return;
	const char msg[] = "error: out of memory\n";
	if (ctx->diag_out)
		ctx->diag_out(ctx->diag_out_ud, msg, sizeof msg - 1);
	else
		fputs(msg, stderr);
}

void *st_ctx_alloc(st_context *ctx, size_t size) {
	if (size == 0)
		size = 1;
	void *p = ctx->alloc(ctx->alloc_ud, NULL, 0, size);
	if (!p)
		report_oom(ctx);
	return p;
}

void *st_ctx_realloc(st_context *ctx, void *ptr, size_t osize, size_t nsize) {
	if (nsize == 0)
		nsize = 1;
	void *p = ctx->alloc(ctx->alloc_ud, ptr, osize, nsize);
	if (!p)
		report_oom(ctx);
	return p;
}

bool st_ctx_grow(st_context *ctx, void **arr, size_t *cap, const void *small, size_t elt, size_t need) {
	if (need <= *cap)
		return true;
	size_t nc = *cap * 2 > need ? *cap * 2 : need;
	void *na = st_ctx_alloc(ctx, nc * elt);
	if (!na)
		return false;
	if (*cap)
		memcpy(na, *arr, *cap * elt);
	if (*arr != small)
		st_ctx_free(ctx, *arr, *cap * elt);
	*arr = na;
	*cap = nc;
	return true;
}

void st_ctx_free(st_context *ctx, void *ptr, size_t size) {
	if (ptr)
		ctx->alloc(ctx->alloc_ud, ptr, size, 0);
}

bool st_context_out_of_memory(st_context *ctx) { return ctx->oom; }

#define ARENA_CHUNK (64 * 1024)
#define ARENA_HDR ((sizeof(st__arena_chunk) + 15) & ~(size_t)15)

void *st__arena_alloc(st_context *ctx, size_t size) {
	size = (size + 15) & ~(size_t)15;
	st__arena_chunk *c = ctx->arena;
	if (!c || c->size - c->used < size) {
		size_t csize = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
		c = st_ctx_alloc(ctx, ARENA_HDR + csize);
		if (!c)
			return NULL;
		c->size = csize;
		c->used = 0;
		/* A big one-off object goes behind the current chunk so the current
		 * chunk keeps serving small requests. */
		if (ctx->arena && csize != ARENA_CHUNK) {
			c->next = ctx->arena->next;
			ctx->arena->next = c;
		} else {
			c->next = ctx->arena;
			ctx->arena = c;
		}
	}
	char *p = (char *)c + ARENA_HDR + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

#if defined(__SANITIZE_ADDRESS__)
#define POOL_PASSTHROUGH 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_PASSTHROUGH 1
#endif
#endif

/* Pool chunks (header included) double from 256 KiB up to 8 MiB, so a
 * small module costs little and a large one few chunks. */
#define POOL_CHUNK_MIN (256 * 1024)
#define POOL_CHUNK_MAX (8 * 1024 * 1024)
#define HUGE_PAGE (2 * 1024 * 1024)

/* A pool chunk of `total` bytes.  A big one means a large IR: with the
 * default allocator it is aligned to and backed by transparent huge pages.
 * A 1M-op module otherwise takes ~40k page faults (6-10% of strata-opt's
 * time) and as many TLB misses.  (free() releases aligned_alloc memory, so
 * st_ctx_free needs no special case.) */
#ifndef POOL_PASSTHROUGH
static st__arena_chunk *pool_chunk_alloc(st_context *ctx, size_t total) {
#ifdef MADV_HUGEPAGE
	if (ctx->alloc == default_alloc && total >= 2 * HUGE_PAGE && total % HUGE_PAGE == 0) {
		void *p = aligned_alloc(HUGE_PAGE, total);
		if (!p) {
			report_oom(ctx);
			return NULL;
		}
		(void)madvise(p, total, MADV_HUGEPAGE); /* only advice: failure is harmless */
		return p;
	}
#endif
	return st_ctx_alloc(ctx, total);
}
#endif

void *st__pool_alloc(st_context *ctx, size_t size) {
#ifdef POOL_PASSTHROUGH
	return st_ctx_alloc(ctx, size);
#else
	size = (size + 7) & ~(size_t)7;
	if (size > ST__POOL_MAX)
		return st_ctx_alloc(ctx, size);
	void **head = &ctx->pool_free[size / 8];
	if (*head) {
		void *p = *head;
		*head = *(void **)p;
		return p;
	}
	if ((size_t)(ctx->pool_end - ctx->pool_cur) < size) {
		size_t total = ctx->pool_chunks ? (ARENA_HDR + ctx->pool_chunks->size) * 2 : POOL_CHUNK_MIN;
		if (total > POOL_CHUNK_MAX)
			total = POOL_CHUNK_MAX;
		size_t csize = total - ARENA_HDR;
		st__arena_chunk *c = pool_chunk_alloc(ctx, total);
		if (!c)
			return NULL;
		c->size = csize;
		c->used = 0;
		c->next = ctx->pool_chunks;
		ctx->pool_chunks = c;
		ctx->pool_cur = (char *)c + ARENA_HDR;
		ctx->pool_end = ctx->pool_cur + csize;
	}
	void *p = ctx->pool_cur;
	ctx->pool_cur += size;
	return p;
#endif
}

void st__pool_free(st_context *ctx, void *p, size_t size) {
	if (!p)
		return;
#ifdef POOL_PASSTHROUGH
	st_ctx_free(ctx, p, size);
#else
	size = (size + 7) & ~(size_t)7;
	if (size > ST__POOL_MAX) {
		st_ctx_free(ctx, p, size);
		return;
	}
	*(void **)p = ctx->pool_free[size / 8];
	ctx->pool_free[size / 8] = p;
#endif
}

void *st__scratch(st_context *ctx, size_t size) {
	if (size > ctx->scratch_size) {
		size_t ns = size < 256 ? 256 : size * 2;
		void *p = st_ctx_realloc(ctx, ctx->scratch, ctx->scratch_size, ns);
		if (!p)
			return NULL;
		ctx->scratch = p;
		ctx->scratch_size = ns;
	}
	memset(ctx->scratch, 0, size);
	return ctx->scratch;
}

/* ----------------------------------------------------------- hash tables */

uint32_t st__hash_bytes(const void *data, size_t len, uint32_t seed) {
	/* Word-at-a-time multiply-xorshift with a final avalanche: keys that
	 * differ in one field (a line number) must spread over the low bits
	 * that index the tables. */
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ seed ^ ((uint64_t)len << 32);
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
		h ^= h >> 31;
		p += 8;
		len -= 8;
	}
	/* The tail without a byte loop: overlapping loads, as wyhash does (the
	 * length is mixed in above, so overlaps cannot collide lengths). */
	uint64_t tail = 0;
	if (len) {
		if (p != data) {
			memcpy(&tail, p + len - 8, 8);
		} else if (len >= 4) {
			uint32_t lo, hi;
			memcpy(&lo, p, 4);
			memcpy(&hi, p + len - 4, 4);
			tail = lo | (uint64_t)hi << 32;
		} else {
			tail = p[0] | (uint64_t)p[len / 2] << 8 | (uint64_t)p[len - 1] << 16;
		}
	}
	h = (h ^ tail) * 0x94d049bb133111ebull;
	h ^= h >> 32;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 29;
	return (uint32_t)h;
}

static bool htab_grow(st_context *ctx, st__htab *t, uint32_t (*hash_of)(const void *)) {
	size_t ncap = t->cap ? t->cap * 2 : 256;
	void **slots = st_ctx_alloc(ctx, ncap * sizeof(void *));
	if (!slots)
		return false;
	memset(slots, 0, ncap * sizeof(void *));
	for (size_t i = 0; i < t->cap; i++) {
		void *e = t->slots[i];
		if (!e)
			continue;
		size_t j = hash_of(e) & (ncap - 1);
		while (slots[j])
			j = (j + 1) & (ncap - 1);
		slots[j] = e;
	}
	st_ctx_free(ctx, t->slots, t->cap * sizeof(void *));
	t->slots = slots;
	t->cap = ncap;
	return true;
}

static uint32_t ident_hash_of(const void *e) { return ((const st_ident *)e)->hash; }
static uint32_t hdr_hash_of(const void *e) { return ((const st__hdr *)e)->hash; }

/* ----------------------------------------------------------- identifiers */

st_ident *st_ident_get(st_context *ctx, st_str s) {
	uint32_t h = st__hash_bytes(s.data, s.len, 0);
	st__htab *t = &ctx->idents;
	if (t->cap) {
		for (size_t j = h & (t->cap - 1);; j = (j + 1) & (t->cap - 1)) {
			st_ident *e = t->slots[j];
			if (!e)
				break;
			if (e->hash == h && e->len == s.len && memcmp(e->data, s.data, s.len) == 0)
				return e;
		}
	}
	if ((t->count + 1) * 4 > t->cap * 3 && !htab_grow(ctx, t, ident_hash_of))
		return NULL;
	st_ident *id = st__arena_alloc(ctx, sizeof(st_ident) + s.len + 1);
	if (!id)
		return NULL;
	id->len = (uint32_t)s.len;
	id->hash = h;
	if (s.len)
		memcpy(id->data, s.data, s.len);
	id->data[s.len] = 0;
	size_t j = h & (t->cap - 1);
	while (t->slots[j])
		j = (j + 1) & (t->cap - 1);
	t->slots[j] = id;
	t->count++;
	return id;
}

st_ident *st_ident_get_c(st_context *ctx, const char *s) { return st_ident_get(ctx, st_str_c(s)); }
st_str st_ident_str(const st_ident *id) { return st_str_make(id->data, id->len); }
const char *st_ident_cstr(const st_ident *id) { return id->data; }

/* -------------------------------------------------------------- uniquer */

void *st__uniq(st_context *ctx, const void *key) {
	const st__hdr *k = key;
	size_t size = k->size;
	assert(size >= sizeof(st__hdr));
	uint32_t h = st__hash_bytes((const char *)key + sizeof(st__hdr), size - sizeof(st__hdr), k->tag * 2654435761u + k->aux);
	st__htab *t = &ctx->uniq;
	if (t->cap) {
		for (size_t j = h & (t->cap - 1);; j = (j + 1) & (t->cap - 1)) {
			st__hdr *e = t->slots[j];
			if (!e)
				break;
			if (e->hash == h && e->tag == k->tag && e->size == size && e->aux == k->aux &&
			    memcmp((const char *)e + sizeof(st__hdr), (const char *)key + sizeof(st__hdr),
			           size - sizeof(st__hdr)) == 0)
				return e;
		}
	}
	if ((t->count + 1) * 4 > t->cap * 3 && !htab_grow(ctx, t, hdr_hash_of))
		return NULL;
	st__hdr *obj = st__arena_alloc(ctx, size);
	if (!obj)
		return NULL;
	memcpy(obj, key, size);
	obj->hash = h;
	size_t j = h & (t->cap - 1);
	while (t->slots[j])
		j = (j + 1) & (t->cap - 1);
	t->slots[j] = obj;
	t->count++;
	return obj;
}

/* -------------------------------------------------------------- op names */

st__opname *st__opname_get(st_context *ctx, st_str name) {
	st_ident *id = st_ident_get(ctx, name);
	if (!id)
		return NULL;
	if (id->opname)
		return id->opname;
	st__opname *on = st__arena_alloc(ctx, sizeof *on);
	if (!on)
		return NULL;
	on->ctx = ctx;
	on->name = id;
	const char *dot = memchr(name.data, '.', name.len);
	if (dot) {
		st_dialect *d = st_context_get_dialect(ctx, st_str_make(name.data, (size_t)(dot - name.data)));
		on->dialect = d;
	}
	id->opname = on;
	return on;
}

/* -------------------------------------------------------------- dialects */

st_dialect *st_context_get_dialect(st_context *ctx, st_str name) {
	for (size_t i = 0; i < ctx->ndialects; i++)
		if (st_str_eq(st_ident_str(ctx->dialects[i]->name), name))
			return ctx->dialects[i];
	return NULL;
}

size_t st_context_num_dialects(const st_context *ctx) { return ctx->ndialects; }
st_dialect *st_context_dialect_at(const st_context *ctx, size_t i) { return i < ctx->ndialects ? ctx->dialects[i] : NULL; }
const st_dialect_def *st_dialect_get_def(const st_dialect *d) { return d->def; }
st_ident *st_dialect_name(const st_dialect *d) { return d->name; }

static uint32_t opdef_traits(const st_opdef *def) {
	uint32_t t = def->traits;
	if (st_opdef_interface(def, ST_IFACE_CONSTANT_LIKE))
		t |= ST_TRAIT_CONSTANT_LIKE;
	return t;
}

st_status st_context_register_dialect(st_context *ctx, const st_dialect_def *def) {
	st_dialect *existing = st_context_get_dialect(ctx, st_str_c(def->name));
	if (existing) {
		if (existing->def == def)
			return ST_OK;
		return st_error(ctx, NULL, "dialect '%s' is already registered", def->name);
	}
	for (const char *const *dep = def->dependencies; dep && *dep; dep++)
		if (!st_context_get_dialect(ctx, st_str_c(*dep)))
			return st_error(ctx, NULL, "dialect '%s' needs dialect '%s', which is not registered", def->name, *dep);
	size_t plen = strlen(def->name);
	for (size_t i = 0; i < def->nops; i++) {
		const st_opdef *od = &def->ops[i];
		if (strncmp(od->name, def->name, plen) != 0 || od->name[plen] != '.')
			return st_error(ctx, NULL, "op '%s' does not belong to dialect '%s'", od->name, def->name);
		st_ident *id = st_ident_get_c(ctx, od->name);
		if (!id)
			return ST_FAIL;
		if (id->opname && id->opname->def)
			return st_error(ctx, NULL, "op '%s' is already registered", od->name);
	}
	st_dialect *d = st__arena_alloc(ctx, sizeof *d);
	st_dialect **nd = st_ctx_realloc(ctx, ctx->dialects, ctx->ndialects * sizeof *nd, (ctx->ndialects + 1) * sizeof *nd);
	if (!d || !nd)
		return ST_FAIL;
	ctx->dialects = nd;
	d->name = st_ident_get_c(ctx, def->name);
	d->def = def;
	ctx->dialects[ctx->ndialects++] = d;
	/* Op names seen before registration (unregistered ops) pick up the
	 * dialect now; their ops stay unregistered only in name. */
	for (size_t i = 0; i < ctx->idents.cap; i++) {
		st_ident *id = ctx->idents.slots[i];
		if (id && id->opname && !id->opname->dialect && id->len > plen && memcmp(id->data, def->name, plen) == 0 &&
		    id->data[plen] == '.')
			id->opname->dialect = d;
	}
	for (size_t i = 0; i < def->nops; i++) {
		const st_opdef *od = &def->ops[i];
		st__opname *on = st__opname_get(ctx, st_str_c(od->name));
		if (!on)
			return ST_FAIL;
		on->def = od;
		on->dialect = d;
		on->traits = opdef_traits(od);
	}
	return ST_OK;
}

const st_opdef *st_context_lookup_opdef(st_context *ctx, st_str name) {
	st__opname *on = st__opname_get(ctx, name);
	return on ? on->def : NULL;
}

const void *st_opdef_interface(const st_opdef *def, const char *id) {
	if (!def)
		return NULL;
	for (size_t i = 0; i < def->ninterfaces; i++)
		if (def->interfaces[i].id == id || strcmp(def->interfaces[i].id, id) == 0)
			return def->interfaces[i].vtable;
	return NULL;
}

const void *st_op_interface(const st_op *op, const char *id) { return st_opdef_interface(op->name->def, id); }

int st_opdef_attr_index(const st_opdef *def, const char *name) {
	for (size_t i = 0; i < def->nattrs; i++)
		if (strcmp(def->attrs[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* ------------------------------------------------------ create / destroy */

static void context_init_cache(st_context *ctx) {
	ctx->i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	ctx->i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	ctx->i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	ctx->index = st_index_type(ctx);
	ctx->unit = st_unit_attr(ctx);
	ctx->empty_dict = st_dict_attr(ctx, 0, NULL);
	ctx->unknown_loc = st_loc_unknown(ctx);
}

st_context *st_context_create_with_alloc(st_alloc_fn alloc, void *ud) {
	st_context *ctx = alloc(ud, NULL, 0, sizeof *ctx);
	if (!ctx)
		return NULL;
	memset(ctx, 0, sizeof *ctx);
	ctx->alloc = alloc;
	ctx->alloc_ud = ud;
	context_init_cache(ctx);
	if (ctx->oom || st_failed(st_register_builtin_dialect(ctx))) {
		st_context_destroy(ctx);
		return NULL;
	}
	return ctx;
}

st_context *st_context_create(void) { return st_context_create_with_alloc(default_alloc, NULL); }

void st_context_destroy(st_context *ctx) {
	if (!ctx)
		return;
	ctx->destroying = true;
	for (st__arena_chunk *c = ctx->arena, *n; c; c = n) {
		n = c->next;
		st_ctx_free(ctx, c, ARENA_HDR + c->size);
	}
	for (st__arena_chunk *c = ctx->pool_chunks, *n; c; c = n) {
		n = c->next;
		st_ctx_free(ctx, c, ARENA_HDR + c->size);
	}
	if (ctx->ool_operands) {
		st__ptrmap_free(ctx->ool_operands);
		st_ctx_free(ctx, ctx->ool_operands, sizeof *ctx->ool_operands);
	}
	st_ctx_free(ctx, ctx->idents.slots, ctx->idents.cap * sizeof(void *));
	st_ctx_free(ctx, ctx->uniq.slots, ctx->uniq.cap * sizeof(void *));
	st_ctx_free(ctx, ctx->dialects, ctx->ndialects * sizeof(st_dialect *));
	st_ctx_free(ctx, ctx->handlers, ctx->handler_cap * sizeof(st__handler));
	st_ctx_free(ctx, ctx->sources, ctx->nsources * sizeof(st__source));
	st_ctx_free(ctx, ctx->scratch, ctx->scratch_size);
	ctx->alloc(ctx->alloc_ud, ctx, sizeof *ctx, 0);
}

void st_context_set_allow_unregistered(st_context *ctx, bool allow) { ctx->allow_unregistered = allow; }
bool st_context_allows_unregistered(st_context *ctx) { return ctx->allow_unregistered; }
