/* Builtin types: construction (uniqued) and accessors. */
#include "internal.h"

static st_type *simple_type(st_context *ctx, st_type_kind kind) {
	struct st_type key;
	memset(&key, 0, sizeof key);
	key.h.tag = kind;
	key.h.size = sizeof key;
	return st__uniq(ctx, &key);
}

st_type_kind st_type_get_kind(const st_type *t) { return (st_type_kind)t->h.tag; }

st_type *st_integer_type(st_context *ctx, unsigned width, st_signedness s) {
	if (s == ST_SIGNLESS) {
		if (width == 1 && ctx->i1)
			return ctx->i1;
		if (width == 32 && ctx->i32)
			return ctx->i32;
		if (width == 64 && ctx->i64)
			return ctx->i64;
	}
	st__int_type key;
	memset(&key, 0, sizeof key);
	key.base.h.tag = ST_TYPE_INTEGER;
	key.base.h.size = sizeof key;
	key.width = width;
	key.signedness = s;
	return st__uniq(ctx, &key);
}

st_type *st_index_type(st_context *ctx) { return ctx->index ? ctx->index : simple_type(ctx, ST_TYPE_INDEX); }
st_type *st_none_type(st_context *ctx) { return simple_type(ctx, ST_TYPE_NONE); }

st_type *st_float_type(st_context *ctx, st_type_kind kind) {
	assert(kind >= ST_TYPE_BF16 && kind <= ST_TYPE_F64);
	return simple_type(ctx, kind);
}

static st_type *types_type(st_context *ctx, st_type_kind kind, uint32_t aux, size_t n, st_type *const *a,
                           size_t m, st_type *const *b) {
	size_t size = sizeof(st__types_type) + (n + m) * sizeof(st_type *);
	st__types_type *key = st__scratch(ctx, size);
	if (!key)
		return NULL;
	key->base.h.tag = kind;
	key->base.h.size = (uint32_t)size;
	key->base.h.aux = aux;
	key->n = (uint32_t)(n + m);
	for (size_t i = 0; i < n; i++)
		key->types[i] = a[i];
	for (size_t i = 0; i < m; i++)
		key->types[n + i] = b[i];
	return st__uniq(ctx, key);
}

st_type *st_function_type(st_context *ctx, size_t nin, st_type *const *in, size_t nout, st_type *const *out) {
	return types_type(ctx, ST_TYPE_FUNCTION, (uint32_t)nin, nin, in, nout, out);
}

st_type *st_tuple_type(st_context *ctx, size_t n, st_type *const *elts) {
	return types_type(ctx, ST_TYPE_TUPLE, 0, n, elts, 0, NULL);
}

static st_type *shaped_type(st_context *ctx, st_type_kind kind, size_t rank, const int64_t *shape, st_type *elt,
                            st_attr *a1, st_attr *a2, uint64_t scalable) {
	size_t size = sizeof(st__shaped_type) + rank * sizeof(int64_t);
	st__shaped_type *key = st__scratch(ctx, size);
	if (!key)
		return NULL;
	key->base.h.tag = kind;
	key->base.h.size = (uint32_t)size;
	key->elt = elt;
	key->attr1 = a1;
	key->attr2 = a2;
	key->scalable = scalable;
	key->rank = (uint32_t)rank;
	for (size_t i = 0; i < rank; i++)
		key->dims[i] = shape[i];
	return st__uniq(ctx, key);
}

st_type *st_vector_type(st_context *ctx, size_t rank, const int64_t *shape, const bool *scalable, st_type *elt) {
	uint64_t mask = 0;
	for (size_t i = 0; scalable && i < rank && i < 64; i++)
		if (scalable[i])
			mask |= 1ull << i;
	return shaped_type(ctx, ST_TYPE_VECTOR, rank, shape, elt, NULL, NULL, mask);
}

st_type *st_tensor_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt, st_attr *encoding) {
	return shaped_type(ctx, ST_TYPE_RANKED_TENSOR, rank, shape, elt, encoding, NULL, 0);
}

st_type *st_unranked_tensor_type(st_context *ctx, st_type *elt) {
	return shaped_type(ctx, ST_TYPE_UNRANKED_TENSOR, 0, NULL, elt, NULL, NULL, 0);
}

/* An integer memory space 0, of any integer type, is the default space (as
 * MLIR's skipDefaultMemorySpace has it): the same type as no space. */
static st_attr *default_space(st_attr *space) {
	if (space && st_attr_get_kind(space) == ST_ATTR_INTEGER) {
		const uint64_t *w = st_attr_int_words(space);
		for (size_t i = 0; i < st_attr_int_num_words(space); i++)
			if (w[i])
				return space;
		return NULL;
	}
	return space;
}

st_type *st_memref_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt, st_attr *layout,
                        st_attr *space) {
	/* An identity layout is the same type as no layout, as in MLIR. */
	if (layout && st_attr_get_kind(layout) == ST_ATTR_AFFINE_MAP &&
	    st_affine_map_is_identity(st_attr_affine_map(layout)) &&
	    st_affine_map_num_dims(st_attr_affine_map(layout)) == rank)
		layout = NULL;
	space = default_space(space);
	return shaped_type(ctx, ST_TYPE_MEMREF, rank, shape, elt, layout, space, 0);
}

st_type *st_unranked_memref_type(st_context *ctx, st_type *elt, st_attr *space) {
	space = default_space(space);
	return shaped_type(ctx, ST_TYPE_UNRANKED_MEMREF, 0, NULL, elt, NULL, space, 0);
}

st_type *st_complex_type(st_context *ctx, st_type *elt) {
	return shaped_type(ctx, ST_TYPE_COMPLEX, 0, NULL, elt, NULL, NULL, 0);
}

st_type *st_opaque_type(st_context *ctx, st_str dialect, st_str body) {
	st__opaque_type key;
	memset(&key, 0, sizeof key);
	key.base.h.tag = ST_TYPE_OPAQUE;
	key.base.h.size = sizeof key;
	key.dialect = st_ident_get(ctx, dialect);
	key.body = st_ident_get(ctx, body);
	if (!key.dialect || !key.body)
		return NULL;
	return st__uniq(ctx, &key);
}

void *st__dialect_obj_get(st_context *ctx, uint32_t tag, st_dialect *d, st_str mnemonic, size_t n,
                          st_attr *const *params);
void *st__dialect_obj_get(st_context *ctx, uint32_t tag, st_dialect *d, st_str mnemonic, size_t n,
                          st_attr *const *params) {
	st_ident *mn = st_ident_get(ctx, mnemonic);
	if (!mn)
		return NULL;
	size_t size = sizeof(st__dialect_obj) + n * sizeof(st_attr *);
	st__dialect_obj *key = st__scratch(ctx, size);
	if (!key)
		return NULL;
	key->h.tag = tag;
	key->h.size = (uint32_t)size;
	key->dialect = d;
	key->mnemonic = mn;
	key->nparams = n;
	for (size_t i = 0; i < n; i++)
		key->params[i] = params[i];
	return st__uniq(ctx, key);
}

st_type *st_dialect_type(st_context *ctx, st_dialect *d, st_str mnemonic, size_t n, st_attr *const *params) {
	return st__dialect_obj_get(ctx, ST_TYPE_DIALECT, d, mnemonic, n, params);
}

/* ------------------------------------------------------------- queries */

bool st_type_is_integer(const st_type *t) { return t->h.tag == ST_TYPE_INTEGER; }
bool st_type_is_signless_integer(const st_type *t, unsigned width) {
	if (t->h.tag != ST_TYPE_INTEGER)
		return false;
	const st__int_type *it = (const st__int_type *)t;
	return it->signedness == ST_SIGNLESS && (width == 0 || it->width == width);
}
bool st_type_is_index(const st_type *t) { return t->h.tag == ST_TYPE_INDEX; }
bool st_type_is_float(const st_type *t) { return t->h.tag >= ST_TYPE_BF16 && t->h.tag <= ST_TYPE_F64; }
bool st_type_is_shaped(const st_type *t) {
	switch (t->h.tag) {
	case ST_TYPE_VECTOR:
	case ST_TYPE_RANKED_TENSOR:
	case ST_TYPE_UNRANKED_TENSOR:
	case ST_TYPE_MEMREF:
	case ST_TYPE_UNRANKED_MEMREF:
		return true;
	default:
		return false;
	}
}

unsigned st_type_int_width(const st_type *t) {
	assert(t->h.tag == ST_TYPE_INTEGER);
	return ((const st__int_type *)t)->width;
}
st_signedness st_type_int_signedness(const st_type *t) {
	assert(t->h.tag == ST_TYPE_INTEGER);
	return (st_signedness)((const st__int_type *)t)->signedness;
}
unsigned st_type_float_width(const st_type *t) {
	switch (t->h.tag) {
	case ST_TYPE_BF16:
	case ST_TYPE_F16:
		return 16;
	case ST_TYPE_F32:
		return 32;
	case ST_TYPE_F64:
		return 64;
	default:
		assert(!"not a float type");
		return 0;
	}
}

size_t st_type_num_inputs(const st_type *t) {
	assert(t->h.tag == ST_TYPE_FUNCTION);
	return t->h.aux;
}
st_type *st_type_input(const st_type *t, size_t i) {
	assert(i < st_type_num_inputs(t));
	return ((const st__types_type *)t)->types[i];
}
size_t st_type_num_results(const st_type *t) {
	assert(t->h.tag == ST_TYPE_FUNCTION);
	return ((const st__types_type *)t)->n - t->h.aux;
}
st_type *st_type_result(const st_type *t, size_t i) {
	assert(i < st_type_num_results(t));
	return ((const st__types_type *)t)->types[t->h.aux + i];
}
size_t st_type_num_elements(const st_type *t) {
	assert(t->h.tag == ST_TYPE_TUPLE);
	return ((const st__types_type *)t)->n;
}
st_type *st_type_tuple_element(const st_type *t, size_t i) {
	assert(i < st_type_num_elements(t));
	return ((const st__types_type *)t)->types[i];
}

static const st__shaped_type *shaped(const st_type *t) {
	assert(st_type_is_shaped(t) || t->h.tag == ST_TYPE_COMPLEX);
	return (const st__shaped_type *)t;
}
st_type *st_type_element(const st_type *t) { return shaped(t)->elt; }
bool st_type_has_rank(const st_type *t) {
	return t->h.tag == ST_TYPE_VECTOR || t->h.tag == ST_TYPE_RANKED_TENSOR || t->h.tag == ST_TYPE_MEMREF;
}
size_t st_type_rank(const st_type *t) { return shaped(t)->rank; }
int64_t st_type_dim(const st_type *t, size_t i) {
	assert(i < shaped(t)->rank);
	return shaped(t)->dims[i];
}
const int64_t *st_type_shape(const st_type *t) { return shaped(t)->dims; }
bool st_type_dim_scalable(const st_type *t, size_t i) { return i < 64 && (shaped(t)->scalable >> i) & 1; }
int64_t st_type_num_elements_static(const st_type *t) {
	if (!st_type_has_rank(t))
		return -1;
	int64_t n = 1;
	bool overflow = false;
	for (size_t i = 0; i < shaped(t)->rank; i++) {
		int64_t d = shaped(t)->dims[i];
		if (d < 0)
			return -1;
		if (d != 0 && n > INT64_MAX / d)
			overflow = true;
		else
			n *= d;
	}
	/* A static shape too large to count is no dynamic one: callers say so. */
	return overflow ? -2 : n;
}
st_attr *st_type_encoding(const st_type *t) { return t->h.tag == ST_TYPE_RANKED_TENSOR ? shaped(t)->attr1 : NULL; }
st_attr *st_type_memref_layout(const st_type *t) { return t->h.tag == ST_TYPE_MEMREF ? shaped(t)->attr1 : NULL; }
st_attr *st_type_memory_space(const st_type *t) {
	return (t->h.tag == ST_TYPE_MEMREF || t->h.tag == ST_TYPE_UNRANKED_MEMREF) ? shaped(t)->attr2 : NULL;
}

st_ident *st_type_dialect_name(const st_type *t) {
	if (t->h.tag == ST_TYPE_OPAQUE)
		return ((const st__opaque_type *)t)->dialect;
	assert(t->h.tag == ST_TYPE_DIALECT);
	return ((const st__dialect_obj *)t)->dialect->name;
}
st_str st_type_opaque_body(const st_type *t) {
	assert(t->h.tag == ST_TYPE_OPAQUE);
	return st_ident_str(((const st__opaque_type *)t)->body);
}
st_dialect *st_type_dialect(const st_type *t) {
	return t->h.tag == ST_TYPE_DIALECT ? ((const st__dialect_obj *)t)->dialect : NULL;
}
st_ident *st_type_mnemonic(const st_type *t) {
	assert(t->h.tag == ST_TYPE_DIALECT);
	return ((const st__dialect_obj *)t)->mnemonic;
}
size_t st_type_num_params(const st_type *t) {
	assert(t->h.tag == ST_TYPE_DIALECT);
	return ((const st__dialect_obj *)t)->nparams;
}
st_attr *st_type_param(const st_type *t, size_t i) {
	assert(i < st_type_num_params(t));
	return ((const st__dialect_obj *)t)->params[i];
}

st_type *st_type_with_element(st_context *ctx, st_type *t, st_type *elt) {
	const st__shaped_type *s = shaped(t);
	/* Copy the dims first: shaped_type() reuses the scratch buffer. */
	int64_t small[8];
	int64_t *dims = small;
	if (s->rank > 8) {
		dims = st_ctx_alloc(ctx, s->rank * sizeof(int64_t));
		if (!dims)
			return NULL;
	}
	memcpy(dims, s->dims, s->rank * sizeof(int64_t));
	st_type *r = shaped_type(ctx, (st_type_kind)t->h.tag, s->rank, dims, elt, s->attr1, s->attr2, s->scalable);
	if (dims != small)
		st_ctx_free(ctx, dims, s->rank * sizeof(int64_t));
	return r;
}
