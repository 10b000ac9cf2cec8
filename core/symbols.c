/* Symbol tables: ops with the SymbolTable trait hold symbols (ops with a
 * `sym_name` string attribute) in their single-block region. */
#include "internal.h"

#include <stdio.h>

st_ident *st_symbol_name(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "sym_name");
	if (!a || st_attr_get_kind(a) != ST_ATTR_STRING)
		return NULL;
	return ((const st__string_attr *)a)->str;
}

static st_op *cached_lookup(st_op *table, st_str name, bool *cached);

st_op *st_symbol_lookup(st_op *table, st_str name) {
	if (table->nregions == 0)
		return NULL;
	bool cached;
	st_op *hit = cached_lookup(table, name, &cached);
	if (cached)
		return hit;
	st_ident *id = st_ident_get(table->name->ctx, name);
	for (st_block *b = st__regions(table)[0].first; b; b = b->next)
		for (st_op *o = b->first; o; o = o->next)
			if (st_symbol_name(o) == id)
				return o;
	return NULL;
}

st_op *st_symbol_table_of(st_op *op) {
	for (st_op *p = st_op_parent_op(op); p; p = st_op_parent_op(p))
		if (st_op_has_trait(p, ST_TRAIT_SYMBOL_TABLE) || (!p->name->def && p->nregions == 1 && !st_op_parent_op(p)))
			return p;
	return NULL;
}

/* As MLIR's lookupNearestSymbolFrom: the reference is resolved in the
 * nearest symbol table only (`from` itself when it is one).  A symbol of an
 * enclosing table further out is not visible: falling back to it would
 * accept IR that mlir-opt rejects. */
st_op *st_symbol_lookup_nearest(st_op *from, const st_attr *ref) {
	st_op *table = st_op_has_trait(from, ST_TRAIT_SYMBOL_TABLE) ? from : st_symbol_table_of(from);
	if (!table)
		return NULL;
	st_op *s = st_symbol_lookup(table, st_ident_str(st_attr_symbol_root(ref)));
	for (size_t i = 0; s && i < st_attr_symbol_num_nested(ref); i++) {
		if (!st_op_has_trait(s, ST_TRAIT_SYMBOL_TABLE) && !(s->nregions == 1 && !s->name->def))
			return NULL;
		s = st_symbol_lookup(s, st_ident_str(st_attr_symbol_nested(ref, i)));
	}
	return s;
}

/* ------------------------------------------------------ cached tables */

struct st_symbol_table {
	st_op *op;
	st_context *ctx;
	st_ident **names;
	st_op **ops;
	size_t cap, count;
	unsigned uniquing_counter;
};

static size_t sym_slot(const st_symbol_table *t, const st_ident *id) {
	size_t j = id->hash & (t->cap - 1);
	while (t->names[j] && t->names[j] != id)
		j = (j + 1) & (t->cap - 1);
	return j;
}

static bool sym_grow(st_symbol_table *t) {
	size_t ocap = t->cap;
	st_ident **on = t->names;
	st_op **oo = t->ops;
	size_t ncap = ocap ? ocap * 2 : 32;
	t->names = st_ctx_alloc(t->ctx, ncap * sizeof *t->names);
	t->ops = st_ctx_alloc(t->ctx, ncap * sizeof *t->ops);
	if (!t->names || !t->ops) {
		st_ctx_free(t->ctx, t->names, ncap * sizeof *t->names);
		st_ctx_free(t->ctx, t->ops, ncap * sizeof *t->ops);
		t->names = on;
		t->ops = oo;
		return false;
	}
	memset(t->names, 0, ncap * sizeof *t->names);
	t->cap = ncap;
	t->count = 0;
	for (size_t i = 0; i < ocap; i++)
		if (on[i] && oo[i]) {
			size_t j = sym_slot(t, on[i]);
			t->names[j] = on[i];
			t->ops[j] = oo[i];
			t->count++;
		}
	st_ctx_free(t->ctx, on, ocap * sizeof *on);
	st_ctx_free(t->ctx, oo, ocap * sizeof *oo);
	return true;
}

static bool sym_put(st_symbol_table *t, st_ident *id, st_op *op) {
	if ((t->count + 1) * 2 > t->cap && !sym_grow(t))
		return false;
	size_t j = sym_slot(t, id);
	if (!t->names[j])
		t->count++;
	t->names[j] = id;
	t->ops[j] = op;
	return true;
}

st_symbol_table *st_symbol_table_create(st_op *table_op) {
	st_context *ctx = table_op->name->ctx;
	st_symbol_table *t = st_ctx_alloc(ctx, sizeof *t);
	if (!t)
		return NULL;
	memset(t, 0, sizeof *t);
	t->op = table_op;
	t->ctx = ctx;
	if (table_op->nregions)
		for (st_block *b = st__regions(table_op)[0].first; b; b = b->next)
			for (st_op *o = b->first; o; o = o->next) {
				st_ident *id = st_symbol_name(o);
				if (id && !st_symbol_table_lookup(t, st_ident_str(id)) && !sym_put(t, id, o)) {
					st_symbol_table_destroy(t);
					return NULL;
				}
			}
	return t;
}

void st_symbol_table_destroy(st_symbol_table *t) {
	if (!t)
		return;
	st_ctx_free(t->ctx, t->names, t->cap * sizeof *t->names);
	st_ctx_free(t->ctx, t->ops, t->cap * sizeof *t->ops);
	st_ctx_free(t->ctx, t, sizeof *t);
}

st_op *st_symbol_table_lookup(const st_symbol_table *t, st_str name) {
	if (!t->cap)
		return NULL;
	st_ident *id = st_ident_get(t->ctx, name);
	if (!id)
		return NULL;
	size_t j = sym_slot(t, id);
	return t->names[j] ? t->ops[j] : NULL;
}

/* MLIR's uniquing: name_0, name_1, ... until free (any length of name). */
static st_ident *unique_name(st_symbol_table *t, st_ident *name) {
	size_t cap = name->len + 16;
	char *buf = st_ctx_alloc(t->ctx, cap);
	if (!buf)
		return NULL;
	st_ident *fresh;
	do {
		int n = snprintf(buf, cap, "%s_%u", name->data, t->uniquing_counter++);
		fresh = st_ident_get(t->ctx, st_str_make(buf, (size_t)n));
	} while (fresh && st_symbol_table_lookup(t, st_ident_str(fresh)));
	st_ctx_free(t->ctx, buf, cap);
	return fresh;
}

/* The name is settled (and recorded) before the op goes into the body, so
 * that a failure leaves a detached op detached and its caller owning it. */
st_ident *st_symbol_table_insert(st_symbol_table *t, st_op *sym) {
	st_ident *name = st_symbol_name(sym);
	if (!name)
		return NULL;
	st_op *other = st_symbol_table_lookup(t, st_ident_str(name));
	if (other && other != sym) {
		st_ident *fresh = unique_name(t, name);
		st_attr *attr = fresh ? st_string_attr(t->ctx, st_ident_str(fresh)) : NULL;
		if (!attr)
			return NULL;
		st_op_set_attr(sym, "sym_name", attr);
		if (st_symbol_name(sym) != fresh)
			return NULL; /* the attribute dictionary could not be built */
		name = fresh;
	}
	if (!sym_put(t, name, sym))
		return NULL;
	if (!sym->block && t->op->nregions && st__regions(t->op)[0].first) {
		st_block *body = st__regions(t->op)[0].first;
		/* Keep a terminator last, if the body has one. */
		st_op *term = st_block_terminator(body);
		st_block_insert_op_before(body, term && st_op_is_registered(term) ? term : NULL, sym);
	}
	return name;
}

/* As MLIR's SymbolTable::remove, the op also leaves the table's body (but
 * is not destroyed): a symbol still in the body under a name the table
 * calls free would let the next insertion create a duplicate. */
void st_symbol_table_remove(st_symbol_table *t, st_op *sym) {
	st_ident *name = st_symbol_name(sym);
	if (name && t->cap) {
		size_t j = sym_slot(t, name);
		if (t->names[j] && t->ops[j] == sym)
			t->ops[j] = NULL; /* a tombstone: the name stays, mapping to nothing */
	}
	if (sym->block && st_block_parent_op(sym->block) == t->op)
		st_op_remove(sym);
}

/* -------------------------------------------------------- lookup cache */

/* Verifying a module of N functions that call each other would scan the
 * module N times; during read-only phases lookups use one hash table per
 * symbol-table op instead.  IR must not change while the cache is on. */
void st__symcache_begin(st_context *ctx) { ctx->symcache_depth++; }

void st__symcache_end(st_context *ctx) {
	assert(ctx->symcache_depth > 0);
	if (--ctx->symcache_depth)
		return;
	for (size_t i = 0; i < ctx->symcache_n; i++)
		st_symbol_table_destroy(ctx->symcache_tables[i]);
	st_ctx_free(ctx, ctx->symcache_ops, ctx->symcache_cap * sizeof *ctx->symcache_ops);
	st_ctx_free(ctx, ctx->symcache_tables, ctx->symcache_cap * sizeof *ctx->symcache_tables);
	ctx->symcache_ops = NULL;
	ctx->symcache_tables = NULL;
	ctx->symcache_n = ctx->symcache_cap = 0;
}

static st_op *cached_lookup(st_op *table, st_str name, bool *cached) {
	st_context *ctx = table->name->ctx;
	*cached = false;
	if (!ctx->symcache_depth)
		return NULL;
	/* Few symbol tables are live at once (a module, maybe nested ones): a
	 * linear search of the table ops is fine. */
	for (size_t i = 0; i < ctx->symcache_n; i++)
		if (ctx->symcache_ops[i] == table) {
			*cached = true;
			return st_symbol_table_lookup(ctx->symcache_tables[i], name);
		}
	if (ctx->symcache_n == ctx->symcache_cap) {
		size_t nc = ctx->symcache_cap ? ctx->symcache_cap * 2 : 4;
		st_op **no = st_ctx_alloc(ctx, nc * sizeof *no);
		st_symbol_table **nt = st_ctx_alloc(ctx, nc * sizeof *nt);
		if (!no || !nt) {
			st_ctx_free(ctx, no, nc * sizeof *no);
			st_ctx_free(ctx, nt, nc * sizeof *nt);
			return NULL;
		}
		/* memcpy from NULL is undefined even for 0 bytes (UBSan aborts). */
		if (ctx->symcache_n) {
			memcpy(no, ctx->symcache_ops, ctx->symcache_n * sizeof *no);
			memcpy(nt, ctx->symcache_tables, ctx->symcache_n * sizeof *nt);
		}
		st_ctx_free(ctx, ctx->symcache_ops, ctx->symcache_cap * sizeof *no);
		st_ctx_free(ctx, ctx->symcache_tables, ctx->symcache_cap * sizeof *nt);
		ctx->symcache_ops = no;
		ctx->symcache_tables = nt;
		ctx->symcache_cap = nc;
	}
	st_symbol_table *t = st_symbol_table_create(table);
	if (!t)
		return NULL;
	ctx->symcache_ops[ctx->symcache_n] = table;
	ctx->symcache_tables[ctx->symcache_n++] = t;
	*cached = true;
	return st_symbol_table_lookup(t, name);
}

/* ------------------------------------------------------------- renaming */

typedef struct rename_ctx {
	st_context *ctx;
	st_op *table;
	st_ident *old;
	st_ident *fresh;
	bool failed; /* an allocation failed: some reference kept the old name */
} rename_ctx;

static st_attr *rename_in_attr(rename_ctx *rc, st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_SYMBOL_REF: {
		if (st_attr_symbol_root(a) != rc->old)
			return a;
		size_t n = st_attr_symbol_num_nested(a);
		st_str small[16];
		st_str *nested = n <= 16 ? small : st_ctx_alloc(rc->ctx, n * sizeof *nested);
		if (!nested) {
			rc->failed = true;
			return a;
		}
		for (size_t i = 0; i < n; i++)
			nested[i] = st_ident_str(st_attr_symbol_nested(a, i));
		st_attr *r = st_symbol_ref_attr(rc->ctx, st_ident_str(rc->fresh), n, nested);
		if (nested != small)
			st_ctx_free(rc->ctx, nested, n * sizeof *nested);
		rc->failed |= !r;
		return r ? r : a;
	}
	case ST_ATTR_ARRAY: {
		size_t n = st_attr_array_size(a);
		bool changed = false;
		st_attr **e = st_ctx_alloc(rc->ctx, (n ? n : 1) * sizeof *e);
		if (!e) {
			rc->failed = true;
			return a;
		}
		for (size_t i = 0; i < n; i++) {
			e[i] = rename_in_attr(rc, st_attr_array_elt(a, i));
			changed |= e[i] != st_attr_array_elt(a, i);
		}
		st_attr *r = changed ? st_array_attr(rc->ctx, n, e) : a;
		st_ctx_free(rc->ctx, e, (n ? n : 1) * sizeof *e);
		rc->failed |= !r;
		return r ? r : a;
	}
	case ST_ATTR_DICTIONARY: {
		size_t n = st_attr_dict_size(a);
		bool changed = false;
		st_named_attr *e = st_ctx_alloc(rc->ctx, (n ? n : 1) * sizeof *e);
		if (!e) {
			rc->failed = true;
			return a;
		}
		for (size_t i = 0; i < n; i++) {
			e[i] = st_attr_dict_entry(a, i);
			st_attr *v = rename_in_attr(rc, e[i].value);
			changed |= v != e[i].value;
			e[i].value = v;
		}
		st_attr *r = changed ? st_dict_attr(rc->ctx, n, e) : a;
		st_ctx_free(rc->ctx, e, (n ? n : 1) * sizeof *e);
		rc->failed |= !r;
		return r ? r : a;
	}
	default:
		return a;
	}
}

/* A nested symbol table's own attributes are resolved in the enclosing
 * table, so they are renamed; its body resolves names in the nested table
 * (where the old name may be another symbol), so it is skipped. */
static st_walk_result rename_walk(st_op *op, void *ud) {
	rename_ctx *rc = ud;
	st_attr *d = rename_in_attr(rc, op->attrs);
	if (d != op->attrs)
		op->attrs = d;
	if (op != rc->table && st_op_has_trait(op, ST_TRAIT_SYMBOL_TABLE))
		return ST_WALK_SKIP;
	return ST_WALK_ADVANCE;
}

st_status st_symbol_rename(st_op *sym, st_str new_name) {
	st_context *ctx = sym->name->ctx;
	st_ident *old = st_symbol_name(sym);
	if (!old)
		return st_op_error(sym, "is not a symbol");
	st_ident *fresh = st_ident_get(ctx, new_name);
	st_attr *nameattr = st_string_attr(ctx, new_name);
	if (!fresh || !nameattr)
		return ST_FAIL;
	if (fresh == old)
		return ST_OK;
	st_op *table = st_symbol_table_of(sym);
	if (table && st_symbol_lookup(table, new_name))
		return st_op_error(sym, "cannot rename to '%.*s': the name is taken", (int)new_name.len, new_name.data);
	rename_ctx rc = {ctx, table, old, fresh, false};
	if (table)
		st_walk(table, ST_WALK_PRE, rename_walk, &rc);
	st_op_set_attr(sym, "sym_name", nameattr);
	/* Out of memory (reported already): some references may be stale. */
	return rc.failed || st_symbol_name(sym) != fresh ? ST_FAIL : ST_OK;
}
