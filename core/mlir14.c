/* MLIR 14 spellings (the version Debian ships), for `--mlir14`: op names
 * that moved dialects or were renamed since, and attributes whose name or
 * stored form changed.  The parser maps MLIR 14 to the current spelling as
 * it reads, the printer maps back as it writes; both go through the tables
 * below, so one row here is all a new difference needs.  The user-facing
 * list is docs/mlir14-compat.md; keep the two in step. */
#include "parser_internal.h"

/* Ops: MLIR 14 name <-> current name.  Every row is a pure rename: same
 * operands, results, regions, successors and semantics. */
static const struct {
	const char *old_name, *new_name;
} op_names[] = {
	/* func was builtin.func until LLVM 15; its terminator and calls were std. */
	{"builtin.func", "func.func"},
	{"std.return", "func.return"},
	{"std.call", "func.call"},
	{"std.call_indirect", "func.call_indirect"},
	{"std.constant", "func.constant"},
	/* The branch ops moved to cf in LLVM 15. */
	{"std.br", "cf.br"},
	{"std.cond_br", "cf.cond_br"},
	{"std.switch", "cf.switch"},
	{"std.assert", "cf.assert"},
	/* select moved to arith in LLVM 15. */
	{"std.select", "arith.select"},
	/* maxf/minf were renamed in LLVM 17; MLIR 14's semantics (NaN wins,
	 * -0.0 < +0.0) are those of maximumf/minimumf. */
	{"arith.maxf", "arith.maximumf"},
	{"arith.minf", "arith.minimumf"},
};

#define N_OPS (sizeof op_names / sizeof op_names[0])

/* How an attribute's value is stored. */
typedef enum form {
	SAME,         /* the same attribute, at most renamed */
	DENSE_VECTOR, /* array<i32: ..> now; dense<..> : vector<Nxi32> in 14 */
	DENSE_TENSOR, /* array<i32: ..> now; dense<..> : tensor<Nxi32> in 14 */
} form;

/* Attributes: `op` is the current op name, NULL for every op. */
static const struct {
	const char *op, *old_name, *new_name;
	form form;
} attr_rows[] = {
	{"func.func", "type", "function_type", SAME},
	/* AttrSizedOperandSegments / AttrSizedResultSegments. */
	{NULL, "operand_segment_sizes", "operandSegmentSizes", DENSE_VECTOR},
	{NULL, "result_segment_sizes", "resultSegmentSizes", DENSE_VECTOR},
	/* std.switch stored its per-case operand counts as an I32ElementsAttr,
	 * which MLIR 14 printed with a tensor type. */
	{"cf.switch", "case_operand_segments", "case_operand_segments", DENSE_TENSOR},
};

#define N_ATTRS (sizeof attr_rows / sizeof attr_rows[0])

/* A quick no for the names no row starts with: the parser asks for every
 * generic op it reads. */
static bool may_be_renamed(const char *s, size_t n) {
	if (n < 5) /* cf.br */
		return false;
	switch (s[0]) {
	case 'a': /* arith. */
	case 'b': /* builtin. */
	case 'c': /* cf. */
	case 'f': /* func. */
	case 's': /* std. */
		return true;
	default:
		return false;
	}
}

const char *st__mlir14_to_current(st_str name) {
	if (!may_be_renamed(name.data, name.len))
		return NULL;
	for (size_t i = 0; i < N_OPS; i++)
		if (st_str_eq_c(name, op_names[i].old_name))
			return op_names[i].new_name;
	return NULL;
}

const char *st__current_to_mlir14(const char *name) {
	if (!may_be_renamed(name, strlen(name)))
		return NULL;
	for (size_t i = 0; i < N_OPS; i++)
		if (strcmp(name, op_names[i].new_name) == 0)
			return op_names[i].old_name;
	return NULL;
}

static bool row_applies(size_t i, const char *op) { return !attr_rows[i].op || strcmp(attr_rows[i].op, op) == 0; }

/* The row for attribute `attr` of op `op`, named in MLIR 14's spelling
 * (`old`) or the current one; -1 when none. */
static long find_attr_row(const char *op, const char *attr, bool old) {
	for (size_t i = 0; i < N_ATTRS; i++)
		if (row_applies(i, op) && strcmp(old ? attr_rows[i].old_name : attr_rows[i].new_name, attr) == 0)
			return (long)i;
	return -1;
}

/* The MLIR 14 name of attribute `attr` of op `op` (current spelling), or
 * NULL when unchanged. */
const char *st__mlir14_attr_name(const char *op, const char *attr);
const char *st__mlir14_attr_name(const char *op, const char *attr) {
	long r = find_attr_row(op, attr, false);
	return r >= 0 && strcmp(attr_rows[r].old_name, attr) != 0 ? attr_rows[r].old_name : NULL;
}

/* The current name of MLIR 14 attribute `attr` of op `op` (current op
 * spelling), or NULL when unchanged. */
const char *st__mlir14_attr_to_current(const char *op, const char *attr);
const char *st__mlir14_attr_to_current(const char *op, const char *attr) {
	long r = find_attr_row(op, attr, true);
	return r >= 0 && strcmp(attr_rows[r].new_name, attr) != 0 ? attr_rows[r].new_name : NULL;
}

/* array<i32: ..> -> dense<..> : vector<Nxi32> or tensor<Nxi32>. */
static st_attr *array_to_dense(st_context *ctx, st_attr *v, form f) {
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
	             : f == DENSE_VECTOR ? st_vector_type(ctx, 1, &shape, NULL, i32)
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

/* Attribute `a` of op `op` (current op name) as MLIR 14 spelled it: its old
 * name, and the dense elements MLIR 14 stored where the current spelling
 * has a dense array.  The value is NULL when memory ran out. */
st_named_attr st__mlir14_attr_export(st_context *ctx, const char *op, st_named_attr a);
st_named_attr st__mlir14_attr_export(st_context *ctx, const char *op, st_named_attr a) {
	long r = find_attr_row(op, st_ident_cstr(a.name), false);
	if (r < 0)
		return a;
	if (attr_rows[r].form != SAME && is_i32_array(a.value))
		a.value = array_to_dense(ctx, a.value, attr_rows[r].form);
	if (strcmp(attr_rows[r].old_name, attr_rows[r].new_name) != 0) {
		st_ident *id = st_ident_get_c(ctx, attr_rows[r].old_name);
		if (!id)
			a.value = NULL;
		a.name = id;
	}
	return a;
}

/* The inverse: attribute `a`, as read from MLIR 14 text, of op `op`
 * (already mapped to its current name) in the current spelling. */
st_named_attr st__mlir14_attr_import(st_context *ctx, const char *op, st_named_attr a);
st_named_attr st__mlir14_attr_import(st_context *ctx, const char *op, st_named_attr a) {
	long r = find_attr_row(op, st_ident_cstr(a.name), true);
	if (r < 0)
		return a;
	if (attr_rows[r].form != SAME && is_i32_dense_1d(a.value))
		a.value = dense_to_array(ctx, a.value);
	if (strcmp(attr_rows[r].old_name, attr_rows[r].new_name) != 0) {
		st_ident *id = st_ident_get_c(ctx, attr_rows[r].new_name);
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
st_status st__mlir14_import_attrs(st_context *ctx, const char *op, size_t n, st_named_attr *attrs, size_t *dup);
st_status st__mlir14_import_attrs(st_context *ctx, const char *op, size_t n, st_named_attr *attrs, size_t *dup) {
	*dup = n;
	for (size_t i = 0; i < n; i++) {
		st_ident *before = attrs[i].name;
		attrs[i] = st__mlir14_attr_import(ctx, op, attrs[i]);
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
