/* Builtin attributes and locations: construction (uniqued) and accessors. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>

#define KEY(type, var, kind, extra)                                                                          \
	size_t var##_size = sizeof(type) + (extra);                                                          \
	type *var = st__scratch(ctx, var##_size);                                                            \
	if (!var)                                                                                            \
		return NULL;                                                                                 \
	var->base.h.tag = ST__ATTR_BASE + (kind);                                                            \
	var->base.h.size = (uint32_t)var##_size

st_attr_kind st_attr_get_kind(const st_attr *a) { return st__akind(a); }

bool st_attr_is_loc(const st_attr *a) { return st__akind(a) >= ST_ATTR_LOC_UNKNOWN; }

st_type *st_attr_type(const st_attr *a) {
	switch (st__akind(a)) {
	case ST_ATTR_INTEGER:
		return ((const st__int_attr *)a)->type;
	case ST_ATTR_FLOAT:
		return ((const st__float_attr *)a)->type;
	case ST_ATTR_STRING:
		return ((const st__string_attr *)a)->type;
	case ST_ATTR_DENSE_ELEMENTS:
		return ((const st__dense_attr *)a)->type;
	case ST_ATTR_OPAQUE:
		return ((const st__opaque_attr *)a)->type;
	default:
		return NULL;
	}
}

/* -------------------------------------------------------------- integers */

static unsigned int_bits(const st_type *t) {
	return st_type_is_integer(t) ? st_type_int_width(t) : 64; /* index: 64 */
}

st_attr *st_integer_attr_words(st_context *ctx, st_type *type, size_t nwords, const uint64_t *words) {
	unsigned width = int_bits(type);
	size_t n = width == 0 ? 1 : (width + 63) / 64;
	KEY(st__int_attr, key, ST_ATTR_INTEGER, n * sizeof(uint64_t));
	key->type = type;
	key->nwords = n;
	/* Copied in bulk: a wide type (up to 262144 words) costs one pass. */
	size_t k = nwords < n ? nwords : n;
	if (k)
		memcpy(key->words, words, k * sizeof *words);
	memset(key->words + k, 0, (n - k) * sizeof *words);
	if (width % 64)
		key->words[n - 1] &= (1ull << (width % 64)) - 1;
	if (width == 0)
		key->words[0] = 0;
	return st__uniq(ctx, key);
}

st_attr *st_integer_attr(st_context *ctx, st_type *type, int64_t value) {
	unsigned width = int_bits(type);
	size_t n = width == 0 ? 1 : (width + 63) / 64;
	uint64_t small[4];
	uint64_t *w = small;
	if (n > 4) {
		w = st_ctx_alloc(ctx, n * sizeof(uint64_t));
		if (!w)
			return NULL;
	}
	for (size_t i = 0; i < n; i++)
		w[i] = i == 0 ? (uint64_t)value : (value < 0 ? ~0ull : 0);
	st_attr *a = st_integer_attr_words(ctx, type, n, w);
	if (w != small)
		st_ctx_free(ctx, w, n * sizeof(uint64_t));
	return a;
}

st_attr *st_bool_attr(st_context *ctx, bool value) { return st_integer_attr(ctx, ctx->i1, value); }

bool st_attr_is_bool(const st_attr *a) {
	return st__akind(a) == ST_ATTR_INTEGER && st_type_is_signless_integer(((const st__int_attr *)a)->type, 1);
}

int64_t st_attr_int_value(const st_attr *a) {
	const st__int_attr *ia = (const st__int_attr *)a;
	assert(st__akind(a) == ST_ATTR_INTEGER);
	unsigned width = int_bits(ia->type);
	uint64_t w = ia->words[0];
	if (st_type_is_integer(ia->type) && st_type_int_signedness(ia->type) == ST_UNSIGNED)
		return (int64_t)w;
	if (width > 0 && width < 64 && (w >> (width - 1)) & 1)
		w |= ~0ull << width;
	return (int64_t)w;
}

uint64_t st_attr_int_uvalue(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_INTEGER);
	return ((const st__int_attr *)a)->words[0];
}

size_t st_attr_int_num_words(const st_attr *a) { return ((const st__int_attr *)a)->nwords; }
const uint64_t *st_attr_int_words(const st_attr *a) { return ((const st__int_attr *)a)->words; }

/* ---------------------------------------------------------------- floats */

uint64_t st__float_to_bits(st_type_kind kind, double v);
double st__float_from_bits(st_type_kind kind, uint64_t bits);

st_attr *st_float_attr_bits(st_context *ctx, st_type *type, uint64_t bits) {
	KEY(st__float_attr, key, ST_ATTR_FLOAT, 0);
	key->type = type;
	unsigned w = st_type_float_width(type);
	key->bits = w == 64 ? bits : bits & ((1ull << w) - 1);
	return st__uniq(ctx, key);
}

st_attr *st_float_attr(st_context *ctx, st_type *type, double value) {
	return st_float_attr_bits(ctx, type, st__float_to_bits(st_type_get_kind(type), value));
}

double st_attr_float_value(const st_attr *a) {
	const st__float_attr *fa = (const st__float_attr *)a;
	assert(st__akind(a) == ST_ATTR_FLOAT);
	return st__float_from_bits(st_type_get_kind(fa->type), fa->bits);
}

uint64_t st_attr_float_bits(const st_attr *a) { return ((const st__float_attr *)a)->bits; }

/* ------------------------------------------------------ strings and unit */

st_attr *st_typed_string_attr(st_context *ctx, st_str s, st_type *type) {
	st_ident *id = st_ident_get(ctx, s);
	if (!id)
		return NULL;
	KEY(st__string_attr, key, ST_ATTR_STRING, 0);
	key->type = type;
	key->str = id;
	return st__uniq(ctx, key);
}

st_attr *st_string_attr(st_context *ctx, st_str s) { return st_typed_string_attr(ctx, s, NULL); }

st_str st_attr_string(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_STRING);
	return st_ident_str(((const st__string_attr *)a)->str);
}

st_attr *st_unit_attr(st_context *ctx) {
	if (ctx->unit)
		return ctx->unit;
	struct st_attr key;
	memset(&key, 0, sizeof key);
	key.h.tag = ST__ATTR_BASE + ST_ATTR_UNIT;
	key.h.size = sizeof key;
	return st__uniq(ctx, &key);
}

/* ---------------------------------------------------------------- arrays */

static st_attr *list_attr(st_context *ctx, st_attr_kind kind, size_t n, st_attr *const *elts, st_attr *meta) {
	KEY(st__list_attr, key, kind, n * sizeof(st_attr *));
	key->meta = meta;
	key->n = n;
	for (size_t i = 0; i < n; i++)
		key->elts[i] = elts[i];
	return st__uniq(ctx, key);
}

st_attr *st_array_attr(st_context *ctx, size_t n, st_attr *const *elts) {
	return list_attr(ctx, ST_ATTR_ARRAY, n, elts, NULL);
}
size_t st_attr_array_size(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_ARRAY);
	return ((const st__list_attr *)a)->n;
}
st_attr *st_attr_array_elt(const st_attr *a, size_t i) {
	assert(i < st_attr_array_size(a));
	return ((const st__list_attr *)a)->elts[i];
}

uint64_t st__float_to_bits(st_type_kind kind, double v);
double st__float_from_bits(st_type_kind kind, uint64_t bits);
static size_t slots_per_elt(const st_type *shaped);

static st_attr *dense_attr(st_context *ctx, st_attr_kind kind, st_type *type, size_t n, const int64_t *ivals,
                           const double *fvals, bool splat) {
	KEY(st__dense_attr, key, kind, n * sizeof(int64_t));
	key->type = type;
	key->n = n;
	key->is_float = fvals != NULL;
	key->is_splat = splat;
	/* Values are stored as the element type holds them (an i8 255 is -1, an
	 * f32 0.1 is rounded), so equal attributes are one pointer however they
	 * were built. */
	st_type *elt = kind == ST_ATTR_DENSE_ARRAY ? type : st_type_element(type);
	if (st_type_get_kind(elt) == ST_TYPE_COMPLEX)
		elt = st_type_element(elt);
	unsigned w = st_type_is_integer(elt) ? st_type_int_width(elt) : 64;
	bool zext = st_type_is_integer(elt) && (w == 1 || st_type_int_signedness(elt) == ST_UNSIGNED);
	for (size_t i = 0; i < n; i++) {
		if (fvals) {
			/* -0.0 and 0.0 stay distinct; NaNs compare by bits. */
			st_type_kind fk = st_type_is_float(elt) ? st_type_get_kind(elt) : ST_TYPE_F64;
			key->vals[i].f = st__float_from_bits(fk, st__float_to_bits(fk, fvals[i]));
		} else {
			uint64_t v = (uint64_t)ivals[i];
			if (w < 64) {
				v &= (1ull << w) - 1;
				if (!zext && w && (v >> (w - 1)) & 1)
					v |= ~0ull << w;
			}
			key->vals[i].i = (int64_t)v;
		}
	}
	/* Elements that are all equal once stored are a splat. */
	if (kind == ST_ATTR_DENSE_ELEMENTS && !splat && n > 1 && slots_per_elt(type) == 1) {
		bool same = true;
		for (size_t i = 1; i < n && same; i++)
			same = memcmp(&key->vals[i], &key->vals[0], sizeof key->vals[0]) == 0;
		if (same) {
			key->n = 1;
			key->is_splat = true;
			key->base.h.size = (uint32_t)(sizeof(st__dense_attr) + sizeof(key->vals[0]));
		}
	}
	return st__uniq(ctx, key);
}

st_attr *st_dense_int_array_attr(st_context *ctx, st_type *elt, size_t n, const int64_t *vals) {
	return dense_attr(ctx, ST_ATTR_DENSE_ARRAY, elt, n, vals, NULL, false);
}
st_attr *st_dense_float_array_attr(st_context *ctx, st_type *elt, size_t n, const double *vals) {
	return dense_attr(ctx, ST_ATTR_DENSE_ARRAY, elt, n, NULL, vals, false);
}
size_t st_attr_dense_array_size(const st_attr *a) { return ((const st__dense_attr *)a)->n; }
int64_t st_attr_dense_array_int(const st_attr *a, size_t i) { return ((const st__dense_attr *)a)->vals[i].i; }
double st_attr_dense_array_float(const st_attr *a, size_t i) { return ((const st__dense_attr *)a)->vals[i].f; }

static bool all_same(size_t n, const int64_t *iv, const double *fv) {
	for (size_t i = 1; i < n; i++) {
		if (iv && iv[i] != iv[0])
			return false;
		if (fv && memcmp(&fv[i], &fv[0], sizeof(double)) != 0)
			return false;
	}
	return true;
}

/* Complex elements take two values each; a splat then has two values. */
static size_t slots_per_elt(const st_type *shaped) {
	return st_type_get_kind(st_type_element(shaped)) == ST_TYPE_COMPLEX ? 2 : 1;
}

st_attr *st_dense_int_elements_attr(st_context *ctx, st_type *shaped, size_t n, const int64_t *vals) {
	size_t k = slots_per_elt(shaped);
	bool splat = n == k || (n > k && k == 1 && all_same(n, vals, NULL));
	return dense_attr(ctx, ST_ATTR_DENSE_ELEMENTS, shaped, splat ? k : n, vals, NULL, splat);
}
st_attr *st_dense_float_elements_attr(st_context *ctx, st_type *shaped, size_t n, const double *vals) {
	size_t k = slots_per_elt(shaped);
	bool splat = n == k || (n > k && k == 1 && all_same(n, NULL, vals));
	return dense_attr(ctx, ST_ATTR_DENSE_ELEMENTS, shaped, splat ? k : n, NULL, vals, splat);
}
bool st_attr_dense_is_splat(const st_attr *a) { return ((const st__dense_attr *)a)->is_splat; }
size_t st_attr_dense_num_values(const st_attr *a) { return ((const st__dense_attr *)a)->n; }
int64_t st_attr_dense_int(const st_attr *a, size_t i) {
	const st__dense_attr *d = (const st__dense_attr *)a;
	return d->is_splat ? d->vals[i % d->n].i : d->vals[i].i;
}
double st_attr_dense_float(const st_attr *a, size_t i) {
	const st__dense_attr *d = (const st__dense_attr *)a;
	return d->is_splat ? d->vals[i % d->n].f : d->vals[i].f;
}

/* ---------------------------------------------------------- dictionaries */

static int named_cmp(const void *x, const void *y) {
	const st_named_attr *a = x, *b = y;
	size_t la = a->name->len, lb = b->name->len;
	int c = memcmp(a->name->data, b->name->data, la < lb ? la : lb);
	return c ? c : (la < lb ? -1 : la > lb);
}

st_attr *st_dict_attr(st_context *ctx, size_t n, const st_named_attr *entries) {
	if (n == 0 && ctx->empty_dict)
		return ctx->empty_dict;
	KEY(st__dict_attr, key, ST_ATTR_DICTIONARY, n * sizeof(st_named_attr));
	key->n = n;
	for (size_t i = 0; i < n; i++)
		key->entries[i] = entries[i];
	bool sorted = true;
	for (size_t i = 1; i < n && sorted; i++)
		sorted = named_cmp(&key->entries[i - 1], &key->entries[i]) < 0;
	if (!sorted)
		qsort(key->entries, n, sizeof(st_named_attr), named_cmp);
	for (size_t i = 1; i < n; i++)
		assert(key->entries[i - 1].name != key->entries[i].name && "duplicate dictionary key");
	return st__uniq(ctx, key);
}

size_t st_attr_dict_size(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_DICTIONARY);
	return ((const st__dict_attr *)a)->n;
}
st_named_attr st_attr_dict_entry(const st_attr *a, size_t i) {
	assert(i < st_attr_dict_size(a));
	return ((const st__dict_attr *)a)->entries[i];
}
st_attr *st_attr_dict_get(const st_attr *a, const st_ident *name) {
	const st__dict_attr *d = (const st__dict_attr *)a;
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].name == name)
			return d->entries[i].value;
	return NULL;
}
st_attr *st_attr_dict_get_c(const st_attr *a, const char *name) {
	const st__dict_attr *d = (const st__dict_attr *)a;
	size_t len = strlen(name);
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].name->len == len && memcmp(d->entries[i].name->data, name, len) == 0)
			return d->entries[i].value;
	return NULL;
}

/* ------------------------------------------------- types, symbols, affine */

st_attr *st_type_attr(st_context *ctx, st_type *t) {
	KEY(st__type_attr, key, ST_ATTR_TYPE, 0);
	key->type = t;
	return st__uniq(ctx, key);
}
st_type *st_attr_type_value(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_TYPE);
	return ((const st__type_attr *)a)->type;
}

st_attr *st_symbol_ref_attr(st_context *ctx, st_str root, size_t nnested, const st_str *nested) {
	/* Intern first: st_ident_get does not use the scratch buffer, but keep
	 * the key construction last anyway. */
	st_ident *small[8];
	st_ident **ids = small;
	if (nnested + 1 > 8) {
		ids = st_ctx_alloc(ctx, (nnested + 1) * sizeof(st_ident *));
		if (!ids)
			return NULL;
	}
	bool ok = (ids[0] = st_ident_get(ctx, root)) != NULL;
	for (size_t i = 0; ok && i < nnested; i++)
		ok = (ids[i + 1] = st_ident_get(ctx, nested[i])) != NULL;
	st_attr *r = NULL;
	if (ok) {
		size_t size = sizeof(st__symref_attr) + (nnested + 1) * sizeof(st_ident *);
		st__symref_attr *key = st__scratch(ctx, size);
		if (key) {
			key->base.h.tag = ST__ATTR_BASE + ST_ATTR_SYMBOL_REF;
			key->base.h.size = (uint32_t)size;
			key->n = nnested + 1;
			memcpy(key->names, ids, (nnested + 1) * sizeof(st_ident *));
			r = st__uniq(ctx, key);
		}
	}
	if (ids != small)
		st_ctx_free(ctx, ids, (nnested + 1) * sizeof(st_ident *));
	return r;
}
st_ident *st_attr_symbol_root(const st_attr *a) { return ((const st__symref_attr *)a)->names[0]; }
size_t st_attr_symbol_num_nested(const st_attr *a) { return ((const st__symref_attr *)a)->n - 1; }
st_ident *st_attr_symbol_nested(const st_attr *a, size_t i) { return ((const st__symref_attr *)a)->names[i + 1]; }
st_ident *st_attr_symbol_leaf(const st_attr *a) {
	const st__symref_attr *s = (const st__symref_attr *)a;
	return s->names[s->n - 1];
}

static st_attr *ptr_attr(st_context *ctx, st_attr_kind kind, const void *p) {
	if (!p)
		return NULL;
	KEY(st__ptr_attr, key, kind, 0);
	key->ptr = p;
	return st__uniq(ctx, key);
}
st_attr *st_affine_map_attr(st_context *ctx, const st_affine_map *m) { return ptr_attr(ctx, ST_ATTR_AFFINE_MAP, m); }
const st_affine_map *st_attr_affine_map(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_AFFINE_MAP);
	return ((const st__ptr_attr *)a)->ptr;
}
st_attr *st_integer_set_attr(st_context *ctx, const st_integer_set *s) { return ptr_attr(ctx, ST_ATTR_INTEGER_SET, s); }
const st_integer_set *st_attr_integer_set(const st_attr *a) {
	assert(st__akind(a) == ST_ATTR_INTEGER_SET);
	return ((const st__ptr_attr *)a)->ptr;
}

/* ------------------------------------------------------ dialect attributes */

st_attr *st_opaque_attr(st_context *ctx, st_str dialect, st_str body, st_type *type) {
	st_ident *d = st_ident_get(ctx, dialect), *b = st_ident_get(ctx, body);
	if (!d || !b)
		return NULL;
	KEY(st__opaque_attr, key, ST_ATTR_OPAQUE, 0);
	key->dialect = d;
	key->body = b;
	key->type = type;
	return st__uniq(ctx, key);
}
st_ident *st_attr_dialect_name(const st_attr *a) {
	if (st__akind(a) == ST_ATTR_OPAQUE)
		return ((const st__opaque_attr *)a)->dialect;
	return ((const st__dialect_obj *)a)->dialect->name;
}
st_str st_attr_opaque_body(const st_attr *a) { return st_ident_str(((const st__opaque_attr *)a)->body); }

void *st__dialect_obj_get(st_context *ctx, uint32_t tag, st_dialect *d, st_str mnemonic, size_t n,
                          st_attr *const *params);
st_attr *st_dialect_attr(st_context *ctx, st_dialect *d, st_str mnemonic, size_t n, st_attr *const *params) {
	return st__dialect_obj_get(ctx, ST__ATTR_BASE + ST_ATTR_DIALECT, d, mnemonic, n, params);
}
st_dialect *st_attr_dialect(const st_attr *a) {
	return st__akind(a) == ST_ATTR_DIALECT ? ((const st__dialect_obj *)a)->dialect : NULL;
}
st_ident *st_attr_mnemonic(const st_attr *a) { return ((const st__dialect_obj *)a)->mnemonic; }
size_t st_attr_num_params(const st_attr *a) { return ((const st__dialect_obj *)a)->nparams; }
st_attr *st_attr_param(const st_attr *a, size_t i) { return ((const st__dialect_obj *)a)->params[i]; }

/* -------------------------------------------------------------- locations */

st_attr *st_loc_unknown(st_context *ctx) {
	if (ctx->unknown_loc)
		return ctx->unknown_loc;
	struct st_attr key;
	memset(&key, 0, sizeof key);
	key.h.tag = ST__ATTR_BASE + ST_ATTR_LOC_UNKNOWN;
	key.h.size = sizeof key;
	return st__uniq(ctx, &key);
}

st_attr *st_loc_file_range(st_context *ctx, st_str file, unsigned line, unsigned col, unsigned end_line,
                           unsigned end_col) {
	/* A range that ends where it starts is the plain location, as in
	 * MLIR, where "f":1:2 is the range "f":1:2 to 1:2. */
	if (end_line == line && end_col == col)
		end_line = end_col = 0;
	st_ident *f = st_ident_get(ctx, file);
	if (!f)
		return NULL;
	KEY(st__file_loc, key, ST_ATTR_LOC_FILE, 0);
	key->file = f;
	key->line = line;
	key->col = col;
	key->end_line = end_line;
	key->end_col = end_col;
	return st__uniq(ctx, key);
}

st_attr *st_loc_file(st_context *ctx, st_str file, unsigned line, unsigned col) {
	return st_loc_file_range(ctx, file, line, col, 0, 0);
}

st_attr *st_loc_name(st_context *ctx, st_str name, st_attr *child) {
	st_ident *n = st_ident_get(ctx, name);
	if (!n)
		return NULL;
	KEY(st__name_loc, key, ST_ATTR_LOC_NAME, 0);
	key->name = n;
	key->child = child ? child : ctx->unknown_loc;
	return st__uniq(ctx, key);
}

/* As MLIR's FusedLoc::get: fused locations with the same metadata are
 * flattened into this one, unknown locations and duplicates are dropped,
 * and what is left decides: nothing is unknown (fused<m>[unknown] with
 * metadata), one location without metadata is that location. */
st_attr *st_loc_fused(st_context *ctx, size_t n, st_attr *const *locs, st_attr *meta) {
	size_t cap = 0;
	for (size_t i = 0; i < n; i++)
		cap += st__akind(locs[i]) == ST_ATTR_LOC_FUSED ? ((const st__list_attr *)locs[i])->n : 1;
	st_attr *small[16];
	st_attr **v = cap <= 16 ? small : st_ctx_alloc(ctx, cap * sizeof *v);
	if (!v)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const st__list_attr *f = (const st__list_attr *)locs[i];
		bool flatten = st__akind(locs[i]) == ST_ATTR_LOC_FUSED && f->meta == meta;
		size_t m = flatten ? f->n : 1;
		for (size_t j = 0; j < m; j++) {
			st_attr *l = flatten ? f->elts[j] : locs[i];
			bool dup = st__akind(l) == ST_ATTR_LOC_UNKNOWN;
			for (size_t q = 0; q < k && !dup; q++)
				dup = v[q] == l;
			if (!dup)
				v[k++] = l;
		}
	}
	st_attr *r;
	if (k == 0 && !meta) {
		r = st_loc_unknown(ctx);
	} else if (k == 0) {
		st_attr *unknown = st_loc_unknown(ctx);
		r = list_attr(ctx, ST_ATTR_LOC_FUSED, 1, &unknown, meta);
	} else if (k == 1 && !meta) {
		r = v[0];
	} else {
		r = list_attr(ctx, ST_ATTR_LOC_FUSED, k, v, meta);
	}
	if (v != small)
		st_ctx_free(ctx, v, cap * sizeof *v);
	return r;
}

st_attr *st_loc_callsite(st_context *ctx, st_attr *callee, st_attr *caller) {
	KEY(st__callsite_loc, key, ST_ATTR_LOC_CALLSITE, 0);
	key->callee = callee;
	key->caller = caller;
	return st__uniq(ctx, key);
}

st_ident *st_loc_filename(const st_attr *loc) { return ((const st__file_loc *)loc)->file; }
unsigned st_loc_line(const st_attr *loc) { return ((const st__file_loc *)loc)->line; }
unsigned st_loc_col(const st_attr *loc) { return ((const st__file_loc *)loc)->col; }

const st_attr *st__loc_file(const st_attr *loc, st__callsite_side side) {
	if (!loc)
		return NULL;
	switch (st__akind(loc)) {
	case ST_ATTR_LOC_FILE:
		return loc;
	case ST_ATTR_LOC_NAME:
		return st__loc_file(((const st__name_loc *)loc)->child, side);
	case ST_ATTR_LOC_CALLSITE: {
		const st__callsite_loc *c = (const st__callsite_loc *)loc;
		if (side == ST__CALLER)
			return st__loc_file(c->caller, side);
		const st_attr *f = st__loc_file(c->callee, side);
		return f || side == ST__CALLEE ? f : st__loc_file(c->caller, side);
	}
	case ST_ATTR_LOC_FUSED: {
		const st__list_attr *l = (const st__list_attr *)loc;
		for (size_t i = 0; i < l->n; i++) {
			const st_attr *f = st__loc_file(l->elts[i], side);
			if (f)
				return f;
		}
		return NULL;
	}
	default:
		return NULL;
	}
}

const st_attr *st_loc_find_file(const st_attr *loc) { return st__loc_file(loc, ST__CALLER); }
