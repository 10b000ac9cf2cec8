/* The legality side of dialect conversion: which ops a conversion target
 * accepts, by op name, by dialect, dynamically, or through a callback for
 * the ops it does not mention. */
#include "rewrite_internal.h"
#include "strata/conversion.h"

typedef struct rule {
	st_legality kind; /* LEGAL, ILLEGAL, or UNKNOWN meaning "ask fn" */
	st_legality_fn fn;
	void *ud;
	bool recursive;
} rule;

struct st_conversion_target {
	st_context *ctx;
	st__ptrmap ops;      /* op name ident -> index + 1 in rules */
	st__ptrmap dialects; /* dialect name ident -> index + 1 in rules */
	rule *rules;
	size_t n, cap;
	st_legality_fn unknown_fn;
	void *unknown_ud;
};

st_conversion_target *st_conversion_target_create(st_context *ctx) {
	st_conversion_target *t = st_ctx_alloc(ctx, sizeof *t);
	if (!t)
		return NULL;
	memset(t, 0, sizeof *t);
	t->ctx = ctx;
	st__ptrmap_init(&t->ops, ctx);
	st__ptrmap_init(&t->dialects, ctx);
	return t;
}

void st_conversion_target_destroy(st_conversion_target *t) {
	if (!t)
		return;
	st__ptrmap_free(&t->ops);
	st__ptrmap_free(&t->dialects);
	st_ctx_free(t->ctx, t->rules, t->cap * sizeof *t->rules);
	st_ctx_free(t->ctx, t, sizeof *t);
}

/* The rule for `name` in `map`, created (as `kind`) or overwritten. */
static rule *set_rule(st_conversion_target *t, st__ptrmap *map, const char *name, st_legality kind, st_legality_fn fn,
                      void *ud) {
	st_ident *id = st_ident_get_c(t->ctx, name);
	if (!id)
		return NULL;
	uintptr_t i;
	if (!st__ptrmap_get(map, id, &i)) {
		if (!st_ctx_grow(t->ctx, (void **)&t->rules, &t->cap, NULL, sizeof *t->rules, t->n + 1) ||
		    !st__ptrmap_put(map, id, t->n + 1))
			return NULL;
		i = ++t->n;
		t->rules[i - 1].recursive = false;
	}
	rule *r = &t->rules[i - 1];
	r->kind = kind;
	r->fn = fn;
	r->ud = ud;
	return r;
}

static st_status set(st_conversion_target *t, st__ptrmap *map, const char *name, st_legality kind, st_legality_fn fn,
                     void *ud) {
	return set_rule(t, map, name, kind, fn, ud) ? ST_OK : ST_FAIL;
}

st_status st_target_add_legal_op(st_conversion_target *t, const char *name) {
	return set(t, &t->ops, name, ST_LEGALITY_LEGAL, NULL, NULL);
}
st_status st_target_add_illegal_op(st_conversion_target *t, const char *name) {
	return set(t, &t->ops, name, ST_LEGALITY_ILLEGAL, NULL, NULL);
}
st_status st_target_add_dynamic_op(st_conversion_target *t, const char *name, st_legality_fn fn, void *ud) {
	return set(t, &t->ops, name, ST_LEGALITY_UNKNOWN, fn, ud);
}
st_status st_target_add_legal_dialect(st_conversion_target *t, const char *dialect) {
	return set(t, &t->dialects, dialect, ST_LEGALITY_LEGAL, NULL, NULL);
}
st_status st_target_add_illegal_dialect(st_conversion_target *t, const char *dialect) {
	return set(t, &t->dialects, dialect, ST_LEGALITY_ILLEGAL, NULL, NULL);
}
st_status st_target_add_dynamic_dialect(st_conversion_target *t, const char *dialect, st_legality_fn fn, void *ud) {
	return set(t, &t->dialects, dialect, ST_LEGALITY_UNKNOWN, fn, ud);
}

void st_target_set_unknown_legality(st_conversion_target *t, st_legality_fn fn, void *ud) {
	t->unknown_fn = fn;
	t->unknown_ud = ud;
}

st_status st_target_add_recursively_legal_op(st_conversion_target *t, const char *name) {
	rule *r = set_rule(t, &t->ops, name, ST_LEGALITY_LEGAL, NULL, NULL);
	if (!r)
		return ST_FAIL;
	r->recursive = true;
	return ST_OK;
}

/* The rule that decides `op`: its name's, else its dialect's. */
static const rule *rule_of(const st_conversion_target *t, const st_op *op) {
	uintptr_t i;
	if (st__ptrmap_get(&t->ops, st_op_name(op), &i))
		return &t->rules[i - 1];
	st_dialect *d = st_op_dialect(op);
	st_ident *dn = NULL;
	if (d) {
		dn = st_dialect_name(d);
	} else {
		const char *name = st_op_name_cstr(op), *dot = strchr(name, '.');
		if (dot)
			dn = st_ident_get(t->ctx, st_str_make(name, (size_t)(dot - name)));
	}
	if (dn && st__ptrmap_get(&t->dialects, dn, &i))
		return &t->rules[i - 1];
	return NULL;
}

st_legality st_target_legality(const st_conversion_target *t, const st_op *op) {
	const rule *r = rule_of(t, op);
	if (!r) {
		if (t->unknown_fn)
			return t->unknown_fn(t->unknown_ud, op) ? ST_LEGALITY_LEGAL : ST_LEGALITY_UNKNOWN;
		return ST_LEGALITY_UNKNOWN;
	}
	if (r->kind != ST_LEGALITY_UNKNOWN)
		return r->kind;
	return r->fn(r->ud, op) ? ST_LEGALITY_LEGAL : ST_LEGALITY_ILLEGAL;
}

bool st__target_recursively_legal(const st_conversion_target *t, const st_op *op) {
	const rule *r = rule_of(t, op);
	return r && r->recursive && st_target_legality(t, op) == ST_LEGALITY_LEGAL;
}
