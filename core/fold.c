/* Folding: constant values of constant-like ops, calling fold hooks with
 * the constant operands, and the folder the greedy driver uses (MLIR 14's
 * OperationFolder).  The folder materialises the constants results fold to
 * at the start of the entry block of the nearest enclosing region whose op
 * is isolated from above (so constants leave loops and gather at the top of
 * a function), keeps one per (dialect, value, type) there, and never folds
 * a constant it made itself.  MLIR 14 re-creates every constant the input
 * already had the same way, which is what gives its output its order. */
#include "rewrite_internal.h"

/* ------------------------------------------------------------- constants */

st_attr *st_op_constant_value(const st_op *op) {
	/* Constants take no operands: most ops are rejected before the
	 * interface lookup. */
	if (op->noperands || op->nresults != 1)
		return NULL;
	const st_constant_like_iface *c = st_op_interface(op, ST_IFACE_CONSTANT_LIKE);
	if (c)
		return c->value(op);
	if (!st_op_has_trait(op, ST_TRAIT_CONSTANT_LIKE))
		return NULL;
	st_fold_result r = {0};
	if (!st__op_fold_hook((st_op *)op, NULL, &r))
		return NULL;
	return r.attr;
}

st_attr *st_value_constant(const st_value *v) {
	st_op *d = st_value_defining_op(v);
	return d ? st_op_constant_value(d) : NULL;
}

void st__constant_operands(const st_op *op, st_attr **consts) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		consts[i] = v ? st_value_constant(v) : NULL;
	}
}

bool st__op_fold_hook(st_op *op, st_attr *const *consts, st_fold_result *results) {
	const st_opdef *def = st_op_def(op);
	if (!def || !def->fold)
		return false;
	memset(results, 0, st_op_num_results(op) * sizeof *results);
	return def->fold(op, consts, results);
}

bool st__move_constants_last(st_op *op) {
	size_t n = st_op_num_operands(op);
	if (n < 2 || !st_op_has_trait(op, ST_TRAIT_COMMUTATIVE))
		return false;
	/* Nothing moves unless a constant comes before a non-constant. */
	bool seen_const = false, moved = false;
	for (size_t i = 0; i < n && !moved; i++) {
		bool c = st_value_constant(st_op_operand(op, i)) != NULL;
		moved = seen_const && !c;
		seen_const |= c;
	}
	if (!moved)
		return false;
	st_value *small[8];
	st_value **vals = n <= 8 ? small : st_ctx_alloc(st_op_context(op), n * sizeof *vals);
	if (!vals)
		return false;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!st_value_constant(st_op_operand(op, i)))
			vals[k++] = st_op_operand(op, i);
	for (size_t i = 0; i < n; i++)
		if (st_value_constant(st_op_operand(op, i)))
			vals[k++] = st_op_operand(op, i);
	for (size_t i = 0; i < n; i++)
		st_op_set_operand(op, i, vals[i]);
	if (vals != small)
		st_ctx_free(st_op_context(op), vals, n * sizeof *vals);
	return true;
}

bool st_op_try_fold(st_op *op, st_fold_result *results, bool *in_place) {
	size_t n = st_op_num_operands(op), nr = st_op_num_results(op);
	st_context *ctx = st_op_context(op);
	st_attr *small[8];
	st_attr **consts = n <= 8 ? small : st_ctx_alloc(ctx, n * sizeof *consts);
	if (!consts)
		return false;
	st__constant_operands(op, consts);
	bool ok = st__op_fold_hook(op, consts, results);
	if (consts != small)
		st_ctx_free(ctx, consts, n * sizeof *consts);
	if (!ok)
		return false;
	bool empty = true;
	for (size_t i = 0; i < nr; i++)
		empty = empty && !results[i].attr && !results[i].value;
	if (in_place)
		*in_place = empty;
	return true;
}

/* ---------------------------------------------------------------- folder */

/* One uniqued constant: (region, dialect, value, type) -> op. */
typedef struct centry {
	st_region *region;
	st_dialect *dialect;
	st_attr *value;
	st_type *type;
	st_op *op; /* NULL: empty or (with region set) deleted */
} centry;

/* The dialects whose entries name a folder-owned constant (MLIR's
 * referencedDialects); a constant another dialect made can stand for two. */
typedef struct owned {
	st_region *region;
	st_attr *value;
	st_type *type;
	st_dialect *dialects[4];
	size_t n;
} owned;

struct st__folder {
	st_context *ctx;
	centry *tab;
	size_t cap, used;
	st__ptrmap owned_idx; /* op -> index + 1 in `owned` */
	owned *own;
	size_t nown, owncap;
};

st__folder *st__folder_create(st_context *ctx) {
	st__folder *f = st_ctx_alloc(ctx, sizeof *f);
	if (!f)
		return NULL;
	memset(f, 0, sizeof *f);
	f->ctx = ctx;
	st__ptrmap_init(&f->owned_idx, ctx);
	return f;
}

void st__folder_destroy(st__folder *f) {
	if (!f)
		return;
	st_ctx_free(f->ctx, f->tab, f->cap * sizeof *f->tab);
	st_ctx_free(f->ctx, f->own, f->owncap * sizeof *f->own);
	st__ptrmap_free(&f->owned_idx);
	st_ctx_free(f->ctx, f, sizeof *f);
}

static size_t key_hash(const st_region *r, const st_dialect *d, const st_attr *v, const st_type *t) {
	uint64_t h = (uintptr_t)r * 0x9e3779b97f4a7c15ull;
	h ^= (uintptr_t)d + (h << 6) + (h >> 2);
	h ^= (uintptr_t)v * 0xff51afd7ed558ccdull + (h << 6) + (h >> 2);
	h ^= (uintptr_t)t + (h << 6) + (h >> 2);
	h ^= h >> 31;
	return (size_t)h;
}

static centry *lookup(st__folder *f, st_region *r, st_dialect *d, st_attr *v, st_type *t, bool for_insert) {
	if (!f->cap)
		return NULL;
	size_t j = key_hash(r, d, v, t) & (f->cap - 1);
	centry *tomb = NULL;
	for (;;) {
		centry *e = &f->tab[j];
		if (!e->region) /* empty */
			return for_insert ? (tomb ? tomb : e) : NULL;
		if (!e->op) {
			if (!tomb)
				tomb = e;
		} else if (e->region == r && e->dialect == d && e->value == v && e->type == t)
			return e;
		j = (j + 1) & (f->cap - 1);
	}
}

static bool table_put(st__folder *f, st_region *r, st_dialect *d, st_attr *v, st_type *t, st_op *op) {
	centry *e = lookup(f, r, d, v, t, false);
	if (e) {
		e->op = op;
		return true;
	}
	if ((f->used + 1) * 2 > f->cap) {
		size_t ncap = f->cap ? f->cap * 2 : 64;
		centry *old = f->tab;
		size_t ocap = f->cap;
		centry *nt = st_ctx_alloc(f->ctx, ncap * sizeof *nt);
		if (!nt)
			return false;
		memset(nt, 0, ncap * sizeof *nt);
		f->tab = nt;
		f->cap = ncap;
		f->used = 0;
		for (size_t i = 0; i < ocap; i++)
			if (old[i].op) {
				centry *ne = lookup(f, old[i].region, old[i].dialect, old[i].value, old[i].type, true);
				*ne = old[i];
				f->used++;
			}
		st_ctx_free(f->ctx, old, ocap * sizeof *old);
	}
	e = lookup(f, r, d, v, t, true);
	if (!e->region)
		f->used++;
	*e = (centry){r, d, v, t, op};
	return true;
}

static owned *owned_of(const st__folder *f, const st_op *op) {
	uintptr_t i;
	return st__ptrmap_get(&f->owned_idx, op, &i) ? &f->own[i - 1] : NULL;
}

bool st__folder_owns(const st__folder *f, const st_op *op) { return owned_of(f, op) != NULL; }

static bool own(st__folder *f, st_op *op, st_region *r, st_attr *v, st_type *t, st_dialect *d) {
	owned *o = owned_of(f, op);
	if (!o) {
		if (!st_ctx_grow(f->ctx, (void **)&f->own, &f->owncap, NULL, sizeof *f->own, f->nown + 1) ||
		    !st__ptrmap_put(&f->owned_idx, op, f->nown + 1))
			return false;
		o = &f->own[f->nown++];
		*o = (owned){.region = r, .value = v, .type = t};
	}
	if (o->n < sizeof o->dialects / sizeof o->dialects[0])
		o->dialects[o->n++] = d;
	return true;
}

void st__folder_notify_removal(st__folder *f, st_op *op) {
	owned *o = owned_of(f, op);
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++) {
		centry *e = lookup(f, o->region, o->dialects[i], o->value, o->type, false);
		if (e && e->op == op)
			e->op = NULL; /* a tombstone: region stays set */
	}
	o->n = 0;
	st__ptrmap_remove(&f->owned_idx, op);
}

/* MLIR's getInsertionRegion: walk up to a region whose op is isolated from
 * above, unregistered (it might be) or not in a block (the top). */
static st_region *insertion_region(st_block *b) {
	while (b) {
		st_region *r = st_block_parent_region(b);
		if (!r)
			return NULL;
		st_op *p = st_region_parent_op(r);
		if (!p || !st_op_is_registered(p) || st_op_has_trait(p, ST_TRAIT_ISOLATED_FROM_ABOVE) || !st_op_block(p))
			return r;
		b = st_op_block(p);
	}
	return NULL;
}

/* MLIR's tryGetOrCreateConstant: new constants go before `anchor` in the
 * region's entry block (NULL: at its end). */
/* `loc`, or when NULL the location of `loc_of`: asked for only when a
 * constant is made (a location from the parser is interned on demand). */
static st_op *get_or_create(st__folder *f, st_region *r, st_op *anchor, st_dialect *d, st_attr *v, st_type *t,
                            st_attr *loc, const st_op *loc_of) {
	centry *e = lookup(f, r, d, v, t, false);
	if (e)
		return e->op;
	const st_dialect_def *def = d ? st_dialect_get_def(d) : NULL;
	if (!def || !def->materialize_constant)
		return NULL;
	if (!loc && loc_of)
		loc = st_op_loc(loc_of);
	st_op *c = def->materialize_constant(f->ctx, v, t, loc);
	if (!c)
		return NULL;
	assert(st_op_constant_value(c) && "materialize_constant made an op that is not constant-like");
	st_block_insert_op_before(st_region_first_block(r), anchor, c);
	st_dialect *nd = st_op_dialect(c);
	if (nd == d) {
		if (!own(f, c, r, v, t, d) || !table_put(f, r, d, v, t, c))
			goto oom;
		return c;
	}
	centry *existing = lookup(f, r, nd, v, t, false);
	if (existing) {
		st_op *x = existing->op;
		st_op_erase(c);
		if (!own(f, x, r, v, t, d) || !table_put(f, r, d, v, t, x))
			return NULL;
		return x;
	}
	if (!own(f, c, r, v, t, d) || !own(f, c, r, v, t, nd) || !table_put(f, r, d, v, t, c) ||
	    !table_put(f, r, nd, v, t, c))
		goto oom;
	return c;
oom:
	st__folder_notify_removal(f, c);
	st_op_erase(c);
	return NULL;
}

st_value *st__folder_get_constant(st__folder *f, st_block *at, st_dialect *dialect, st_attr *value, st_type *type,
                                  st_attr *loc) {
	st_region *r = insertion_region(at);
	if (!r)
		return NULL;
	st_op *c = get_or_create(f, r, st_block_first_op(st_region_first_block(r)), dialect, value, type, loc, NULL);
	return c ? st_op_result(c, 0) : NULL;
}

/* Materialises `res` (attributes become constants) into `vals`; false when
 * a constant cannot be made or a value has the wrong type. */
static bool materialize(st__folder *f, st_op *op, st_fold_result *res, st_value **vals, st_region *r,
                        st_op *anchor) {
	st_block *entry = st_region_first_block(r), *opb = st_op_block(op);
	for (size_t i = 0; i < st_op_num_results(op); i++) {
		st_type *t = st_value_type(st_op_result(op, i));
		if (res[i].value) {
			if (st_value_type(res[i].value) != t)
				return false;
			vals[i] = res[i].value;
			continue;
		}
		if (!res[i].attr)
			return false;
		st_op *c = get_or_create(f, r, anchor, st_op_dialect(op), res[i].attr, t, NULL, op);
		if (!c)
			return false;
		/* It must dominate `op`, which may sit above it in the entry block. */
		if (opb == st_op_block(c) && st_block_first_op(opb) != c)
			st_op_move_before(c, st_block_first_op(opb));
		vals[i] = st_op_result(c, 0);
	}
	(void)entry;
	return true;
}

bool st__folder_try_fold(st__folder *f, st_op *op, const st__fold_hooks *hooks, bool *in_place) {
	*in_place = false;
	if (st__folder_owns(f, op))
		return false;
	st_context *ctx = f->ctx;
	size_t n = st_op_num_operands(op), nr = st_op_num_results(op);
	st__move_constants_last(op);
	size_t bytes = n * sizeof(st_attr *) + nr * (sizeof(st_fold_result) + sizeof(st_value *));
	char small[256];
	char *mem = bytes <= sizeof small ? small : st_ctx_alloc(ctx, bytes);
	if (!mem)
		return false;
	st_attr **consts = (st_attr **)mem;
	st_fold_result *res = (st_fold_result *)(mem + n * sizeof(st_attr *));
	st_value **vals = (st_value **)(res + nr);
	st__constant_operands(op, consts);
	bool ok = st__op_fold_hook(op, consts, res);
	bool empty = true;
	for (size_t i = 0; ok && i < nr; i++)
		empty = empty && !res[i].attr && !res[i].value;
	if (ok && empty) {
		*in_place = true;
	} else if (ok) {
		st_region *r = insertion_region(st_op_block(op));
		st_block *entry = r ? st_region_first_block(r) : NULL;
		st_op *anchor = entry ? st_block_first_op(entry) : NULL;
		ok = r && materialize(f, op, res, vals, r, anchor);
		if (!ok && entry) {
			/* Drop the constants this attempt made (MLIR does the same). */
			for (st_op *c = st_block_first_op(entry), *nx; c && c != anchor; c = nx) {
				nx = st_op_next(c);
				if (st__folder_owns(f, c) && st_op_results_unused(c)) {
					st__folder_notify_removal(f, c);
					st_op_erase(c);
				}
			}
		}
		if (ok) {
			for (st_op *c = st_block_first_op(entry); c && c != anchor; c = st_op_next(c))
				if (hooks && hooks->generated)
					hooks->generated(hooks->ud, c);
			if (hooks && hooks->pre_replace)
				hooks->pre_replace(hooks->ud, op);
			for (size_t i = 0; i < nr; i++)
				st_value_replace_all_uses(st_op_result(op, i), vals[i]);
			st__folder_notify_removal(f, op);
			st_op_erase(op);
		}
	}
	if (mem != small)
		st_ctx_free(ctx, mem, bytes);
	return ok;
}
