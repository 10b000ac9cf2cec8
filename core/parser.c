/* The op parser: MLIR's generic form, regions, blocks, SSA names with
 * forward references, custom forms through op definitions, and the public
 * API that custom-syntax hooks use.
 *
 * SSA names live in one chained hash table whose entries carry the id of
 * their isolated scope (values) or region (blocks); a log of definitions
 * lets a region's names be dropped when it ends.  Plain numeric names
 * (`%12`, what printers emit) skip the hash: they index an array.
 */
#include "parser_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

struct st__name_entry {
	const char *name;
	uint32_t len;
	uint32_t hash;
	uint32_t scope;
	uint32_t next, prev; /* chain links, 1-based; 0: none */
	bool is_block;
	bool live;
	bool defined; /* blocks: label seen; values: not a placeholder */
	st_value *value;    /* first value of the group */
	uint32_t count;     /* values in the group */
	st_block *block;
	st_value **ph;      /* placeholders by result number */
	uint32_t nph;
	st__token first_use;
};

struct st_parse_state {
	st_parser *p;
	st_context *ctx;
	st__opname *name;
	st_attr *loc;
	size_t nresult_names;
	st__vec operands, types, succs, regions;
	st_named_attr *attrs;
	size_t nattrs, attr_cap;
};

typedef struct result_name {
	st__token tok;
	uint32_t count;
} result_name;

/* The `%a, %b:2 =` list, inline for the usual one or two names. */
typedef struct result_names {
	result_name small[4];
	result_name *v;
	size_t n, cap;
} result_names;

static st_status parse_op(st_parser *p, st_block *into);

/* --------------------------------------------------------- name table */

/* The number of a name `%123` (no leading zeros, at most 10^8, the
 * parser's table size), or UINT32_MAX.  The lexer computes it for its
 * tokens; names that come back through st_operand_ref need it again. */
static uint32_t numeric_name_value(const char *s, uint32_t len) {
	if (len < 2 || len > 10 || (unsigned)(s[1] - '0') > 9 || (s[1] == '0' && len > 2))
		return UINT32_MAX;
	uint32_t v = 0;
	for (uint32_t i = 1; i < len; i++) {
		if ((unsigned)(s[i] - '0') > 9)
			return UINT32_MAX;
		v = v * 10 + (uint32_t)(s[i] - '0');
	}
	return v > 100000000u ? UINT32_MAX : v;
}

static bool is_numeric_name(const st__token *t, uint32_t *out) {
	if (t->num == UINT32_MAX)
		return false;
	*out = t->num;
	return true;
}

static bool log_push(st_parser *p, uint32_t kind, uint32_t idx) {
	if (p->nlog == p->log_cap) {
		size_t nc = p->log_cap ? p->log_cap * 2 : 256;
		st__log_item *nl = st_ctx_realloc(p->ctx, p->log, p->log_cap * sizeof *nl, nc * sizeof *nl);
		if (!nl)
			return false;
		p->log = nl;
		p->log_cap = nc;
	}
	p->log[p->nlog++] = (st__log_item){kind, idx};
	return true;
}

static void chain_unlink(st_parser *p, uint32_t idx) {
	st__name_entry *e = &p->entries[idx - 1];
	if (e->prev)
		p->entries[e->prev - 1].next = e->next;
	else
		p->buckets[e->hash & (p->nbuckets - 1)] = e->next;
	if (e->next)
		p->entries[e->next - 1].prev = e->prev;
	e->next = e->prev = 0;
}

static void chain_link(st_parser *p, uint32_t idx) {
	st__name_entry *e = &p->entries[idx - 1];
	uint32_t *head = &p->buckets[e->hash & (p->nbuckets - 1)];
	e->prev = 0;
	e->next = *head;
	if (*head)
		p->entries[*head - 1].prev = idx;
	*head = idx;
}

static bool rehash(st_parser *p, size_t nb) {
	uint32_t *b = st_ctx_alloc(p->ctx, nb * sizeof *b);
	if (!b)
		return false;
	memset(b, 0, nb * sizeof *b);
	st_ctx_free(p->ctx, p->buckets, p->nbuckets * sizeof *p->buckets);
	p->buckets = b;
	p->nbuckets = nb;
	for (size_t i = 0; i < p->nentries; i++)
		if (p->entries[i].live)
			chain_link(p, (uint32_t)i + 1);
	return true;
}

static uint32_t entry_new(st_parser *p, const char *name, uint32_t len, uint32_t hash, uint32_t scope) {
	uint32_t idx;
	if (p->free_entry) {
		idx = p->free_entry;
		p->free_entry = p->entries[idx - 1].next;
	} else {
		if (p->nentries == p->entry_cap) {
			size_t nc = p->entry_cap ? p->entry_cap * 2 : 256;
			st__name_entry *ne = st_ctx_realloc(p->ctx, p->entries, p->entry_cap * sizeof *ne, nc * sizeof *ne);
			if (!ne)
				return 0;
			p->entries = ne;
			p->entry_cap = nc;
		}
		idx = (uint32_t)++p->nentries;
	}
	st__name_entry *e = &p->entries[idx - 1];
	memset(e, 0, sizeof *e);
	if (len > 1 && name[0] == '%' && (unsigned)(name[1] - '0') <= 9)
		p->numeric_entries = true;
	e->name = name;
	e->len = len;
	e->hash = hash;
	e->scope = scope;
	/* Grow before linking: rehash links every live entry, this one included
	 * once it is marked live. */
	if (p->nentries > p->nbuckets && !rehash(p, p->nbuckets ? p->nbuckets * 2 : 256))
		return 0;
	e->live = true;
	chain_link(p, idx);
	return idx;
}

static void entry_free(st_parser *p, uint32_t idx) {
	st__name_entry *e = &p->entries[idx - 1];
	chain_unlink(p, idx);
	st_ctx_free(p->ctx, e->ph, e->nph * sizeof *e->ph);
	e->ph = NULL;
	e->live = false;
	e->next = p->free_entry;
	p->free_entry = idx;
}

static uint32_t entry_find(st_parser *p, const char *name, uint32_t len, uint32_t hash, uint32_t scope, bool block) {
	if (!p->nbuckets)
		return 0;
	for (uint32_t i = p->buckets[hash & (p->nbuckets - 1)]; i; i = p->entries[i - 1].next) {
		st__name_entry *e = &p->entries[i - 1];
		if (e->hash == hash && e->len == len && e->scope == scope && e->is_block == block &&
		    memcmp(e->name, name, len) == 0)
			return i;
	}
	return 0;
}

/* %N slots.  A function of a million ops has a million of them, kept until
 * it ends: they are 32-bit handles (a 2-bit base and a signed offset in
 * 8-byte units, +-4 GiB around the base: values come from a few memory
 * areas of one allocator), and become pointers only when a fifth area
 * shows up. */
#define NUMERIC_EMPTY 0x20000000u /* base 0, offset -2^29: never encoded */
#define NUMERIC_REACH ((intptr_t)1 << 29)
static size_t numeric_elt(const st_parser *p) { return p->numeric_wide ? sizeof(st_value *) : sizeof(uint32_t); }

static st_value *numeric_get(const st_parser *p, uint32_t n) {
	if (n >= p->numeric_cap)
		return NULL;
	if (p->numeric_wide)
		return ((st_value **)p->numeric)[n];
	uint32_t h = ((const uint32_t *)p->numeric)[n];
	if (h == NUMERIC_EMPTY)
		return NULL;
	intptr_t off = (intptr_t)(h & 0x3fffffffu) - ((h & 0x20000000u) ? 2 * NUMERIC_REACH : 0);
	return (st_value *)(p->numeric_base[h >> 30] + (uintptr_t)(off * 8));
}

/* The handle of `v`, adding a base if needed; false when none reaches. */
static bool numeric_encode(st_parser *p, const st_value *v, uint32_t *out) {
	for (unsigned b = 0;; b++) {
		if (b == p->numeric_nbases) {
			if (b == 4)
				return false;
			p->numeric_base[p->numeric_nbases++] = (uintptr_t)v & ~(uintptr_t)7;
		}
		intptr_t d = (intptr_t)v - (intptr_t)p->numeric_base[b];
		if (d % 8 == 0 && d / 8 > -NUMERIC_REACH && d / 8 < NUMERIC_REACH) {
			*out = (uint32_t)b << 30 | ((uint32_t)(d / 8) & 0x3fffffffu);
			return true;
		}
	}
}

static bool numeric_resize(st_parser *p, size_t nc, bool wide) {
	void *nv = st_ctx_alloc(p->ctx, nc * (wide ? sizeof(st_value *) : sizeof(uint32_t)));
	if (!nv)
		return false;
	for (size_t i = 0; i < nc; i++) {
		st_value *v = i < p->numeric_cap ? numeric_get(p, (uint32_t)i) : NULL;
		uint32_t h = NUMERIC_EMPTY;
		if (wide)
			((st_value **)nv)[i] = v;
		else if (!v || numeric_encode(p, v, &h))
			((uint32_t *)nv)[i] = h;
		else
			assert(!"a narrow table holds only encodable values");
	}
	st_ctx_free(p->ctx, p->numeric, p->numeric_cap * numeric_elt(p));
	p->numeric = nv;
	p->numeric_cap = nc;
	p->numeric_wide = wide;
	return true;
}

static bool numeric_reserve(st_parser *p, uint32_t n) {
	if (n < p->numeric_cap)
		return true;
	size_t nc = p->numeric_cap ? p->numeric_cap : 1024;
	while (nc <= n)
		nc *= 2;
	return numeric_resize(p, nc, p->numeric_wide);
}

static bool numeric_set(st_parser *p, uint32_t n, st_value *v) {
	assert(n < p->numeric_cap && v);
	uint32_t h;
	if (!p->numeric_wide && numeric_encode(p, v, &h)) {
		((uint32_t *)p->numeric)[n] = h;
		return true;
	}
	if (!p->numeric_wide && !numeric_resize(p, p->numeric_cap, true))
		return false;
	((st_value **)p->numeric)[n] = v;
	return true;
}

/* The region a value was defined in (NULL: the top level). */
static st_region *value_region(const st_value *v) {
	const st_block *b = v->kind == ST__VAL_ARG ? ((const st__block_arg *)v)->owner : st_value_defining_op(v)->block;
	return b ? b->parent : NULL;
}

/* Where a %N slot's value stands: -1 closed (its region ended), 0 open but
 * in an outer isolated scope, 1 visible. */
static int slot_state(const st_parser *p, const st_value *v) {
	st_region *r = value_region(v);
	for (size_t i = p->nrstack; i-- > 0;)
		if (p->rstack[i] == r)
			return i >= p->iso_base ? 1 : 0;
	return -1;
}

static st_value *placeholder_new(st_parser *p, st_type *type) {
	st_value *v = st_ctx_alloc(p->ctx, sizeof *v);
	if (!v)
		return NULL;
	memset(v, 0, sizeof *v);
	v->type = type;
	v->kind = ST__VAL_PLACEHOLDER;
	st__vec *all = &p->placeholders;
	v->index = (uint32_t)all->n;
	if (!st__vec_push(p->ctx, all, v)) {
		st_ctx_free(p->ctx, v, sizeof *v);
		return NULL;
	}
	p->nplaceholders++;
	return v;
}

static void placeholder_free(st_parser *p, st_value *v) {
	st__vec *all = &p->placeholders;
	assert(!v->first_use);
	all->data[v->index] = NULL;
	st_ctx_free(p->ctx, v, sizeof *v);
	p->nplaceholders--;
}

static const char *type_str(st_parser *p, const st_type *t, char *buf, size_t n);

/* Binds a group of `count` results starting at `first` to a name. */
static st_status define_value(st_parser *p, const st__token *t, st_value *first, uint32_t count) {
	uint32_t num;
	if (count == 1 && is_numeric_name(t, &num)) {
		if (!numeric_reserve(p, num))
			return ST_FAIL;
		st_value *old = numeric_get(p, num);
		int state = old ? slot_state(p, old) : -1;
		if (state == 1)
			return st__err_at(p, t, "redefinition of SSA value '%.*s'", (int)t->len, t->start);
		/* A forward reference to the name lives in the hash table; an
		 * outer isolated scope's value keeps its slot for later. */
		if (state < 0 && (!p->numeric_entries ||
		                  !entry_find(p, t->start, t->len, st__hash_bytes(t->start, t->len, 0), p->scope, false))) {
			return numeric_set(p, num, first) ? ST_OK : ST_FAIL;
		}
	}
	uint32_t h = st__hash_bytes(t->start, t->len, 0);
	uint32_t idx = entry_find(p, t->start, t->len, h, p->scope, false);
	if (idx) {
		st__name_entry *e = &p->entries[idx - 1];
		if (e->defined)
			return st__err_at(p, t, "redefinition of SSA value '%.*s'", (int)t->len, t->start);
		/* Resolve forward references. */
		for (uint32_t i = 0; i < e->nph; i++) {
			st_value *ph = e->ph[i];
			if (!ph)
				continue;
			if (i >= count)
				return st__err_at(p, &e->first_use, "operation defines %u results but was used as result #%u", count, i);
			/* A forward reference no operation uses yet is an operand of the
			 * operation being parsed, and this definition sits inside that
			 * operation's own region, where it can never dominate the use
			 * (resolving it would free the placeholder the operation is about
			 * to take as its operand). */
			if (!ph->first_use)
				return st__err_at(p, t, "'%.*s' is defined inside the region of the operation that uses it",
				                  (int)t->len, t->start);
			st_value *real = st_value_is_block_arg(first) ? first : st__result(st_value_defining_op(first), first->index + i);
			if (real->type != ph->type) {
				char a[128], b[128];
				return st__err_at(p, t, "definition of SSA value '%.*s#%u' has type '%s' but prior uses expect '%s'",
				                  (int)t->len, t->start, i, type_str(p, real->type, a, sizeof a),
				                  type_str(p, ph->type, b, sizeof b));
			}
			st_value_replace_all_uses(ph, real);
			placeholder_free(p, ph);
			e->ph[i] = NULL;
		}
		e->defined = true;
		e->value = first;
		e->count = count;
		return ST_OK;
	}
	idx = entry_new(p, t->start, t->len, h, p->scope);
	if (!idx)
		return ST_FAIL;
	st__name_entry *e = &p->entries[idx - 1];
	e->defined = true;
	e->value = first;
	e->count = count;
	return log_push(p, 0, idx) ? ST_OK : ST_FAIL;
}

/* Resolves a use `%name#num` of type `type`; creates a forward reference
 * when the name is not defined yet. */
static st_status use_value(st_parser *p, const st__token *t, uint32_t num, st_type *type, st_value **out) {
	char a[128], b[128];
	uint32_t nn;
	st_value *v = NULL;
	st_value *slot = num == 0 && is_numeric_name(t, &nn) ? numeric_get(p, nn) : NULL;
	if (slot && slot_state(p, slot) == 1) {
		v = slot;
	} else {
		uint32_t h = st__hash_bytes(t->start, t->len, 0);
		uint32_t idx = entry_find(p, t->start, t->len, h, p->scope, false);
		if (!idx) {
			idx = entry_new(p, t->start, t->len, h, p->scope);
			if (!idx || !log_push(p, 0, idx))
				return ST_FAIL;
			p->entries[idx - 1].first_use = *t;
		}
		st__name_entry *e = &p->entries[idx - 1];
		if (e->defined) {
			if (num >= e->count)
				return st__err_at(p, t, "reference to invalid result number");
			v = num == 0 ? e->value : st__result(st_value_defining_op(e->value), e->value->index + num);
		} else {
			if (num >= e->nph) {
				if (num > 1u << 20)
					return st__err_at(p, t, "reference to invalid result number");
				st_value **nph = st_ctx_realloc(p->ctx, e->ph, e->nph * sizeof *nph, (num + 1) * sizeof *nph);
				if (!nph)
					return ST_FAIL;
				memset(nph + e->nph, 0, (num + 1 - e->nph) * sizeof *nph);
				e->ph = nph;
				e->nph = num + 1;
			}
			if (!e->ph[num]) {
				e->ph[num] = placeholder_new(p, type);
				if (!e->ph[num])
					return ST_FAIL;
			}
			v = e->ph[num];
		}
	}
	if (v->type != type)
		return st__err_at(p, t, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'", (int)t->len,
		                  t->start, type_str(p, type, a, sizeof a), type_str(p, v->type, b, sizeof b));
	*out = v;
	return ST_OK;
}

/* Blocks: `^name` in the current region. */
static st_block *lookup_block(st_parser *p, const st__token *t, bool define) {
	uint32_t h = st__hash_bytes(t->start, t->len, 0);
	uint32_t idx = entry_find(p, t->start, t->len, h, p->region_id, true);
	if (!idx) {
		idx = entry_new(p, t->start, t->len, h, p->region_id);
		if (!idx || !log_push(p, 0, idx))
			return NULL;
		st__name_entry *e = &p->entries[idx - 1];
		e->is_block = true;
		e->first_use = *t;
		e->block = st_block_create(p->ctx);
		if (!e->block)
			return NULL;
	}
	st__name_entry *e = &p->entries[idx - 1];
	if (define) {
		if (e->defined) {
			st__err_at(p, t, "redefinition of block '%.*s'", (int)t->len, t->start);
			return NULL;
		}
		e->defined = true;
	}
	return e->block;
}

/* Pops names logged since `mark`.  Values of an isolated scope that are
 * still forward references are errors; blocks never defined are errors.
 * In a non-isolated region, pending forward references are kept for the
 * enclosing region (graph regions may use values defined later). */
static st_status pop_names(st_parser *p, size_t mark, bool isolated, bool region_end) {
	st_status s = ST_OK;
	st__log_item *kept = NULL;
	size_t nkept = 0;
	for (size_t i = p->nlog; i-- > mark;) {
		st__log_item it = p->log[i];
		st__name_entry *e = &p->entries[it.idx - 1];
		if (e->is_block) {
			if (!e->defined) {
				if (st_succeeded(s))
					s = st__err_at(p, &e->first_use, "reference to an undefined block");
				/* The block was never placed in a region: free it (there is
				 * none when making it ran out of memory). */
				if (e->block && !e->block->parent) {
					st_block *b = e->block;
					/* Its uses belong to ops that will be destroyed. */
					while (b->first_use)
						st_op_set_successor(b->first_use->owner, (size_t)(b->first_use - st__succs(b->first_use->owner)), NULL);
					st_block_destroy(b);
				}
			}
			entry_free(p, it.idx);
			continue;
		}
		if (!e->defined) {
			if (isolated || !region_end) {
				if (st_succeeded(s))
					s = st__err_at(p, &e->first_use, "use of undeclared SSA value name");
			} else {
				/* keep for the enclosing region */
				st__log_item *nk = st_ctx_realloc(p->ctx, kept, nkept * sizeof *nk, (nkept + 1) * sizeof *nk);
				if (nk) {
					kept = nk;
					kept[nkept++] = it;
					continue;
				}
				s = ST_FAIL;
			}
		}
		entry_free(p, it.idx);
	}
	p->nlog = mark;
	for (size_t i = nkept; i-- > 0;)
		log_push(p, kept[i].kind, kept[i].idx);
	st_ctx_free(p->ctx, kept, nkept * sizeof *kept);
	return s;
}

/* ------------------------------------------------------------- helpers */

static const char *type_str(st_parser *p, const st_type *t, char *buf, size_t n) {
	st__bounded bd = {buf, n, 0};
	st_print_type(p->ctx, t, st__bounded_write, &bd);
	buf[bd.len < n ? bd.len : n - 1] = 0;
	return buf;
}

static bool accept(st_parser *p, st__tok k) {
	if (p->tok.kind != k)
		return false;
	st__lex(p);
	return true;
}

static bool expect(st_parser *p, st__tok k, const char *what) {
	if (p->tok.kind != k) {
		if (p->tok.kind == T_ERROR)
			p->failed = true;
		else
			st__err_at(p, &p->tok, "expected %s", what);
		return false;
	}
	st__lex(p);
	return true;
}

/* ---------------------------------------------------------- parse state */


static void state_init(st_parse_state *s, st_parser *p, st__opname *name, st_attr *loc, size_t nres) {
	memset(s, 0, sizeof *s);
	s->p = p;
	s->ctx = p->ctx;
	s->name = name;
	s->loc = loc;
	s->nresult_names = nres;
}

/* A failed parse gives up the whole buffer, but the IR built so far is
 * freed piece by piece, and a value defined inside a piece may already
 * stand for a forward reference made outside it (`"a"(%x)` before a region
 * defining %x; the verifier would reject that use later).  Cutting every
 * use of the piece's values first lets it go. */
static void cut_uses(st_value *v) {
	while (v->first_use)
		st_op_set_operand(v->first_use->owner, st_use_operand_index(v->first_use), NULL);
}

static void cut_block_arg_uses(st_region *r) {
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b))
		for (size_t j = 0; j < st_block_num_args(b); j++)
			cut_uses(st_block_arg(b, j));
}

static st_walk_result cut_op_uses(st_op *op, void *ud) {
	(void)ud;
	for (size_t i = 0; i < st_op_num_results(op); i++)
		cut_uses(st_op_result(op, i));
	for (size_t i = 0; i < st_op_num_regions(op); i++)
		cut_block_arg_uses(st_op_region(op, i));
	return ST_WALK_ADVANCE;
}

static void cut_region_uses(st_region *r) {
	cut_block_arg_uses(r);
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b))
		for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
			st_walk(op, ST_WALK_PRE, cut_op_uses, NULL);
}

static void state_free(st_parse_state *s) {
	for (size_t i = 0; i < s->regions.n; i++) {
		st_region *r = s->regions.data[i];
		cut_region_uses(r);
		st_region_clear(r);
		st_ctx_free(s->ctx, r, sizeof *r);
	}
	st__vec_free(s->ctx, &s->operands);
	st__vec_free(s->ctx, &s->types);
	st__vec_free(s->ctx, &s->succs);
	st__vec_free(s->ctx, &s->regions);
	st_ctx_free(s->ctx, s->attrs, s->attr_cap * sizeof *s->attrs);
}

st_context *st_parse_state_context(st_parse_state *s) { return s->ctx; }
st_attr *st_parse_state_loc(st_parse_state *s) {
	if ((uintptr_t)s->loc & 1) {
		st_parser *p = s->p;
		uint64_t v = (uint64_t)(uintptr_t)s->loc;
		st__token t = p->tok;
		t.line = (uint32_t)((v >> 16) & 0xffffff);
		t.col = (uint32_t)(v >> 40);
		s->loc = st__tok_loc(p, &t);
	}
	return s->loc;
}
size_t st_parse_state_num_result_names(st_parse_state *s) { return s->nresult_names; }
st_status st_parse_state_add_operand(st_parse_state *s, st_value *v) {
	return st__vec_push(s->ctx, &s->operands, v) ? ST_OK : ST_FAIL;
}
st_status st_parse_state_add_result_type(st_parse_state *s, st_type *t) {
	return st__vec_push(s->ctx, &s->types, t) ? ST_OK : ST_FAIL;
}
st_status st_parse_state_add_successor(st_parse_state *s, st_block *b) {
	return st__vec_push(s->ctx, &s->succs, b) ? ST_OK : ST_FAIL;
}
st_status st_parse_ensure_terminator(st_parse_state *s, st_region *r, const char *name) {
	st_block *b = st_region_first_block(r);
	if (!b) {
		if (!(b = st_block_create(s->ctx)))
			return ST_FAIL;
		st_region_append_block(r, b);
	}
	st_op *last = st_block_last_op(b);
	if (last && (!st_op_is_registered(last) || st_op_has_trait(last, ST_TRAIT_TERMINATOR)))
		return ST_OK;
	st_op_state state = {.name = st_str_c(name), .loc = st_parse_state_loc(s)};
	st_op *t = st_op_create(s->ctx, &state);
	if (!t)
		return ST_FAIL;
	st_block_append_op(b, t);
	return ST_OK;
}
size_t st_parse_state_num_operands(st_parse_state *s) { return s->operands.n; }
st_value *st_parse_state_operand(st_parse_state *s, size_t i) { return s->operands.data[i]; }
size_t st_parse_state_num_result_types(st_parse_state *s) { return s->types.n; }

static st_status state_add_attr_id(st_parse_state *s, st_ident *id, st_attr *a, bool replace) {
	for (size_t i = 0; i < s->nattrs; i++)
		if (s->attrs[i].name == id) {
			/* At the op, as MLIR reports it: the dictionary is already read. */
			if (!replace)
				return st_parser_error_at(s->p, st_parse_state_loc(s),
				                          "attribute '%s' occurs more than once in the attribute list",
				                  st_ident_cstr(id));
			s->attrs[i].value = a;
			return ST_OK;
		}
	if (s->nattrs == s->attr_cap) {
		size_t nc = s->attr_cap ? s->attr_cap * 2 : 4;
		st_named_attr *na = st_ctx_realloc(s->ctx, s->attrs, s->attr_cap * sizeof *na, nc * sizeof *na);
		if (!na)
			return ST_FAIL;
		s->attrs = na;
		s->attr_cap = nc;
	}
	s->attrs[s->nattrs++] = (st_named_attr){id, a};
	return ST_OK;
}

st_status st_parse_state_add_attr(st_parse_state *s, const char *name, st_attr *a) {
	st_ident *id = st_ident_get_c(s->ctx, name);
	return id && a ? state_add_attr_id(s, id, a, true) : ST_FAIL;
}

st_attr *st_parse_state_get_attr(st_parse_state *s, const char *name) {
	for (size_t i = 0; i < s->nattrs; i++)
		if (strcmp(st_ident_cstr(s->attrs[i].name), name) == 0)
			return s->attrs[i].value;
	return NULL;
}

st_region *st_parse_state_add_region(st_parse_state *s) {
	st_region *r = st_ctx_alloc(s->ctx, sizeof *r);
	if (!r)
		return NULL;
	memset(r, 0, sizeof *r);
	if (!st__vec_push(s->ctx, &s->regions, r)) {
		st_ctx_free(s->ctx, r, sizeof *r);
		return NULL;
	}
	return r;
}

static st_status merge_dict(st_parse_state *s, st_attr *dict, bool replace) {
	for (size_t i = 0; i < st_attr_dict_size(dict); i++) {
		st_named_attr e = st_attr_dict_entry(dict, i);
		if (st_failed(state_add_attr_id(s, e.name, e.value, replace)))
			return ST_FAIL;
	}
	return ST_OK;
}

st_status st_parser_optional_attr_dict(st_parser *p, st_parse_state *s) {
	if (p->tok.kind != T_LBRACE)
		return ST_OK;
	st_attr *d;
	if (st_failed(st__parse_dict(p, &d)))
		return ST_FAIL;
	return merge_dict(s, d, false);
}

/* MLIR 14 names some attributes differently and stored some as dense
 * elements where current MLIR has dense arrays (core/mlir14.c). */
static st_status normalize_mlir14_attrs(st_parse_state *s) {
	size_t dup;
	if (st_succeeded(st__mlir14_import_attrs(s->ctx, s->name->def, s->nattrs, s->attrs, &dup)))
		return ST_OK;
	if (dup == s->nattrs)
		return ST_FAIL;
	return st_error(s->ctx, st_parse_state_loc(s), "attribute '%s' given twice: by its MLIR 14 name and its current one",
	                st_ident_cstr(s->attrs[dup].name));
}

/* Creates the op from the state, moving parsed regions into it. */
static st_op *state_build(st_parse_state *s) {
	st_parser *p = s->p;
	if (p->mlir14 && st_failed(normalize_mlir14_attrs(s)))
		return NULL;
	st_attr *dict = st_dict_attr(s->ctx, s->nattrs, s->attrs);
	if (!dict)
		return NULL;
	st_op_state os = {.name = st_ident_str(s->name->name),
	                  .loc = s->loc,
	                  .noperands = s->operands.n,
	                  .operands = (st_value *const *)s->operands.data,
	                  .nresults = s->types.n,
	                  .result_types = (st_type *const *)s->types.data,
	                  .attrs = dict,
	                  .nsuccessors = s->succs.n,
	                  .successors = (st_block *const *)s->succs.data,
	                  .nregions = s->regions.n};
	st_op *op = st__op_create_named(s->ctx, s->name, &os);
	if (!op)
		return NULL;
	for (size_t i = 0; i < s->regions.n; i++)
		st_region_take_body(st_op_region(op, i), s->regions.data[i]);
	return op;
}

/* ------------------------------------------------------------ operands */

bool st_parser_peek_operand(st_parser *p) { return p->tok.kind == T_PERCENT; }

st_status st_parser_operand(st_parser *p, st_operand_ref *out) {
	st__token t = p->tok;
	if (t.kind != T_PERCENT)
		return st__err_at(p, &t, "expected SSA operand");
	out->name = st_str_make(t.start, t.len);
	out->number = 0;
	out->numeric = t.num == UINT32_MAX ? 0 : t.num + 1;
	out->line = t.line;
	out->col = t.col;
	st__lex(p);
	if (p->tok.kind == T_HASH && p->tok.start == t.start + t.len) {
		st__token h = p->tok;
		uint64_t v = 0;
		for (uint32_t i = 1; i < h.len; i++) {
			if (!isdigit((unsigned char)h.start[i]) || (v = v * 10 + (uint64_t)(h.start[i] - '0')) > (1u << 20))
				return st__err_at(p, &h, "invalid SSA value result number");
		}
		if (h.len < 2)
			return st__err_at(p, &h, "invalid SSA value result number");
		out->number = (unsigned)v;
		st__lex(p);
	}
	return ST_OK;
}

/* The token a reference was read from (for definitions, uses and errors). */
static st__token ref_token(st_parser *p, const st_operand_ref *ref) {
	st__token t;
	memset(&t, 0, sizeof t);
	t.kind = T_PERCENT;
	t.start = ref->name.data;
	t.len = (uint32_t)ref->name.len;
	t.line = ref->line ? ref->line : p->tok.line;
	t.col = ref->line ? ref->col : p->tok.col;
	t.num = ref->numeric ? ref->numeric - 1 : numeric_name_value(t.start, t.len);
	return t;
}

st_status st_parser_resolve_operand(st_parser *p, const st_operand_ref *ref, st_type *type, st_value **out) {
	st__token t = ref_token(p, ref);
	return use_value(p, &t, ref->number, type, out);
}

st_attr *st_parser_ref_loc(st_parser *p, const st_operand_ref *ref) {
	st__token t = p->tok;
	if (ref->line) {
		t.line = ref->line;
		t.col = ref->col;
	}
	return st__tok_loc(p, &t);
}

/* ------------------------------------------------------------- regions */

static st_status parse_block_arg_list(st_parser *p, st_block *b) {
	/* `(%a: i32 loc(...), %b: f32)` */
	if (!accept(p, T_LPAREN))
		return ST_OK;
	if (accept(p, T_RPAREN))
		return ST_OK;
	do {
		st__token nt = p->tok;
		if (nt.kind != T_PERCENT)
			return st__err_at(p, &nt, "expected SSA identifier");
		st__lex(p);
		if (!expect(p, T_COLON, "':' and type for SSA identifier"))
			return ST_FAIL;
		st_type *ty;
		if (st_failed(st__parse_type(p, &ty)))
			return ST_FAIL;
		st_attr *loc = p->source_index >= 0 ? st__packed_loc((size_t)p->source_index, nt.line, nt.col) : NULL;
		if (!loc)
			loc = st__tok_loc(p, &nt);
		if (st_failed(st_parser_optional_loc(p, &loc)))
			return ST_FAIL;
		st_value *a = st_block_add_arg(b, ty, loc);
		if (!a || st_failed(define_value(p, &nt, a, 1)))
			return ST_FAIL;
	} while (accept(p, T_COMMA));
	return expect(p, T_RPAREN, "')' to end argument list") ? ST_OK : ST_FAIL;
}

static st_status parse_block_body(st_parser *p, st_block *b) {
	while (p->tok.kind != T_CARET && p->tok.kind != T_RBRACE) {
		if (p->tok.kind == T_EOF)
			return st__err_at(p, &p->tok, "expected '}' to end region");
		if (st_failed(parse_op(p, b)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status parse_region_impl(st_parser *p, st_region *r, size_t nargs, const st_region_arg *args,
                                   bool isolated) {
	if (p->tok.kind != T_LBRACE)
		return st__err_at(p, &p->tok, "expected '{' to begin a region");
	if (p->depth > 200)
		return st__err_at(p, &p->tok, "regions nested too deeply");
	st__lex(p);
	uint32_t saved_scope = p->scope, saved_region = p->region_id;
	size_t mark = p->nlog, saved_iso = p->iso_base;
	if (!st_ctx_grow(p->ctx, (void **)&p->rstack, &p->rstack_cap, NULL, sizeof *p->rstack, p->nrstack + 1))
		return ST_FAIL;
	if (isolated)
		p->iso_base = p->nrstack;
	p->rstack[p->nrstack++] = r;
	if (isolated)
		p->scope = ++p->next_scope_id;
	p->region_id = ++p->next_scope_id;
	p->depth++;
	st_status s = ST_OK;
	if (p->tok.kind == T_RBRACE && nargs == 0) {
		st__lex(p);
	} else {
		st_block *entry = NULL;
		if (p->tok.kind != T_CARET || nargs) {
			entry = st_block_create(p->ctx);
			if (!entry)
				s = ST_FAIL;
			else
				st_region_append_block(r, entry);
			for (size_t i = 0; st_succeeded(s) && i < nargs; i++) {
				st__token nt = ref_token(p, &args[i].ref);
				st_attr *aloc = args[i].loc;
				if (!aloc && p->source_index >= 0)
					aloc = st__packed_loc((size_t)p->source_index, nt.line, nt.col);
				st_value *a = st_block_add_arg(entry, args[i].type, aloc ? aloc : st__tok_loc(p, &nt));
				if (!a || st_failed(define_value(p, &nt, a, 1)))
					s = ST_FAIL;
			}
			if (st_succeeded(s) && nargs && p->tok.kind == T_CARET)
				s = st__err_at(p, &p->tok, "invalid block name in region with named arguments");
			if (st_succeeded(s))
				s = parse_block_body(p, entry);
		}
		while (st_succeeded(s) && p->tok.kind == T_CARET) {
			st__token bt = p->tok;
			st_block *b = lookup_block(p, &bt, true);
			if (!b) {
				s = ST_FAIL;
				break;
			}
			st__lex(p);
			/* A block referenced before its label was created detached;
			 * place it now, in label order. */
			if (b->parent) {
				st_block_remove(b);
			}
			st_region_append_block(r, b);
			if (st_failed(parse_block_arg_list(p, b)) || !expect(p, T_COLON, "':' after block name")) {
				s = ST_FAIL;
				break;
			}
			s = parse_block_body(p, b);
		}
		if (st_succeeded(s) && !expect(p, T_RBRACE, "'}' to end region"))
			s = ST_FAIL;
	}
	p->depth--;
	st_status ps = pop_names(p, mark, isolated, true);
	if (st_succeeded(s))
		s = ps;
	p->nrstack--;
	p->iso_base = saved_iso;
	p->scope = saved_scope;
	p->region_id = saved_region;
	return s;
}

/* Regions of a custom-syntax op take isolation from the op being parsed. */
st_status st_parser_region(st_parser *p, st_region *r, size_t nargs, const st_region_arg *args) {
	return parse_region_impl(p, r, nargs, args, p->cur_isolated);
}

/* ----------------------------------------------------------- successors */

st_status st_parser_successor(st_parser *p, st_block **out) {
	st__token t = p->tok;
	if (t.kind != T_CARET)
		return st__err_at(p, &t, "expected block name");
	st_block *b = lookup_block(p, &t, false);
	if (!b)
		return ST_FAIL;
	st__lex(p);
	*out = b;
	return ST_OK;
}

/* ------------------------------------------------------------ operations */

st_status st__format_parse(st_parser *p, st_parse_state *s, st__opname *on);

static st_status parse_result_list(st_parser *p, result_names *names, size_t *total) {
	*total = 0;
	do {
		st__token t = p->tok;
		if (t.kind != T_PERCENT)
			return st__err_at(p, &t, "expected valid ssa identifier");
		st__lex(p);
		uint64_t count = 1;
		if (accept(p, T_COLON)) {
			st__token c = p->tok;
			if (c.kind != T_INT)
				return st__err_at(p, &c, "expected integer number of results");
			count = 0;
			for (uint32_t i = 0; i < c.len; i++) {
				if (!isdigit((unsigned char)c.start[i]) || (count = count * 10 + (uint64_t)(c.start[i] - '0')) > (1u << 20))
					return st__err_at(p, &c, "expected integer number of results");
			}
			if (count < 1)
				return st__err_at(p, &c, "expected named operation to have at least 1 result");
			st__lex(p);
		}
		if (names->n == names->cap) {
			size_t nc = names->cap * 2;
			result_name *nv = st_ctx_alloc(p->ctx, nc * sizeof *nv);
			if (!nv)
				return ST_FAIL;
			memcpy(nv, names->v, names->n * sizeof *nv);
			if (names->v != names->small)
				st_ctx_free(p->ctx, names->v, names->cap * sizeof *nv);
			names->v = nv;
			names->cap = nc;
		}
		names->v[names->n++] = (result_name){t, (uint32_t)count};
		*total += count;
	} while (accept(p, T_COMMA));
	return expect(p, T_EQUAL, "'=' after SSA name") ? ST_OK : ST_FAIL;
}

static void free_result_names(st_parser *p, result_names *names) {
	if (names->v != names->small)
		st_ctx_free(p->ctx, names->v, names->cap * sizeof *names->v);
}

static st_status check_registered(st_parser *p, const st__token *t, st__opname *on) {
	if (on->def)
		return ST_OK;
	if (on->dialect)
		return st__err_at(p, t, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations",
		                  st_ident_cstr(on->name), st_ident_cstr(on->dialect->name));
	if (!st_context_allows_unregistered(p->ctx)) {
		const char *n = st_ident_cstr(on->name);
		const char *dot = strchr(n, '.');
		if (!dot)
			return st__err_at(p, t, "operation '%s' has no dialect prefix (use --allow-unregistered-dialect to accept it)", n);
		return st__err_at(p, t,
		                  "operation '%s' belongs to dialect '%.*s', which is not registered (use --allow-unregistered-dialect)",
		                  n, (int)(dot - n), n);
	}
	return ST_OK;
}

static st_status parse_generic(st_parser *p, st_parse_state *s) {
	st__token nt = p->tok;
	/* Op names rarely hold escapes: use the token's bytes when they don't. */
	char *name = NULL;
	size_t nlen = nt.len - 2;
	st_str sname = st_str_make(nt.start + 1, nlen);
	if (memchr(sname.data, '\\', nlen)) {
		if (st_failed(st__unescape(p, &nt, &name, &nlen)))
			return ST_FAIL;
		sname = st_str_make(name, nlen);
	}
	if (nlen == 0) {
		st_ctx_free(p->ctx, name, nt.len - 1);
		return st__err_at(p, &nt, "empty operation name is invalid");
	}
	s->name = st__opname_get(p->ctx, sname);
	if (s->name && p->mlir14)
		s->name = st__mlir14_redirect(p->ctx, s->name);
	st_ctx_free(p->ctx, name, nt.len - 1);
	if (!s->name || st_failed(check_registered(p, &nt, s->name)))
		return ST_FAIL;
	st__lex(p);
	if (!expect(p, T_LPAREN, "'(' to start operand list"))
		return ST_FAIL;
	/* Operand refs, resolved once the function type is known. */
	st_operand_ref small[8];
	st_operand_ref *refs = small;
	size_t nrefs = 0, cap = 8;
	st_status st = ST_OK;
	if (p->tok.kind != T_RPAREN) {
		do {
			if (nrefs == cap) {
				size_t nc = cap * 2;
				st_operand_ref *nr = st_ctx_alloc(p->ctx, nc * sizeof *nr);
				if (!nr) {
					st = ST_FAIL;
					break;
				}
				memcpy(nr, refs, nrefs * sizeof *nr);
				if (refs != small)
					st_ctx_free(p->ctx, refs, cap * sizeof *refs);
				refs = nr;
				cap = nc;
			}
			if (st_failed(st = st_parser_operand(p, &refs[nrefs])))
				break;
			nrefs++;
		} while (accept(p, T_COMMA));
	}
	if (st_succeeded(st) && !expect(p, T_RPAREN, "')' to end operand list"))
		st = ST_FAIL;
	if (st_succeeded(st) && accept(p, T_LSQ)) {
		do {
			st_block *b;
			if (st_failed(st = st_parser_successor(p, &b)) || st_failed(st = st_parse_state_add_successor(s, b)))
				break;
		} while (accept(p, T_COMMA));
		if (st_succeeded(st) && !expect(p, T_RSQ, "']' to end successor list"))
			st = ST_FAIL;
	}
	if (st_succeeded(st) && p->tok.kind == T_LESS) {
		st__lex(p);
		st_attr *props;
		if (st_failed(st = st__parse_dict(p, &props)) || st_failed(st = merge_dict(s, props, false)))
			;
		else if (!expect(p, T_GREATER, "'>' to close properties"))
			st = ST_FAIL;
	}
	if (st_succeeded(st) && p->tok.kind == T_LPAREN) {
		st__lex(p);
		bool saved = p->cur_isolated;
		bool iso = s->name->def && (s->name->traits & ST_TRAIT_ISOLATED_FROM_ABOVE);
		if (p->ndefault < 64)
			p->default_dialect[p->ndefault] = NULL;
		p->ndefault++;
		do {
			st_region *r = st_parse_state_add_region(s);
			if (!r || st_failed(st = parse_region_impl(p, r, 0, NULL, iso))) {
				st = ST_FAIL;
				break;
			}
		} while (accept(p, T_COMMA));
		p->ndefault--;
		p->cur_isolated = saved;
		if (st_succeeded(st) && !expect(p, T_RPAREN, "')' to end region list"))
			st = ST_FAIL;
	}
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	st__token ft = p->tok;
	if (st_succeeded(st) && !expect(p, T_COLON, "':' followed by operation type"))
		st = ST_FAIL;
	st_type *fty = NULL;
	if (st_succeeded(st) && st_succeeded(st = st__parse_type(p, &fty)) && st_type_get_kind(fty) != ST_TYPE_FUNCTION)
		st = st__err_at(p, &ft, "expected function type");
	if (st_succeeded(st) && st_type_num_inputs(fty) != nrefs)
		st = st__err_at(p, &ft, "expected %zu operand type%s but had %zu", nrefs, nrefs == 1 ? "" : "s",
		                st_type_num_inputs(fty));
	for (size_t i = 0; st_succeeded(st) && i < nrefs; i++) {
		st_value *v;
		if (st_succeeded(st = st_parser_resolve_operand(p, &refs[i], st_type_input(fty, i), &v)))
			st = st_parse_state_add_operand(s, v);
	}
	for (size_t i = 0; st_succeeded(st) && fty && i < st_type_num_results(fty); i++)
		st = st_parse_state_add_result_type(s, st_type_result(fty, i));
	if (refs != small)
		st_ctx_free(p->ctx, refs, cap * sizeof *refs);
	return st;
}

static st_status parse_custom(st_parser *p, st_parse_state *s) {
	st__token nt = p->tok;
	st_str name = st_str_make(nt.start, nt.len);
	const st_opdef *def = NULL;
	char buf[256];
	st__opname *on = NULL;
	bool has_dot = memchr(nt.start, '.', nt.len) != NULL;
	/* The common case, a full name: one lookup. */
	if (has_dot) {
		on = st__opname_get(p->ctx, name);
		if (on && p->mlir14)
			on = st__mlir14_redirect(p->ctx, on);
		if (!on)
			return ST_FAIL;
	} else if (p->mlir14) {
		const char *cur = st__mlir14_to_current(p->ctx, name);
		/* MLIR 14 wrote std and builtin ops without their prefix. */
		if (!cur && !has_dot && nt.len < 200) {
			snprintf(buf, sizeof buf, "std.%.*s", (int)nt.len, nt.start);
			cur = st__mlir14_to_current(p->ctx, st_str_c(buf));
		}
		if (!cur && !has_dot && nt.len < 200) {
			snprintf(buf, sizeof buf, "builtin.%.*s", (int)nt.len, nt.start);
			cur = st__mlir14_to_current(p->ctx, st_str_c(buf));
		}
		if (cur)
			name = st_str_c(cur), has_dot = true;
	}
	if (!has_dot) {
		const char *dd = p->ndefault && p->ndefault <= 64 ? p->default_dialect[p->ndefault - 1] : NULL;
		if (dd && nt.len < 200) {
			snprintf(buf, sizeof buf, "%s.%.*s", dd, (int)nt.len, nt.start);
			def = st_context_lookup_opdef(p->ctx, st_str_c(buf));
			if (def)
				name = st_str_c(def->name);
		}
		if (!def && nt.len < 200) {
			snprintf(buf, sizeof buf, "builtin.%.*s", (int)nt.len, nt.start);
			def = st_context_lookup_opdef(p->ctx, st_str_c(buf));
			if (def)
				name = st_str_c(def->name);
		}
	}
	if (!on)
		on = st__opname_get(p->ctx, name);
	if (!on)
		return ST_FAIL;
	name = st_ident_str(on->name);
	def = on->def;
	if (!def) {
		const char *dot = memchr(name.data, '.', name.len);
		if (dot && !on->dialect)
			return st__err_at(p, &nt, "Dialect '%.*s' not found for custom op '%.*s'", (int)(dot - name.data),
			                  name.data, (int)name.len, name.data);
		return st__err_at(p, &nt, "custom op '%.*s' is unknown", (int)nt.len, nt.start);
	}
	if (!def->format && !def->parse)
		return st__err_at(p, &nt, "custom op '%s' has no custom assembly form; use the generic form", def->name);
	s->name = on;
	st__lex(p);
	bool saved = p->cur_isolated;
	p->cur_isolated = (on->traits & ST_TRAIT_ISOLATED_FROM_ABOVE) != 0;
	if (p->ndefault < 64)
		p->default_dialect[p->ndefault] = def->default_dialect;
	p->ndefault++;
	st_status st = def->format ? st__format_parse(p, s, on) : def->parse(p, s);
	p->ndefault--;
	p->cur_isolated = saved;
	if (st_failed(st) && !p->failed)
		st__err_at(p, &nt, "failed to parse '%s'", def->name);
	/* Single-block regions without terminators get their block even when
	 * written `{}` (MLIR's ensureTerminator: `module {}` has a body). */
	if (st_succeeded(st) && (on->traits & ST_TRAIT_SINGLE_BLOCK) && (on->traits & ST_TRAIT_NO_TERMINATOR))
		for (size_t i = 0; i < s->regions.n; i++) {
			st_region *r = s->regions.data[i];
			if (st_region_is_empty(r)) {
				st_block *b = st_block_create(p->ctx);
				if (!b)
					return ST_FAIL;
				st_region_append_block(r, b);
			}
		}
	return st;
}

static st_status parse_op(st_parser *p, st_block *into) {
	result_names names;
	names.v = names.small;
	names.n = 0;
	names.cap = sizeof names.small / sizeof names.small[0];
	size_t nres = 0;
	st_status st = ST_OK;
	if (p->tok.kind == T_PERCENT)
		st = parse_result_list(p, &names, &nres);
	st__token nt = p->tok;
	st_parse_state s;
	state_init(&s, p, NULL, NULL, nres);
	if (st_succeeded(st)) {
		s.loc = p->source_index >= 0 ? st__packed_loc((size_t)p->source_index, nt.line, nt.col) : NULL;
		if (!s.loc)
			s.loc = st__tok_loc(p, &nt);
		if (!s.loc)
			st = ST_FAIL;
		else if (nt.kind == T_STRING)
			st = parse_generic(p, &s);
		else if (nt.kind == T_BARE)
			st = parse_custom(p, &s);
		else if (nt.kind == T_ERROR)
			st = ST_FAIL, p->failed = true;
		else
			st = st__err_at(p, &nt, "expected operation name in quotes");
	}
	if (st_succeeded(st))
		st = st_parser_optional_loc(p, &s.loc);
	st_op *op = NULL;
	if (st_succeeded(st)) {
		op = state_build(&s);
		if (!op)
			st = ST_FAIL;
	}
	if (st_succeeded(st) && names.n && nres != op->nresults)
		st = st__err_at(p, &names.v[0].tok,
		                "operation defines %u results but was provided %zu to bind", op->nresults, nres);
	if (st_succeeded(st)) {
		st_block_append_op(into, op);
		size_t k = 0;
		for (size_t i = 0; i < names.n && st_succeeded(st); i++) {
			result_name *rn = &names.v[i];
			st = define_value(p, &rn->tok, st__result(op, k), rn->count);
			k += rn->count;
		}
	} else if (op) {
		st_walk(op, ST_WALK_PRE, cut_op_uses, NULL);
		st_op_destroy(op);
	}
	state_free(&s);
	free_result_names(p, &names);
	return st;
}

/* ------------------------------------------------------------ public API */

st_context *st_parser_context(st_parser *p) { return p->ctx; }

bool st_parser_mlir14(const st_parser *p) { return p->mlir14; }

st_status st_parser_error(st_parser *p, const char *fmt, ...) {
	if (p->failed)
		return ST_FAIL;
	p->failed = true;
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(p->ctx, ST_SEV_ERROR, st__tok_loc(p, &p->tok), fmt, ap);
	va_end(ap);
	if (d)
		st_diag_emit(d);
	return ST_FAIL;
}

st_attr *st_parser_loc(st_parser *p) { return st__tok_loc(p, &p->tok); }

st_status st_parser_error_at(st_parser *p, st_attr *loc, const char *fmt, ...) {
	if (p->failed)
		return ST_FAIL;
	p->failed = true;
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(p->ctx, ST_SEV_ERROR, loc ? loc : st__tok_loc(p, &p->tok), fmt, ap);
	va_end(ap);
	if (d)
		st_diag_emit(d);
	return ST_FAIL;
}

/* Formats and hooks name punctuation by its spelling; this runs for every
 * comma and colon of a big file, so it decides on the characters instead of
 * scanning a table of strings. */
static st__tok punct_kind(const char *s) {
	st__tok k = T_ERROR;
	switch (s[0]) {
	case '(': k = T_LPAREN; break;
	case ')': k = T_RPAREN; break;
	case '[': k = T_LSQ; break;
	case ']': k = T_RSQ; break;
	case '{': k = T_LBRACE; break;
	case '}': k = T_RBRACE; break;
	case '<': k = T_LESS; break;
	case '>': k = T_GREATER; break;
	case ',': k = T_COMMA; break;
	case '=': k = T_EQUAL; break;
	case '?': k = T_QUESTION; break;
	case '*': k = T_STAR; break;
	case '+': k = T_PLUS; break;
	case '|': k = T_PIPE; break;
	case ':': return s[1] == ':' && !s[2] ? T_COLONCOLON : (assert(!s[1]), T_COLON);
	case '-': return s[1] == '>' && !s[2] ? T_ARROW : (assert(!s[1]), T_MINUS);
	case '.': assert(strcmp(s, "...") == 0); return T_ELLIPSIS;
	}
	assert(k != T_ERROR && !s[1] && "unknown punctuation");
	return k;
}

bool st_parser_peek_punct(st_parser *p, const char *punct) { return p->tok.kind == punct_kind(punct); }
bool st_parser_optional_punct(st_parser *p, const char *punct) { return accept(p, punct_kind(punct)); }
st_status st_parser_expect_punct(st_parser *p, const char *punct) {
	if (accept(p, punct_kind(punct)))
		return ST_OK;
	if (p->tok.kind == T_ERROR) {
		p->failed = true;
		return ST_FAIL;
	}
	return st__err_at(p, &p->tok, "expected '%s'", punct);
}

bool st_parser_optional_keyword(st_parser *p, const char *kw) {
	if (!st__tok_is(&p->tok, kw))
		return false;
	st__lex(p);
	return true;
}

st_status st_parser_expect_keyword(st_parser *p, const char *kw) {
	if (st_parser_optional_keyword(p, kw))
		return ST_OK;
	return st__err_at(p, &p->tok, "expected '%s'", kw);
}

bool st_parser_peek_keyword(st_parser *p, st_str *out) {
	if (p->tok.kind != T_BARE)
		return false;
	if (out)
		*out = st_str_make(p->tok.start, p->tok.len);
	return true;
}

st_status st_parser_keyword(st_parser *p, st_str *out) {
	if (p->tok.kind != T_BARE)
		return st__err_at(p, &p->tok, "expected keyword");
	*out = st_str_make(p->tok.start, p->tok.len);
	st__lex(p);
	return ST_OK;
}

st_status st_parser_type(st_parser *p, st_type **out) { return st__parse_type(p, out); }
bool st_parser_peek_type(st_parser *p) { return st__starts_type(p); }
st_status st_parser_attr(st_parser *p, st_type *type, st_attr **out) { return st__parse_attr(p, type, out); }

st_status st_parser_integer(st_parser *p, int64_t *out) {
	bool neg = accept(p, T_MINUS);
	st__token t = p->tok;
	if (t.kind != T_INT)
		return st__err_at(p, &t, "expected integer value");
	st__lex(p);
	uint64_t v = 0;
	bool hex = t.len > 2 && t.start[1] == 'x';
	for (uint32_t i = hex ? 2 : 0; i < t.len; i++) {
		unsigned d = (unsigned)(isdigit((unsigned char)t.start[i]) ? t.start[i] - '0' : (tolower((unsigned char)t.start[i]) - 'a' + 10));
		if (v > (UINT64_MAX - d) / (hex ? 16 : 10))
			return st__err_at(p, &t, "integer value too large");
		v = v * (hex ? 16 : 10) + d;
	}
	if (v > (uint64_t)INT64_MAX + (neg ? 1 : 0))
		return st__err_at(p, &t, "integer value too large");
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return ST_OK;
}

st_status st_parser_integer_of_width(st_parser *p, unsigned width, int64_t *out) {
	assert(width >= 1 && width <= 64);
	bool neg = accept(p, T_MINUS);
	st__token t = p->tok;
	if (t.kind != T_INT)
		return st__err_at(p, &t, "expected integer value");
	bool hex = t.len > 2 && t.start[1] == 'x';
	unsigned __int128 v = 0;
	for (uint32_t i = hex ? 2 : 0; i < t.len; i++) {
		unsigned d = (unsigned)(isdigit((unsigned char)t.start[i]) ? t.start[i] - '0' : (tolower((unsigned char)t.start[i]) - 'a' + 10));
		v = v * (hex ? 16 : 10) + d;
		if (v >> 65)
			return st__err_at(p, &t, "integer value too large for i%u", width);
	}
	unsigned __int128 lim = (unsigned __int128)1 << width;
	/* Unsigned: below 2^width; signed: -2^(width-1) and up. */
	if (neg ? v > lim / 2 : v >= lim)
		return st__err_at(p, &t, "integer value too large for i%u", width);
	st__lex(p);
	uint64_t bits = (uint64_t)(neg ? (unsigned __int128)0 - v : v);
	if (width < 64) {
		bits &= (1ull << width) - 1;
		if ((bits >> (width - 1)) & 1)
			bits |= ~0ull << width;
	}
	*out = (int64_t)bits;
	return ST_OK;
}

st_status st_parser_string(st_parser *p, st_str *out) {
	st__token t = p->tok;
	if (t.kind != T_STRING)
		return st__err_at(p, &t, "expected string");
	char *s;
	size_t n;
	if (st_failed(st__unescape(p, &t, &s, &n)))
		return ST_FAIL;
	/* Hand back interned memory so the caller has nothing to free. */
	st_ident *id = st_ident_get(p->ctx, st_str_make(s, n));
	st_ctx_free(p->ctx, s, t.len - 1);
	if (!id)
		return ST_FAIL;
	st__lex(p);
	*out = st_ident_str(id);
	return ST_OK;
}

st_status st_parser_symbol_name(st_parser *p, st_str *out) {
	st__token t = p->tok;
	if (t.kind != T_AT)
		return st__err_at(p, &t, "expected valid '@'-identifier for symbol name");
	if (t.start[1] == '"') {
		st__token inner = t;
		inner.start++;
		inner.len--;
		char *s;
		size_t n;
		if (st_failed(st__unescape(p, &inner, &s, &n)))
			return ST_FAIL;
		st_ident *id = st_ident_get(p->ctx, st_str_make(s, n));
		st_ctx_free(p->ctx, s, inner.len - 1);
		if (!id)
			return ST_FAIL;
		*out = st_ident_str(id);
	} else {
		*out = st_str_make(t.start + 1, t.len - 1);
	}
	st__lex(p);
	return ST_OK;
}

st_status st_parser_optional_loc(st_parser *p, st_attr **out) {
	if (!st__tok_is(&p->tok, "loc"))
		return ST_OK;
	st__lex(p);
	if (!expect(p, T_LPAREN, "'(' in inline location"))
		return ST_FAIL;
	st_attr *l;
	if (st_failed(st__parse_loc_body(p, &l)) || !expect(p, T_RPAREN, "')' in inline location"))
		return ST_FAIL;
	*out = l;
	return ST_OK;
}

/* ------------------------------------------------- deferred loc aliases */

typedef struct deferred_loc {
	st_ident *name;
	st_attr *placeholder;
	st__token tok;
	st_attr *value;
} deferred_loc;

st_attr *st__defer_loc_alias(st_parser *p, const st__token *t) {
	st_ident *name = st_ident_get(p->ctx, st_str_make(t->start, t->len));
	if (!name)
		return NULL;
	for (size_t i = 0; i < p->deferred_locs.n; i++) {
		deferred_loc *d = p->deferred_locs.data[i];
		if (d->name == name)
			return d->placeholder;
	}
	/* A name location no source can spell (it starts with DEL). */
	char buf[256];
	int n = snprintf(buf, sizeof buf, "\x7f%.*s", (int)(t->len < 200 ? t->len : 200), t->start);
	deferred_loc *d = st_ctx_alloc(p->ctx, sizeof *d);
	if (!d)
		return NULL;
	*d = (deferred_loc){name, st_loc_name(p->ctx, st_str_make(buf, (size_t)n), NULL), *t, NULL};
	if (!d->placeholder || !st__vec_push(p->ctx, &p->deferred_locs, d)) {
		st_ctx_free(p->ctx, d, sizeof *d);
		return NULL;
	}
	return d->placeholder;
}

static st_attr *resolve_loc(st_parser *p, st_attr *loc) {
	if (!loc || ((uintptr_t)loc & 1))
		return loc;
	for (size_t i = 0; i < p->deferred_locs.n; i++) {
		deferred_loc *d = p->deferred_locs.data[i];
		if (d->placeholder == loc)
			return d->value;
	}
	switch (st_attr_get_kind(loc)) {
	case ST_ATTR_LOC_NAME: {
		const st__name_loc *n = (const st__name_loc *)loc;
		st_attr *c = resolve_loc(p, n->child);
		return c == n->child ? loc : st_loc_name(p->ctx, st_ident_str(n->name), c);
	}
	case ST_ATTR_LOC_CALLSITE: {
		const st__callsite_loc *c = (const st__callsite_loc *)loc;
		st_attr *a = resolve_loc(p, c->callee), *b = resolve_loc(p, c->caller);
		return a == c->callee && b == c->caller ? loc : st_loc_callsite(p->ctx, a, b);
	}
	case ST_ATTR_LOC_FUSED: {
		const st__list_attr *f = (const st__list_attr *)loc;
		st_attr *small[16];
		if (f->n > 16)
			return loc;
		bool changed = false;
		for (size_t i = 0; i < f->n; i++) {
			small[i] = resolve_loc(p, f->elts[i]);
			changed |= small[i] != f->elts[i];
		}
		return changed ? st_loc_fused(p->ctx, f->n, small, f->meta) : loc;
	}
	default:
		return loc;
	}
}

static st_walk_result resolve_walk(st_op *op, void *ud) {
	st_parser *p = ud;
	op->rawloc = resolve_loc(p, op->rawloc);
	for (uint32_t r = 0; r < op->nregions; r++)
		for (st_block *b = st__regions(op)[r].first; b; b = b->next)
			for (uint32_t i = 0; i < b->nargs; i++)
				b->args[i]->loc = resolve_loc(p, b->args[i]->loc);
	return ST_WALK_ADVANCE;
}

static st_status resolve_deferred_locs(st_parser *p, st_block *top) {
	if (!p->deferred_locs.n)
		return ST_OK;
	for (size_t i = 0; i < p->deferred_locs.n; i++) {
		deferred_loc *d = p->deferred_locs.data[i];
		st_attr *a = st__alias_lookup(p, d->name);
		if (!a || !st_attr_is_loc(a))
			return st__err_at(p, &d->tok, "expected location, but found '%s'", st_ident_cstr(d->name));
		d->value = a;
	}
	for (st_op *o = top->first; o; o = o->next)
		st_walk(o, ST_WALK_PRE, resolve_walk, p);
	return ST_OK;
}

/* --------------------------------------------------------------- driver */

static void parser_init(st_parser *p, st_context *ctx, st_str buf, const char *filename, const st_parse_options *o) {
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	p->buf = buf.data;
	p->end = buf.data + buf.len;
	p->pos = buf.data;
	p->line_start = buf.data;
	p->line = o && o->first_line > 1 ? o->first_line : 1;
	p->filename = st_ident_get_c(ctx, filename ? filename : "<string>");
	p->mlir14 = o && o->mlir14;
	p->source_index = -1;
	if (o && o->release_consumed) {
		p->release_base = buf.data;
		p->released_to = buf.data;
	}
}

static void parser_fini(st_parser *p) {
	st__format_parser_fini(p);
	/* Any forward reference left has no uses now (its users are gone). */
	for (size_t i = 0; i < p->placeholders.n; i++) {
		st_value *v = p->placeholders.data[i];
		if (v) {
			while (v->first_use)
				st_op_set_operand(v->first_use->owner, st_use_operand_index(v->first_use), NULL);
			st_ctx_free(p->ctx, v, sizeof *v);
		}
	}
	st__vec_free(p->ctx, &p->placeholders);
	for (size_t i = 0; i < p->deferred_locs.n; i++)
		st_ctx_free(p->ctx, p->deferred_locs.data[i], sizeof(deferred_loc));
	st__vec_free(p->ctx, &p->deferred_locs);
	for (size_t i = 0; i < p->nentries; i++)
		if (p->entries[i].live) {
			st__name_entry *e = &p->entries[i];
			if (e->is_block && e->block && !e->block->parent && !e->defined) {
				while (e->block->first_use)
					st_op_set_successor(e->block->first_use->owner,
					                    (size_t)(e->block->first_use - st__succs(e->block->first_use->owner)), NULL);
				st_block_destroy(e->block);
			}
			st_ctx_free(p->ctx, e->ph, e->nph * sizeof *e->ph);
		}
	st_ctx_free(p->ctx, p->entries, p->entry_cap * sizeof *p->entries);
	st_ctx_free(p->ctx, p->buckets, p->nbuckets * sizeof *p->buckets);
	st_ctx_free(p->ctx, p->numeric, p->numeric_cap * numeric_elt(p));
	st_ctx_free(p->ctx, p->rstack, p->rstack_cap * sizeof *p->rstack);
	st_ctx_free(p->ctx, p->log, p->log_cap * sizeof *p->log);
	st__free_aliases(p);
}

/* Ops at the top level that are not a single module get wrapped in one. */
static st_op *wrap_top(st_parser *p, st_block *top) {
	st_op *first = top->first;
	if (first && first == top->last && first->name->def &&
	    strcmp(first->name->def->name, "builtin.module") == 0) {
		st_op_remove(first);
		st_block_destroy(top);
		return first;
	}
	st_op_state s = {.name = st_str_c("builtin.module"),
	                 /* As MLIR: file:0:0 (unknown when the name could not be allocated). */
	                 .loc = p->filename ? st_loc_file(p->ctx, st_ident_str(p->filename), 0, 0) : st_loc_unknown(p->ctx),
	                 .nregions = 1};
	st_op *m = st_op_create(p->ctx, &s);
	if (!m) {
		st_block_destroy(top);
		return NULL;
	}
	st_region_append_block(st_op_region(m, 0), top);
	return m;
}

st_op *st_parse_source(st_context *ctx, st_str buffer, const char *filename, const st_parse_options *opts) {
	st_parser p;
	parser_init(&p, ctx, buffer, filename, opts);
	/* No filename identifier means its allocation failed (reported). */
	if ((!opts || !opts->no_register_source) && p.filename)
		st_context_add_source(ctx, st_ident_str(p.filename), buffer);
	p.source_index = p.filename ? st__source_index(ctx, p.filename) : -1;
	st_block *top = st_block_create(ctx);
	/* The top level is the outermost scope: region NULL. */
	if (top && st_ctx_grow(ctx, (void **)&p.rstack, &p.rstack_cap, NULL, sizeof *p.rstack, 1)) {
		p.rstack[0] = NULL;
		p.nrstack = 1;
	} else if (top) {
		st_block_destroy(top);
		top = NULL;
	}
	if (!top) {
		parser_fini(&p);
		return NULL;
	}
	st__lex(&p);
	st_status s = ST_OK;
	p.scope = 0;
	while (st_succeeded(s) && p.tok.kind != T_EOF) {
		if (p.tok.kind == T_HASH || p.tok.kind == T_BANG) {
			s = st__parse_alias_def(&p);
		} else if (p.tok.kind == T_META_BEGIN) {
			while (p.tok.kind != T_META_END && p.tok.kind != T_EOF && p.tok.kind != T_ERROR)
				st__lex(&p);
			if (!expect(&p, T_META_END, "'#-}' to end file metadata"))
				s = ST_FAIL;
		} else if (p.tok.kind == T_ERROR) {
			p.failed = true;
			s = ST_FAIL;
		} else {
			s = parse_op(&p, top);
		}
	}
	st_status ps = pop_names(&p, 0, true, true);
	if (st_succeeded(s))
		s = ps;
	if (st_succeeded(s))
		s = resolve_deferred_locs(&p, top);
	if (st_failed(s) || p.failed || ctx->oom) {
		st_block_destroy(top);
		parser_fini(&p);
		return NULL;
	}
	parser_fini(&p);
	return wrap_top(&p, top);
}

static bool parse_fragment_begin(st_parser *p, st_context *ctx, st_str text) {
	parser_init(p, ctx, text, "<string>", NULL);
	st__lex(p);
	return true;
}

st_type *st_parse_type_str(st_context *ctx, st_str text) {
	st_parser p;
	parse_fragment_begin(&p, ctx, text);
	st_type *t = NULL;
	if (st_failed(st__parse_type(&p, &t)))
		t = NULL;
	else if (p.tok.kind != T_EOF) {
		st__err_at(&p, &p.tok, "unexpected text after type");
		t = NULL;
	}
	parser_fini(&p);
	return t;
}

st_attr *st_parse_attr_str(st_context *ctx, st_str text) {
	st_parser p;
	parse_fragment_begin(&p, ctx, text);
	st_attr *a = NULL;
	if (st_failed(st__parse_attr(&p, NULL, &a)))
		a = NULL;
	else if (p.tok.kind != T_EOF) {
		st__err_at(&p, &p.tok, "unexpected text after attribute");
		a = NULL;
	}
	parser_fini(&p);
	return a;
}
