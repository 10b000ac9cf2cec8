/* The layer ops of the codelet library: reading them into an
 * st_codelet_layer_info (the roles of the operands' dimensions, extents,
 * strides, padding), checking them, counting their work, and building
 * them.  Their semantics are in codelet_layers_interp.c. */
#include "codelet_internal.h"

#include "strata/limit.h"

#include <stdio.h>
#include <string.h>

static const char *const layer_names[] = {"", "gemm", "conv2d", "depthwise", "pool", "eltwise", "requant"};
static const char *const eltwise_names[] = {"add", "sub", "mul", "max", "min", "shrsi", "shli", "relu", "andi"};

const char *st_codelet_layer_name(st_codelet_layer k) {
	return (unsigned)k < ST__CDLT_N(layer_names) ? layer_names[k] : "";
}
const char *st_codelet_eltwise_name(st_codelet_eltwise_kind k) {
	return (unsigned)k < ST__CDLT_N(eltwise_names) ? eltwise_names[k] : "";
}

/* Called on every op the interpreter runs when a target counts work
 * (backends/common/reference.c), so it compares names without formatting
 * any: a snprintf per layer kind made the reference run of a k-means
 * spend half its time here. */
static st_codelet_layer kind_of(const st_op *op) {
	const char *name = op ? st_op_name_cstr(op) : "";
	if (strncmp(name, "codelet.", 8) != 0)
		return ST_CODELET_NOT_LAYER;
	for (size_t k = 1; k < ST__CDLT_N(layer_names); k++)
		if (strcmp(name + 8, layer_names[k]) == 0)
			return (st_codelet_layer)k;
	return ST_CODELET_NOT_LAYER;
}

/* The role attributes of each operand and the number of canonical
 * dimensions they have. */
static const char *const gemm_dims[] = {"a_dims", "b_dims", "c_dims"};
static const char *const conv_dims[] = {"input_dims", "weights_dims", "output_dims"};
static const char *const pool_dims[] = {"input_dims", "output_dims", NULL};

static size_t canonical_count(st_codelet_layer k, size_t operand) {
	switch (k) {
	case ST_CODELET_GEMM:
		return 2;
	case ST_CODELET_CONV2D:
	case ST_CODELET_POOL:
		return 4;
	case ST_CODELET_DEPTHWISE:
		return operand == 1 ? 3 : 4;
	default:
		return 0;
	}
}

static const char *const *role_attrs(st_codelet_layer k) {
	switch (k) {
	case ST_CODELET_GEMM:
		return gemm_dims;
	case ST_CODELET_CONV2D:
	case ST_CODELET_DEPTHWISE:
		return conv_dims;
	case ST_CODELET_POOL:
		return pool_dims;
	default:
		return NULL;
	}
}

static void read_pair(const st_op *op, const char *name, int64_t dflt, int64_t *out) {
	st_attr *a = st_op_get_attr(op, name);
	out[0] = out[1] = dflt;
	if (a && st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY && st_attr_dense_array_size(a) == 2) {
		out[0] = st_attr_dense_array_int(a, 0);
		out[1] = st_attr_dense_array_int(a, 1);
	}
}

bool st_codelet_layer_get(const st_op *op, st_codelet_layer_info *out) {
	memset(out, 0, sizeof *out);
	out->kind = kind_of(op);
	if (out->kind == ST_CODELET_NOT_LAYER)
		return false;
	out->noperands = st_op_num_operands(op);
	const char *const *roles = role_attrs(out->kind);
	for (size_t i = 0; roles && i < 3 && i < out->noperands && roles[i]; i++) {
		size_t nc = canonical_count(out->kind, i);
		st_type *t = st_value_type(st_op_operand(op, i));
		size_t rank = st_type_get_kind(t) == ST_TYPE_MEMREF ? st_type_rank(t) : 0;
		st_attr *a = st_op_get_attr(op, roles[i]);
		for (size_t j = 0; j < 4; j++) {
			out->dims[i][j] = -1;
			out->ext[i][j] = 1;
		}
		for (size_t j = 0; j < nc; j++) {
			int d = (int)j - (int)(nc - rank);
			if (a && st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY && st_attr_dense_array_size(a) == nc)
				d = (int)st_attr_dense_array_int(a, j);
			out->dims[i][j] = d >= 0 && (size_t)d < rank ? d : -1;
			if (out->dims[i][j] >= 0)
				out->ext[i][j] = st_type_dim(t, (size_t)out->dims[i][j]);
		}
	}
	read_pair(op, "strides", 1, out->strides);
	read_pair(op, "pads", 0, out->pads);
	read_pair(op, "window", 1, out->window);
	out->accumulate = st_op_get_attr(op, "accumulate") != NULL;
	out->pool = (int)st__codelet_int_attr(op, "kind", 0);
	out->eltwise = (int)st__codelet_int_attr(op, "kind", 0);
	out->has_imm = st_op_get_attr(op, "imm") != NULL;
	out->imm = st__codelet_int_attr(op, "imm", 0);
	out->scale = st__codelet_int_attr(op, "scale", 1);
	out->shift = st__codelet_int_attr(op, "shift", 0);
	out->zero_point = st__codelet_int_attr(op, "zero_point", 0);
	return true;
}

static st_walk_result count_layer(st_op *op, void *ud) {
	if (st_codelet_layer_get(op, &(st_codelet_layer_info){0}))
		(*(size_t *)ud)++;
	return ST_WALK_ADVANCE;
}

static st_walk_result collect_layer(st_op *op, void *ud) {
	st_op ***end = ud;
	if (st_codelet_layer_get(op, &(st_codelet_layer_info){0}))
		*(*end)++ = op;
	return ST_WALK_ADVANCE;
}

st_op **st_codelet_layer_ops(st_op *root, size_t *n) {
	*n = 0;
	st_walk(root, ST_WALK_PRE, count_layer, n);
	st_op **ops = *n ? st_ctx_alloc(st_op_context(root), *n * sizeof *ops) : NULL, **end = ops;
	if (ops)
		st_walk(root, ST_WALK_PRE, collect_layer, &end);
	return ops;
}

/* The product of n extents, INT64_MAX when it overflows. */
static int64_t product(const int64_t *v, size_t n) {
	int64_t p = 1;
	for (size_t i = 0; i < n; i++)
		if (!st_mul_size(p, v[i], &p))
			return INT64_MAX;
	return p;
}

int64_t st_codelet_layer_work(const st_codelet_layer_info *l) {
	const int64_t(*e)[4] = l->ext;
	switch (l->kind) {
	case ST_CODELET_GEMM:
		return product((const int64_t[]){e[0][0], e[0][1], e[1][1]}, 3);
	case ST_CODELET_CONV2D:
		return product((const int64_t[]){e[2][0], e[2][1], e[2][2], e[2][3], e[1][0], e[1][1], e[1][2]}, 7);
	case ST_CODELET_DEPTHWISE:
		return product((const int64_t[]){e[2][0], e[2][1], e[2][2], e[2][3], e[1][0], e[1][1]}, 6);
	case ST_CODELET_POOL:
		return product((const int64_t[]){e[1][0], e[1][1], e[1][2], e[1][3], l->window[0], l->window[1]}, 6);
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ verify */

static st_status check_roles(st_op *op, const st_codelet_layer_info *l) {
	const char *const *roles = role_attrs(l->kind);
	for (size_t i = 0; roles && i < 3 && i < l->noperands && roles[i]; i++) {
		size_t nc = canonical_count(l->kind, i);
		st_type *t = st_value_type(st_op_operand(op, i));
		size_t rank = st_type_rank(t);
		st_attr *a = st_op_get_attr(op, roles[i]);
		if (a && st_attr_dense_array_size(a) != nc)
			return st_op_error(op, "`%s` needs %zu entries (one per canonical dimension)", roles[i], nc);
		if (!a && rank > nc)
			return st_op_error(op, "operand %zu has %zu dimensions, more than the layer's %zu", i, rank, nc);
		/* Every memref dimension has exactly one role. */
		size_t seen = 0;
		for (size_t j = 0; j < nc; j++) {
			int64_t d = a ? st_attr_dense_array_int(a, j) : (int64_t)j - (int64_t)(nc - rank);
			if (a && (d < -1 || d >= (int64_t)rank))
				return st_op_error(op, "`%s` names dimension %lld of an operand with %zu", roles[i], (long long)d, rank);
			if (d >= 0) {
				if (seen & ((size_t)1 << d))
					return st_op_error(op, "`%s` gives dimension %lld two roles", roles[i], (long long)d);
				seen |= (size_t)1 << d;
			}
		}
		if (seen != ((size_t)1 << rank) - 1)
			return st_op_error(op, "`%s` leaves a dimension of operand %zu without a role", roles ? roles[i] : "", i);
	}
	return ST_OK;
}

static st_status same(st_op *op, int64_t a, int64_t b, const char *what) {
	if (a != b)
		return st_op_error(op, "%s differ: %lld and %lld", what, (long long)a, (long long)b);
	return ST_OK;
}

static bool same_shape(st_type *a, st_type *b) {
	if (st_type_rank(a) != st_type_rank(b))
		return false;
	for (size_t d = 0; d < st_type_rank(a); d++)
		if (st_type_dim(a, d) != st_type_dim(b, d))
			return false;
	return true;
}

st_status st__codelet_verify_layer(st_op *op) {
	st_codelet_layer_info l;
	if (!st_codelet_layer_get(op, &l))
		return ST_OK; /* only layer ops have this hook */
	for (size_t i = 0; i < l.noperands; i++) {
		st_type *t = st_value_type(st_op_operand(op, i));
		if (st_type_num_elements_static(t) < 0 || st_type_rank(t) > 4 || st_type_memref_layout(t))
			return st_op_error(op, "operand %zu must be a memref of static shape, at most 4 dimensions, no layout", i);
		st_type *e = st_type_element(t);
		if (!st_type_is_integer(e) || st_type_int_width(e) > 32)
			return st_op_error(op, "layers work on integers of up to 32 bits (operand %zu)", i);
	}
	if (st_failed(check_roles(op, &l)))
		return ST_FAIL;
	const int64_t(*e)[4] = l.ext;
	if (l.strides[0] < 1 || l.strides[1] < 1)
		return st_op_error(op, "strides must be positive");
	if (l.pads[0] < 0 || l.pads[1] < 0)
		return st_op_error(op, "pads must not be negative");
	switch (l.kind) {
	case ST_CODELET_GEMM:
		if (st_failed(same(op, e[0][0], e[2][0], "the rows (m) of A and C")) ||
		    st_failed(same(op, e[0][1], e[1][0], "the inner dimensions (k) of A and B")) ||
		    st_failed(same(op, e[1][1], e[2][1], "the columns (n) of B and C")))
			return ST_FAIL;
		return ST_OK;
	case ST_CODELET_CONV2D:
	case ST_CODELET_DEPTHWISE: {
		bool dw = l.kind == ST_CODELET_DEPTHWISE;
		if (st_failed(same(op, e[0][0], e[2][0], "the batches (n) of input and output")) ||
		    st_failed(same(op, e[0][3], e[1][2], "the input channels (c) of input and weights")) ||
		    st_failed(same(op, dw ? e[1][2] : e[1][3], e[2][3], "the output channels of weights and output")))
			return ST_FAIL;
		return ST_OK;
	}
	case ST_CODELET_POOL:
		if (l.window[0] < 1 || l.window[1] < 1)
			return st_op_error(op, "the window must be positive");
		if (st_failed(same(op, e[0][0], e[1][0], "the batches (n) of input and output")) ||
		    st_failed(same(op, e[0][3], e[1][3], "the channels (c) of input and output")))
			return ST_FAIL;
		if (st_type_element(st_value_type(st_op_operand(op, 0))) != st_type_element(st_value_type(st_op_operand(op, 1))))
			return st_op_error(op, "pooling keeps the element type");
		return ST_OK;
	case ST_CODELET_ELTWISE: {
		bool unary = l.eltwise == ST_CODELET_RELU;
		size_t want = unary || l.has_imm ? 2 : 3;
		if (unary && l.has_imm)
			return st_op_error(op, "relu takes no immediate");
		if (l.noperands != want)
			return st_op_error(op, "'%s' takes %zu operands here (the output last), not %zu",
			                   st_codelet_eltwise_name((st_codelet_eltwise_kind)l.eltwise), want, l.noperands);
		for (size_t i = 1; i < l.noperands; i++)
			if (!same_shape(st_value_type(st_op_operand(op, 0)), st_value_type(st_op_operand(op, i))))
				return st_op_error(op, "element-wise operands must have one shape");
		return ST_OK;
	}
	case ST_CODELET_REQUANT:
		if (!same_shape(st_value_type(st_op_operand(op, 0)), st_value_type(st_op_operand(op, 1))))
			return st_op_error(op, "input and output must have one shape");
		if (l.shift < 0 || l.shift > 31)
			return st_op_error(op, "the shift must be within 0..31");
		return ST_OK;
	default:
		return ST_OK;
	}
}

/* ----------------------------------------------------------------- builder */

static st_attr *i64_array(st_context *ctx, size_t n, const int64_t *v) {
	return st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, v);
}

st_op *st__codelet_build_layer_op(st_builder *b, const st_codelet_layer_info *info, size_t n, st_value *const *operands) {
	st_context *ctx = b->ctx;
	char name[32];
	snprintf(name, sizeof name, "codelet.%s", st_codelet_layer_name(info->kind));
	st_named_attr attrs[12];
	size_t na = 0;
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
#define ADD_ATTR(nm, v) (attrs[na].name = st_ident_get_c(ctx, nm), attrs[na].value = (v), na++)
	const char *const *roles = role_attrs(info->kind);
	for (size_t i = 0; roles && i < 3 && i < n && roles[i]; i++) {
		size_t nc = canonical_count(info->kind, i), rank = st_type_rank(st_value_type(operands[i]));
		int64_t d[4];
		bool dflt = true;
		for (size_t j = 0; j < nc; j++) {
			d[j] = info->dims[i][j];
			int64_t natural = (int64_t)j - (int64_t)(nc - rank);
			dflt = dflt && d[j] == (natural >= 0 ? natural : -1);
		}
		if (!dflt)
			ADD_ATTR(roles[i], i64_array(ctx, nc, d));
	}
	bool windowed = info->kind == ST_CODELET_CONV2D || info->kind == ST_CODELET_DEPTHWISE || info->kind == ST_CODELET_POOL;
	if (windowed && (info->strides[0] != 1 || info->strides[1] != 1))
		ADD_ATTR("strides", i64_array(ctx, 2, info->strides));
	if (windowed && (info->pads[0] || info->pads[1]))
		ADD_ATTR("pads", i64_array(ctx, 2, info->pads));
	if (info->kind == ST_CODELET_POOL) {
		ADD_ATTR("window", i64_array(ctx, 2, info->window));
		ADD_ATTR("kind", st_integer_attr(ctx, i64, info->pool));
	}
	if (info->accumulate && (info->kind == ST_CODELET_GEMM || info->kind == ST_CODELET_CONV2D ||
	                         info->kind == ST_CODELET_DEPTHWISE))
		ADD_ATTR("accumulate", st_unit_attr(ctx));
	if (info->kind == ST_CODELET_ELTWISE) {
		ADD_ATTR("kind", st_integer_attr(ctx, i64, info->eltwise));
		if (info->has_imm)
			ADD_ATTR("imm", st_integer_attr(ctx, i64, info->imm));
	}
	if (info->kind == ST_CODELET_REQUANT) {
		ADD_ATTR("scale", st_integer_attr(ctx, i64, info->scale));
		ADD_ATTR("shift", st_integer_attr(ctx, i64, info->shift));
		if (info->zero_point)
			ADD_ATTR("zero_point", st_integer_attr(ctx, i64, info->zero_point));
	}
#undef ADD_ATTR
	return st_build_op(b, name, n, operands, 0, NULL, st_dict_attr(ctx, na, attrs), 0);
}
