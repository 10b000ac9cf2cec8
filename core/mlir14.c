/* MLIR 14 spellings (the version Debian ships), for `--mlir14`: op names
 * that moved dialects or were renamed since, and attributes whose name or
 * stored form changed.  The parser maps MLIR 14 to the current spelling as
 * it reads, the printer maps back as it writes; both go through the tables
 * below, so one row here is all a new difference needs.  The user-facing
 * list is docs/mlir14-compat.md; keep the two in step. */
#include "parser_internal.h"

/* Op renames live in the dialects' op tables (st_opdef.mlir14_name and
 * mlir14_attrs); the core knows only the attributes of its own traits.
 * An index of the renamed ops is built per context on first use. */

/* Attributes every op may have: AttrSizedOperandSegments and
 * AttrSizedResultSegments, dense vectors in MLIR 14. */
static const st_mlir14_attr generic_rows[] = {
	{"operand_segment_sizes", "operandSegmentSizes", ST_MLIR14_DENSE_VECTOR},
	{"result_segment_sizes", "resultSegmentSizes", ST_MLIR14_DENSE_VECTOR},
};
#define N_GENERIC (sizeof generic_rows / sizeof generic_rows[0])

/* Collects the registered ops that MLIR 14 named differently; rebuilt when
 * a dialect was registered since. */
static bool ensure_index(st_context *ctx) {
	if (ctx->mlir14_ndialects == ctx->ndialects && ctx->mlir14_defs)
		return true;
	size_t n = 0;
	for (size_t d = 0; d < ctx->ndialects; d++)
		for (size_t i = 0; i < ctx->dialects[d]->def->nops; i++)
			n += ctx->dialects[d]->def->ops[i].mlir14_name != NULL;
	const st_opdef **defs = st__arena_alloc(ctx, (n ? n : 1) * sizeof *defs);
	if (!defs)
		return false;
	n = 0;
	for (size_t d = 0; d < ctx->ndialects; d++)
		for (size_t i = 0; i < ctx->dialects[d]->def->nops; i++) {
			const st_opdef *def = &ctx->dialects[d]->def->ops[i];
			if (!def->mlir14_name)
				continue;
			/* The old name's op-name record points at the op: lookups are
			 * one hash probe. */
			st__opname *on = st__opname_get(ctx, st_str_c(def->mlir14_name));
			if (!on)
				return false;
			on->mlir14_target = def;
			on->mlir14_current = st__opname_get(ctx, st_str_c(def->name));
			if (!on->mlir14_current)
				return false;
			defs[n++] = def;
		}
	ctx->mlir14_defs = defs;
	ctx->nmlir14 = n;
	ctx->mlir14_ndialects = ctx->ndialects;
	return true;
}

const char *st__mlir14_to_current(st_context *ctx, st_str name) {
	if (!ensure_index(ctx))
		return NULL;
	st__opname *on = st__opname_get(ctx, name);
	return on && on->mlir14_target ? on->mlir14_target->name : NULL;
}

st__opname *st__mlir14_redirect(st_context *ctx, st__opname *on) {
	if (!ensure_index(ctx))
		return NULL;
	return on->mlir14_current ? on->mlir14_current : on;
}

const char *st__current_to_mlir14(const st_opdef *def) { return def ? def->mlir14_name : NULL; }

/* The row for attribute `attr` of an op (its definition, or NULL), named in
 * MLIR 14's spelling (`old`) or the current one. */
static const st_mlir14_attr *find_attr_row(const st_opdef *def, const char *attr, bool old) {
	for (size_t i = 0; def && i < def->nmlir14_attrs; i++)
		if (strcmp(old ? def->mlir14_attrs[i].old_name : def->mlir14_attrs[i].new_name, attr) == 0)
			return &def->mlir14_attrs[i];
	for (size_t i = 0; i < N_GENERIC; i++)
		if (strcmp(old ? generic_rows[i].old_name : generic_rows[i].new_name, attr) == 0)
			return &generic_rows[i];
	return NULL;
}

/* array<i32: ..> -> dense<..> : vector<Nxi32> or tensor<Nxi32>. */
static st_attr *array_to_dense(st_context *ctx, st_attr *v, st_mlir14_form f) {
	size_t n = st_attr_dense_array_size(v);
	int64_t small[16];
	int64_t *vals = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *vals);
	if (!vals)
		return NULL;
	for (size_t i = 0; i < n; i++)
		vals[i] = st_attr_dense_array_int(v, i);
	int64_t shape = (int64_t)n;
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_type *t = !i32                ? NULL
	             : f == ST_MLIR14_DENSE_VECTOR ? st_vector_type(ctx, 1, &shape, NULL, i32)
	                                 : st_tensor_type(ctx, 1, &shape, i32, NULL);
	st_attr *d = t ? st_dense_int_elements_attr(ctx, t, n, vals) : NULL;
	if (vals != small)
		st_ctx_free(ctx, vals, n * sizeof *vals);
	return d;
}

/* dense<..> : vector<Nxi32> or tensor<Nxi32> -> array<i32: ..>. */
static st_attr *dense_to_array(st_context *ctx, st_attr *v) {
	st_type *t = st_attr_type(v);
	int64_t n = st_type_num_elements_static(t);
	if (n < 0)
		return v;
	int64_t small[16];
	int64_t *vals = n <= 16 ? small : st_ctx_alloc(ctx, (size_t)n * sizeof *vals);
	if (!vals)
		return NULL;
	for (int64_t i = 0; i < n; i++)
		vals[i] = st_attr_dense_int(v, (size_t)i);
	st_attr *a = st_dense_int_array_attr(ctx, st_type_element(t), (size_t)n, vals);
	if (vals != small)
		st_ctx_free(ctx, vals, (size_t)n * sizeof *vals);
	return a;
}

static bool is_i32_array(st_attr *v) {
	/* st_attr_type() has no answer for arrays: their element type is kept
	 * in the shared dense layout. */
	return st_attr_get_kind(v) == ST_ATTR_DENSE_ARRAY &&
	       st_type_is_signless_integer(((const st__dense_attr *)v)->type, 32);
}

/* Only the shape MLIR 14 wrote is converted: a one-dimensional i32 vector
 * or tensor.  Anything else stays as it is, for the verifier to judge. */
static bool is_i32_dense_1d(st_attr *v) {
	if (st_attr_get_kind(v) != ST_ATTR_DENSE_ELEMENTS)
		return false;
	st_type *t = st_attr_type(v);
	st_type_kind k = st_type_get_kind(t);
	return (k == ST_TYPE_VECTOR || k == ST_TYPE_RANKED_TENSOR) && st_type_rank(t) == 1 &&
	       st_type_is_signless_integer(st_type_element(t), 32);
}

static bool is_i64_form(st_mlir14_form f) { return f == ST_MLIR14_I64_ARRAY || f == ST_MLIR14_I64_ARRAY_SIZES; }

/* array<i64: ..> -> [.. : i64 integers], and back: the static offsets,
 * sizes and strides of memref.subview and friends. */
static st_attr *i64_array_to_list(st_context *ctx, st_attr *v, st_mlir14_form f) {
	size_t n = st_attr_dense_array_size(v);
	st_attr *small[16];
	st_attr **elts = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *elts);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	if (!elts || !i64)
		return NULL;
	st_attr *a = NULL;
	size_t i = 0;
	for (; i < n; i++) {
		int64_t x = st_attr_dense_array_int(v, i);
		if (f == ST_MLIR14_I64_ARRAY_SIZES && x == ST_DYNAMIC)
			x = -1;
		if (!(elts[i] = st_integer_attr(ctx, i64, x)))
			break;
	}
	if (i == n)
		a = st_array_attr(ctx, n, elts);
	if (elts != small)
		st_ctx_free(ctx, elts, n * sizeof *elts);
	return a;
}

static bool is_i64_list(st_attr *v) {
	if (st_attr_get_kind(v) != ST_ATTR_ARRAY)
		return false;
	for (size_t i = 0; i < st_attr_array_size(v); i++) {
		st_attr *e = st_attr_array_elt(v, i);
		if (st_attr_get_kind(e) != ST_ATTR_INTEGER || !st_type_is_signless_integer(st_attr_type(e), 64))
			return false;
	}
	return true;
}

static st_attr *list_to_i64_array(st_context *ctx, st_attr *v, st_mlir14_form f) {
	size_t n = st_attr_array_size(v);
	int64_t small[16];
	int64_t *vals = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *vals);
	if (!vals)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		vals[i] = st_attr_int_value(st_attr_array_elt(v, i));
		if (f == ST_MLIR14_I64_ARRAY_SIZES && vals[i] == -1)
			vals[i] = ST_DYNAMIC;
	}
	st_attr *a = st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, vals);
	if (vals != small)
		st_ctx_free(ctx, vals, n * sizeof *vals);
	return a;
}

static bool is_i64_dense_array(st_attr *v) {
	return st_attr_get_kind(v) == ST_ATTR_DENSE_ARRAY &&
	       st_type_is_signless_integer(((const st__dense_attr *)v)->type, 64);
}

/* Attribute `a` of op `op` (current op name) as MLIR 14 spelled it: its old
 * name, and the dense elements MLIR 14 stored where the current spelling
 * has a dense array.  The value is NULL when memory ran out. */
st_named_attr st__mlir14_attr_export(st_context *ctx, const st_opdef *op, st_named_attr a) {
	const st_mlir14_attr *r = find_attr_row(op, st_ident_cstr(a.name), false);
	if (!r)
		return a;
	if (is_i64_form(r->form)) {
		if (is_i64_dense_array(a.value))
			a.value = i64_array_to_list(ctx, a.value, r->form);
	} else if (r->form != ST_MLIR14_SAME && is_i32_array(a.value)) {
		a.value = array_to_dense(ctx, a.value, r->form);
	}
	if (strcmp(r->old_name, r->new_name) != 0) {
		st_ident *id = st_ident_get_c(ctx, r->old_name);
		if (!id)
			a.value = NULL;
		a.name = id;
	}
	return a;
}

/* The inverse: attribute `a`, as read from MLIR 14 text, of op `op`
 * (already mapped to its current name) in the current spelling. */
static st_named_attr attr_import(st_context *ctx, const st_opdef *op, st_named_attr a) {
	const st_mlir14_attr *r = find_attr_row(op, st_ident_cstr(a.name), true);
	if (!r)
		return a;
	if (is_i64_form(r->form)) {
		if (is_i64_list(a.value))
			a.value = list_to_i64_array(ctx, a.value, r->form);
	} else if (r->form != ST_MLIR14_SAME && is_i32_dense_1d(a.value)) {
		a.value = dense_to_array(ctx, a.value);
	}
	if (strcmp(r->old_name, r->new_name) != 0) {
		st_ident *id = st_ident_get_c(ctx, r->new_name);
		if (!id)
			a.value = NULL;
		a.name = id;
	}
	return a;
}

/* All `n` attributes of an op named `op` (current op name), as read from
 * MLIR 14 text, converted in place.  A renamed attribute may now collide
 * with one that was written under the current name (`type` next to
 * `function_type`): ST_FAIL with *dup the index of the second of the two,
 * for the parser to report; ST_FAIL with *dup == n when memory ran out. */
st_status st__mlir14_import_attrs(st_context *ctx, const st_opdef *op, size_t n, st_named_attr *attrs, size_t *dup) {
	*dup = n;
	for (size_t i = 0; i < n; i++) {
		st_ident *before = attrs[i].name;
		attrs[i] = attr_import(ctx, op, attrs[i]);
		if (!attrs[i].value)
			return ST_FAIL;
		if (attrs[i].name == before)
			continue;
		for (size_t j = 0; j < n; j++)
			if (j != i && attrs[j].name == attrs[i].name) {
				*dup = i > j ? i : j;
				return ST_FAIL;
			}
	}
	return ST_OK;
}
